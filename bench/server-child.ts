/**
 * The app as the benchmark runs it: buildApp on DATA_DIR (SQLite), or on DATABASE_URL and
 * PG_SCHEMA when given, quiet, as a child process compiled by bench/compile.ts into
 * build/bench/server-child.js and run with plain node, as `npm start` runs the server. Its
 * baseline twin is bench/hello-child.ts.
 */
import { buildApp } from '../server/app';
import { runChild, serveChild } from './serve-child';

runChild(async () => {
  const dataDir = process.env.DATA_DIR;
  const jwtSecret = process.env.JWT_SECRET;
  if (!dataDir || !jwtSecret) throw new Error('DATA_DIR and JWT_SECRET are required');
  const app = await buildApp({
    dataDir,
    jwtSecret,
    // PostgreSQL when given (the submission and capacity benchmarks), SQLite in DATA_DIR otherwise.
    databaseUrl: process.env.DATABASE_URL || undefined,
    pgSchema: process.env.PG_SCHEMA || undefined,
    adminPassword: process.env.ADMIN_PASSWORD,
    seedDemo: true,
    logger: false,
    // The benchmark logs in a handful of times (the capacity benchmark, thousands: it raises
    // this); the limit itself is not what it measures.
    authRateLimit: Number(process.env.BENCH_AUTH_RATE_LIMIT || 1000),
    // The submission case starts an exam session for every submission it will send.
    rateLimits: { sessionStart: { max: 1_000_000_000, windowMs: 60_000 } },
  });
  await serveChild(app);
});
