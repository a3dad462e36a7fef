/**
 * The benchmark's baseline: a bare Fastify hello world, compiled and run exactly as the app's
 * child (bench/server-child.ts) is, and holding nothing else in memory. With FIXED_ANSWERS (a
 * JSON file of name to answer text) it also sends each of those answers as fixed bytes at
 * /fixed/<name>: what sending the app's answers costs Node and Fastify alone. /busy/<µs> answers
 * the hello world after that much CPU work.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { runChild, serveChild } from './serve-child';

runChild(async () => {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  // The hello world after `microseconds` of CPU work: what a little work per request costs.
  app.get<{ Params: { microseconds: string } }>('/busy/:microseconds', async (request) => {
    const until = process.hrtime.bigint() + BigInt(Number(request.params.microseconds) * 1000);
    while (process.hrtime.bigint() < until);
    return { hello: 'world' };
  });
  const answersFile = process.env.FIXED_ANSWERS;
  if (answersFile) {
    const answers = JSON.parse(readFileSync(answersFile, 'utf8')) as Record<string, string>;
    for (const [name, text] of Object.entries(answers)) {
      const bytes = Buffer.from(text);
      app.get(`/fixed/${name}`, (_request, reply) => {
        void reply.type('application/json; charset=utf-8').send(bytes);
      });
    }
  }
  await serveChild(app);
});
