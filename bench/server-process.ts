import { type ChildProcess, spawn } from 'node:child_process';
import { pinnedServerCommand } from './cpu-pinning';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** The repository root, where entries are resolved and `node --import tsx` resolves from. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A port nobody listens on right now (the kernel picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything the process wrote so far, for failure messages. */
  output(): string;
  /** SIGKILL: no shutdown hook runs. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after a grace period. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The script to run, relative to the repository root. */
  entry: string;
  /**
   * Runs `entry` under the tsx loader (the default, for TypeScript from source); false runs a
   * compiled .js entry with plain node, as production does, without the loader's memory.
   */
  tsx?: boolean;
  args?: string[];
  /** Extra node flags, e.g. `--cpu-prof` while looking into a figure. */
  nodeArgs?: string[];
  env?: Record<string, string | undefined>;
  /** An IPC channel to the child, for figures it measures itself. */
  ipc?: boolean;
  /** Path polled until it answers, e.g. `/api/v1/health`. */
  readyPath?: string;
  /** On the benchmark's server core, away from the load generator (bench/cpu-pinning.ts). */
  pinned?: boolean;
  timeoutMs?: number;
}

/**
 * Starts a server script as a child process on a free 127.0.0.1 port (passed as PORT and HOST)
 * and resolves once it answers `readyPath`.
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const port = await freePort();
  const loader = options.tsx === false ? [] : ['--import', 'tsx'];
  const nodeArgs = [...(options.nodeArgs ?? []), ...loader, options.entry, ...(options.args ?? [])];
  const [command, args] = options.pinned
    ? pinnedServerCommand(process.execPath, nodeArgs)
    : [process.execPath, nodeArgs];
  const child = spawn(command, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      // Limits counted in a shared Redis would carry over from one test's server to the next
      // (ids and names repeat across fresh databases): a child uses Redis only when told to.
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  const readyPath = options.readyPath ?? '/api/v1/health';
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${options.entry} exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${log}`,
      );
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.entry} did not answer ${readyPath} in time:\n${log}`);
    }
    try {
      const response = await fetch(url + readyPath, { signal: AbortSignal.timeout(2000) });
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const signal = async (name: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(name);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    child,
    port,
    url,
    output: () => log,
    kill: () => signal('SIGKILL', 0),
    stop: () => signal('SIGTERM', 5000),
  };
}

/** Asks a child started with `ipc: true` a question and waits for its answer. */
export async function askChild<T>(
  child: ChildProcess,
  message: { type: string },
  timeoutMs = 10_000,
): Promise<T> {
  const answer = new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer to ${message.type}`)), timeoutMs);
    child.once('message', (reply) => {
      clearTimeout(timer);
      resolve(reply as T);
    });
  });
  child.send(message);
  return answer;
}

export interface MainOptions {
  dataDir: string;
  jwtSecret: string;
  adminPassword: string;
  /** postgres:// URL and schema; SQLite in dataDir without them. */
  databaseUrl?: string | undefined;
  pgSchema?: string | undefined;
  seedDemo?: boolean;
}

/** The real server (server/main.ts) as a child process, configured through its environment. */
export function startMain(options: MainOptions): Promise<ServerProcess> {
  return startServer({
    entry: 'server/main.ts',
    env: {
      DATA_DIR: options.dataDir,
      JWT_SECRET: options.jwtSecret,
      ADMIN_PASSWORD: options.adminPassword,
      SEED_DEMO: String(options.seedDemo ?? true),
      DATABASE_URL: options.databaseUrl ?? '',
      PG_SCHEMA: options.pgSchema ?? '',
      LOG_LEVEL: 'warn',
    },
  });
}

/** Runs one statement on its own connection to `databaseUrl`, closed again whatever happens. */
export async function queryPostgres(
  databaseUrl: string,
  text: string,
  values?: unknown[],
): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** A fresh PostgreSQL schema for one test or benchmark, named after `prefix`. */
export async function createPgSchema(databaseUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  await queryPostgres(databaseUrl, `create schema ${name}`);
  return name;
}

export async function dropPgSchema(databaseUrl: string, name: string): Promise<void> {
  await queryPostgres(databaseUrl, `drop schema if exists ${name} cascade`);
}

export interface Deployment {
  options: MainOptions;
  /** Removes the data directory and the PostgreSQL schema. */
  remove(): Promise<void>;
}

/**
 * A place for a server's data: a temporary DATA_DIR, and a fresh schema on `databaseUrl` when
 * given (the DATA_DIR still holds backups then).
 */
export async function createDeployment(
  label: string,
  databaseUrl: string | undefined,
  secrets: { jwtSecret: string; adminPassword: string },
  seedDemo = true,
): Promise<Deployment> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `trainer-${label}-`));
  const pgSchema = databaseUrl
    ? await createPgSchema(databaseUrl, label.replace(/\W/g, '_'))
    : undefined;
  return {
    options: { dataDir, databaseUrl, pgSchema, seedDemo, ...secrets },
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
    },
  };
}
