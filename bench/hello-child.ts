/**
 * The benchmark's baseline: a bare Fastify hello world, compiled and run exactly as the app's
 * child (bench/server-child.ts) is, and holding nothing else in memory.
 */
import Fastify from 'fastify';
import { runChild, serveChild } from './serve-child';

runChild(async () => {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await serveChild(app);
});
