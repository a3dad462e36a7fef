/**
 * A server that stays up: PostgreSQL ending the app's connections (pg_terminate_backend, as a
 * restart or failover does) or going away for a while costs at most a few 503s, never the
 * process, and the app recovers by itself. `/health` reports whether the database takes writes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createPgSchema,
  dropPgSchema,
  freePort,
  queryPostgres,
  type ServerProcess,
  startServer,
} from '../../bench/server-process';
import { createTestApp, DATABASES, type TestApp } from './helpers';

const WRITE_REFUSED =
  'The database answers but does not store anything (a full disk, or read-only)';
const UNAVAILABLE = 'The database is unavailable; try again in a moment';

describe.each(DATABASES)('/health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** Makes every write to the probe row fail the way a full disk or read-only database does. */
  async function refuseWrites(): Promise<() => Promise<void>> {
    const db = t.database.db;
    if (kind === 'sqlite') {
      // The connection turns read-only: every write fails with SQLITE_READONLY.
      await sql`pragma query_only = 1`.execute(db);
      return async () => {
        await sql`pragma query_only = 0`.execute(db);
      };
    }
    // What PostgreSQL answers when it cannot extend a file: SQLSTATE 53100, disk_full.
    await sql`create function probe_disk_full() returns trigger language plpgsql as $$
      begin raise exception 'could not extend file: No space left on device'
        using errcode = 'disk_full'; end $$`.execute(db);
    await sql`create trigger probe_disk_full before update or insert on health_probe
      for each row execute function probe_disk_full()`.execute(db);
    return async () => {
      await sql`drop trigger probe_disk_full on health_probe`.execute(db);
      await sql`drop function probe_disk_full()`.execute(db);
    };
  }

  it('says ok when the database answers and stores the probe', async () => {
    const before = await t.database.db
      .selectFrom('health_probe')
      .select('checked_at')
      .executeTakeFirstOrThrow();
    const res = await t.api('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: kind, read: true, write: true });
    const after = await t.database.db
      .selectFrom('health_probe')
      .select('checked_at')
      .executeTakeFirstOrThrow();
    expect(after.checked_at).not.toBe(before.checked_at);
  });

  it('answers 503 degraded while writes fail, and ok again once they work', async () => {
    const restore = await refuseWrites();
    try {
      const res = await t.api('GET', '/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        status: 'degraded',
        database: kind,
        read: true,
        write: false,
        detail: WRITE_REFUSED,
      });
      const ru = await t.api('GET', '/health', { headers: { 'accept-language': 'ru' } });
      expect(ru.body.detail).toBe(
        'База данных отвечает, но ничего не сохраняет (диск заполнен или она только для чтения)',
      );
    } finally {
      await restore();
    }
    const res = await t.api('GET', '/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
  });

  it.runIf(kind === 'sqlite')(
    'refuses a write on a read-only or full database with 503 and a detail, not a 500',
    async () => {
      const db = t.database.db;
      await sql`pragma query_only = 1`.execute(db);
      try {
        const res = await t.api('POST', '/auth/register', {
          body: {
            username: 'readonly',
            email: 'readonly@example.com',
            password: 'pw-readonly',
            first_name: 'Read',
            last_name: 'Only',
          },
        });
        expect(res.status).toBe(503);
        expect(res.body).toEqual({ detail: UNAVAILABLE });
        expect(res.headers['retry-after']).toBe('5');
      } finally {
        await sql`pragma query_only = 0`.execute(db);
      }
      // A full disk: the file may not grow by a single page.
      const { page_count: pages } = (
        await sql<{ page_count: number }>`pragma page_count`.execute(db)
      ).rows[0] ?? { page_count: 0 };
      await sql.raw(`pragma max_page_count = ${pages}`).execute(db);
      try {
        let full: { status: number; body: unknown } | undefined;
        for (let i = 0; i < 200 && !full; i += 1) {
          const res = await t.api('POST', '/auth/register', {
            body: {
              username: `full${i}`,
              email: `full${i}-${'x'.repeat(150)}@example.com`,
              password: 'pw-full',
              first_name: 'Disk',
              last_name: 'Full',
            },
          });
          if (res.status >= 500) full = res;
        }
        expect(full).toEqual(
          expect.objectContaining({ status: 503, body: { detail: UNAVAILABLE } }),
        );
      } finally {
        await sql.raw('pragma max_page_count = 1073741823').execute(db);
      }
    },
  );
});

// The rest needs a PostgreSQL server whose connections can be ended (CI sets TEST_DATABASE_URL).
const POSTGRES = DATABASES.filter((kind) => kind === 'postgres');

interface Outcome {
  status: number;
  detail?: unknown;
}

