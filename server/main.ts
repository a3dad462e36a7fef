import { buildApp } from './app';
import { loadConfig } from './config';

/** Starts the server: configuration, listening, and a graceful shutdown on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfig();
  const app = await buildApp({
    dataDir: config.dataDir,
    jwtSecret: config.jwtSecret,
    databaseUrl: config.databaseUrl,
    pgSchema: config.pgSchema,
    redisUrl: config.redisUrl,
    trustProxy: config.trustProxy,
    adminPassword: config.adminPassword,
    seedDemo: config.seedDemo,
    logger: { level: config.logLevel },
    onAdminCreated: (password) => {
      console.log(
        `\n  Administrator created: username "admin", password "${password}"\n  (shown once; set ADMIN_PASSWORD to choose it)\n`,
      );
    },
  });
  app.server.requestTimeout = 30_000;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Theory trainer at http://localhost:${config.port} (${config.databaseUrl ? 'PostgreSQL' : 'SQLite in ' + config.dataDir})`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
