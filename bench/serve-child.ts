import type { FastifyInstance } from 'fastify';

/**
 * Listens on PORT as a benchmark child: answers `{type: 'memory'}` over IPC with its own
 * process.memoryUsage(), and closes on SIGTERM.
 */
export async function serveChild(app: FastifyInstance): Promise<void> {
  process.on('message', (message: { type?: string }) => {
    if (message.type === 'memory') process.send?.(process.memoryUsage());
  });
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
  await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
}

/** Runs a child's main, exiting with its error. */
export function runChild(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