/** Calls `url` over and over from `streams` loops until `stop()` is called; every answer kept. */
function load(urls: string[], streams: number) {
  const outcomes: Outcome[] = [];
  let running = true;
  const loops = Array.from({ length: streams }, async (_, stream) => {
    for (let i = 0; running; i += 1) {
      const url = urls[(stream + i) % urls.length] ?? '';
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
        const body = (await response.json()) as { detail?: unknown };
        outcomes.push({ status: response.status, detail: body.detail });
      } catch (error) {
        // No answer at all: the process died or hung.
        outcomes.push({ status: 0, detail: String(error) });
      }
    }
  });
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(POSTGRES)('the real server on %s losing its connections', () => {
  const databaseUrl = String(process.env.TEST_DATABASE_URL);
  let schema: string;
  let dataDir: string;
  let server: ServerProcess | undefined;
  let proxy: Proxy | undefined;
  const appName = `trainer_outage_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    schema = await createPgSchema(databaseUrl, 'outage');
  });
  afterEach(async () => {
    await server?.kill();
    server = undefined;
    await proxy?.stop();
    proxy = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  afterAll(() => dropPgSchema(databaseUrl, schema));

  const start = (url: string) => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-outage-'));
    return startServer({
      entry: 'server/main.ts',
      env: {
        DATA_DIR: dataDir,
        JWT_SECRET: 'outage-secret-that-is-long-enough-0123456',
        ADMIN_PASSWORD: 'outage-admin-password',
        SEED_DEMO: 'false',
        DATABASE_URL: url,
        PG_SCHEMA: schema,
        // node-postgres names its connections after PGAPPNAME: only this server's are ended.
        PGAPPNAME: appName,
        LOG_LEVEL: 'error',
      },
    });
  };

  /** Ends every connection this test's server holds, as a PostgreSQL restart would. */
  async function terminateAppConnections(): Promise<number> {
    const result = await queryPostgres(
      databaseUrl,
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [appName],
    );
    return result.rowCount ?? 0;
  }

  it('keeps serving through pg_terminate_backend mid-load, with at most a few 503s', async () => {
    server = await start(databaseUrl);
    const urls = [`${server.url}/api/v1/health`, `${server.url}/api/v1/settings?public_only=true`];
    const traffic = load(urls, 6);
    await sleep(800);
    let ended = 0;
    for (let round = 0; round < 3; round += 1) {
      ended += await terminateAppConnections();
      await sleep(600);
    }
    const outcomes = await traffic.stop();

    expect(ended).toBeGreaterThan(0);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
    const statuses = outcomes.map((outcome) => outcome.status);
    // Every answer is a success or a 503 with a detail: no 500, no dropped request.
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
    const refused = outcomes.filter((outcome) => outcome.status === 503);
    for (const outcome of refused) expect(outcome.detail).toEqual(expect.any(String));
    // An ended connection fails the request on it. node-postgres fails that query on the
    // server's FATAL message but only marks the client broken when the socket's end is read, so
    // the client can go back to the pool in between and fail one more request; then it is
    // dropped. A pool that kept handing out broken connections would refuse hundreds.
    expect(refused.length).toBeLessThanOrEqual(2 * ended);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(refused.length);
    // And nothing is left broken: the pool opened new connections.
    for (const url of urls) expect((await fetch(url)).status).toBe(200);
  }, 60_000);

  it('answers 503 with a detail while PostgreSQL is out of reach, then recovers by itself', async () => {
    const upstream = new URL(databaseUrl);
    proxy = await startProxy(Number(upstream.port || 5432), upstream.hostname);
    const viaProxy = new URL(databaseUrl);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await start(viaProxy.toString());
    const health = `${server.url}/api/v1/health`;
    const settings = `${server.url}/api/v1/settings?public_only=true`;
    expect((await fetch(settings)).status).toBe(200);

    await proxy.stop();
    for (const url of [health, settings, settings]) {
      const response = await fetch(url, { signal: AbortSignal.timeout(15_000) });
      expect(response.status).toBe(503);
      expect(((await response.json()) as { detail?: unknown }).detail).toEqual(expect.any(String));
    }
    expect(server.child.exitCode).toBeNull();

    await proxy.restart();
    const deadline = Date.now() + 15_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await fetch(settings)).status;
      if (status === 200) break;
      await sleep(200);
    }
    expect(status).toBe(200);
    expect((await fetch(health)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});

interface Proxy {
  port: number;
  /** Closes the port and cuts every connection through it, like a database host going away. */
  stop(): Promise<void>;
  /** Listens on the same port again. */
  restart(): Promise<void>;
}

/** A TCP relay to PostgreSQL that a test can cut and restore. */
async function startProxy(targetPort: number, targetHost: string): Promise<Proxy> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const listen = async () => {
    server = createServer((client) => {
      const upstream = connect(targetPort, targetHost);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
  };
  await listen();
  return {
    port,
    async stop() {
      if (!server) return;
      const closing = new Promise((resolve) => server?.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closing;
      server = undefined;
    },
    restart: listen,
  };
}
