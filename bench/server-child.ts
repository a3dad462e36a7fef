/**
 * A server run as a child process by the benchmark, so the app and the hello-world baseline
 * are started, loaded and measured the same way.
 *   node --import tsx bench/server-child.ts hello   a bare Fastify hello world
 *   node --import tsx bench/server-child.ts app     buildApp on DATA_DIR (SQLite), quiet
 * Over IPC it answers `{type: 'memory'}` with its own process.memoryUsage().
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';

async function main() {
  const mode = process.argv[2];
  let app: FastifyInstance;
  if (mode === 'hello') {
    app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
  } else if (mode === 'app') {
    const dataDir = process.env.DATA_DIR;
    const jwtSecret = process.env.JWT_SECRET;
    if (!dataDir || !jwtSecret) throw new Error('DATA_DIR and JWT_SECRET are required');
    app = await buildApp({
      dataDir,
      jwtSecret,
      adminPassword: process.env.ADMIN_PASSWORD,
      seedDemo: true,
      logger: false,
      // The benchmark logs in a handful of times; the limit itself is not what it measures.
      authRateLimit: 1000,
    });
  } else {
    throw new Error(`unknown mode ${mode ?? '(none)'}; use hello or app`);
  }
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'memory') process.send?.(process.memoryUsage());
  });
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
