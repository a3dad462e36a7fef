import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { createDataDir } from './db/private-files';

/** Everything the server reads from its environment, checked once at start-up. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to work in (default: the connection's search_path). */
  pgSchema: string | undefined;
  /** Where the rate limits are counted, when not in the database. */
  redisUrl: string | undefined;
  /** Whose `X-Forwarded-For` to believe: none when the server faces the clients itself. */
  trustProxy: TrustedProxies | undefined;
  jwtSecret: string;
  adminPassword: string | undefined;
  seedDemo: boolean;
  logLevel: string;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and checks the environment, listing every bad key at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const problems: string[] = [];
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    problems.push(`PORT must be a port number, got "${env.PORT}"`);
  }
  const seed = (env.SEED_DEMO ?? 'true').toLowerCase();
  if (!['true', 'false', '1', '0', 'yes', 'no'].includes(seed)) {
    problems.push(`SEED_DEMO must be true or false, got "${env.SEED_DEMO}"`);
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// URL');
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters');
  }
  // A secret generated into DATA_DIR is this process's alone: every other process sharing the
  // database would refuse its tokens (and it theirs), so signing in would work by chance.
  if (databaseUrl && env.JWT_SECRET === undefined) {
    problems.push(
      'JWT_SECRET must be set with DATABASE_URL: every process serving one PostgreSQL database must sign and check tokens with the same secret (a generated one is per process)',
    );
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) {
    problems.push('REDIS_URL must be a redis:// or rediss:// URL');
  }
  const trustProxy = trustedProxiesOf(env.TRUST_PROXY);
  if (trustProxy === null) {
    problems.push(
      `TRUST_PROXY must be true, or the proxies' addresses or ranges separated by commas (10.0.0.1, 192.168.0.0/16, loopback), got "${env.TRUST_PROXY}"`,
    );
  }
  const pgSchema = env.PG_SCHEMA || undefined;
  if (pgSchema && !/^[a-z_][a-z0-9_]{0,62}$/.test(pgSchema)) {
    problems.push('PG_SCHEMA must be a lower-case SQL identifier');
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  if (problems.length > 0) {
    throw new Error(`Bad configuration:\n- ${problems.join('\n- ')}`);
  }
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    pgSchema,
    redisUrl,
    trustProxy: trustProxy ?? undefined,
    jwtSecret: env.JWT_SECRET ?? persistedSecret(dataDir),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: ['true', '1', 'yes'].includes(seed),
    logLevel,
  };
}

/**
 * The proxies in front of the server, whose `X-Forwarded-For` then names the client (the rate
 * limits count per client address): `true` (any), or addresses, ranges and proxy-addr's names
 * (`10.0.0.1, 192.168.0.0/16, loopback`). Undefined when unset; null when unreadable.
 */
export type TrustedProxies = true | string[];

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function trustedProxiesOf(value: string | undefined): TrustedProxies | undefined | null {
  const given = value?.trim() ?? '';
  if (given === '' || /^(false|no)$/i.test(given)) return undefined;
  if (/^(true|yes)$/i.test(given)) return true;
  const proxies = given.split(',').map((part) => part.trim());
  const readable = (proxy: string) => {
    if (PROXY_NAMES.includes(proxy)) return true;
    const [address = '', bits, ...rest] = proxy.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  };
  return proxies.every(readable) ? proxies : null;
}

/** A secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  createDataDir(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
