/**
 * Durability: the real server (node --import tsx server/main.ts) is killed with SIGKILL while
 * exam submissions stream in; after a restart on the same data, every submission it
 * acknowledged (201 with an id) is there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { apiClient, examBody, login, registerLearner } from '../../bench/api';
import {
  createDeployment,
  type Deployment,
  type ServerProcess,
  startMain,
} from '../../bench/server-process';
import { DATABASES } from './helpers';

const SECRETS = {
  jwtSecret: 'durability-secret-long-enough-0123456789',
  adminPassword: 'durability-admin',
};
const STREAMS = 4;
/**
 * Exams each stream's learner starts before the streams begin, so that every submission is its
 * session's one result (the server lets a learner start 30 sessions a minute).
 */
const EXAMS_PER_STREAM = 25;
/** Enough acknowledged submissions to be sure the kill lands mid-stream, few enough to list in one page. */
const KILL_AFTER = 40;

describe.each(DATABASES)('durability on %s', (kind) => {
  let deployment: Deployment | undefined;
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await server?.kill();
    await deployment?.remove();
  });

  it('keeps every acknowledged exam submission through a SIGKILL and a restart', async () => {
    deployment = await createDeployment(
      'durability',
      kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      SECRETS,
    );
    server = await startMain(deployment.options);
    const call = apiClient(server.url);
    const learners = await Promise.all(
      Array.from({ length: STREAMS }, async (_, index) => {
        const name = `durable${index}`;
        const token = await registerLearner(call, name);
        const bodies: string[] = [];
        for (let i = 0; i < EXAMS_PER_STREAM; i++) bodies.push(await examBody(call, token));
        return { name, token, bodies };
      }),
    );
    const url = `${server.url}/api/v1/exams/submit`;

    const acknowledged: number[] = [];
    let killed = false;
    const stream = async ({ token, bodies }: (typeof learners)[number]) => {
      // Bounded: each stream stops at the kill or once its exams are all sent.
      for (const body of bodies) {
        if (killed) return;
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body,
          });
          if (response.status !== 201) continue;
          acknowledged.push(((await response.json()) as { id: number }).id);
        } catch {
          return; // The connection died with the server: not acknowledged.
        }
      }
    };
    const streams = learners.map(stream);
    const deadline = Date.now() + 30_000;
    while (acknowledged.length < KILL_AFTER && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 5));
    await server.kill();
    killed = true;
    await Promise.all(streams);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);

    server = await startMain(deployment.options);
    const again = apiClient(server.url);
    const stored = new Set<number>();
    let relogged = '';
    for (const { name } of learners) {
      relogged = await login(again, name, `pw-${name}-secret`);
      const history = await again<{ id: number }[]>('GET', '/exams/history?limit=500', {
        token: relogged,
      });
      for (const result of history.body) stored.add(result.id);
    }
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost, `${lost.length} of ${acknowledged.length} acknowledged submissions lost`).toEqual(
      [],
    );
    // And the restarted server still takes new ones.
    const body = JSON.parse(await examBody(again, relogged)) as object;
    await again('POST', '/exams/submit', { token: relogged, body, expect: [201] });
  }, 120_000);
});
