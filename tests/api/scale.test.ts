/**
 * Scale-out: two app processes on one PostgreSQL database with one JWT secret serve the same
 * learners. A token from one is accepted by the other, writes through one are read through the
 * other, and an administrator's change on one (deactivating a learner) holds on the other at
 * once. The embedded SQLite file belongs to one process: a second one refuses to start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiCall, examBody, login, registerLearner } from '../../bench/api';
import {
  createDeployment,
  type Deployment,
  type ServerProcess,
  startMain,
} from '../../bench/server-process';
import { DATABASES } from './helpers';

const SECRETS = {
  jwtSecret: 'scale-out-secret-that-is-long-enough-0123',
  adminPassword: 'scale-admin-pw',
};

describe('a second app process on one SQLite file', () => {
  let deployment: Deployment;
  let first: ServerProcess | undefined;
  afterAll(async () => {
    await first?.kill();
    await deployment?.remove();
  });

  it('refuses to start, saying why, while the first one keeps serving', async () => {
    deployment = await createDeployment('single', undefined, SECRETS);
    first = await startMain(deployment.options);
    await expect(startMain(deployment.options)).rejects.toThrow(
      /trainer\.sqlite is in use by another process\. .*PostgreSQL database \(DATABASE_URL\)/,
    );
    const call = apiClient(first.url);
    const token = await registerLearner(call, 'sole');
    expect((await call<{ username: string }>('GET', '/auth/me', { token })).body.username).toBe(
      'sole',
    );
  }, 60_000);
});

// Several processes share PostgreSQL only (CI sets TEST_DATABASE_URL).
const SHARED_DATABASES = DATABASES.filter((kind) => kind === 'postgres');

describe.each(SHARED_DATABASES)('two app processes on one %s database', (kind) => {
  let deployment: Deployment;
  let a: ServerProcess;
  let b: ServerProcess;
  let callA: ApiCall;
  let callB: ApiCall;

  beforeAll(async () => {
    deployment = await createDeployment(
      'scale',
      kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
      SECRETS,
    );
    // The first migrates and seeds; the second starts on the ready database, as a rollout would.
    a = await startMain(deployment.options);
    b = await startMain(deployment.options);
    callA = apiClient(a.url);
    callB = apiClient(b.url);
  }, 120_000);
  afterAll(async () => {
    await a?.kill();
    await b?.kill();
    await deployment?.remove();
  });

  it('accepts on one process the token another issued, both ways', async () => {
    const fromA = await registerLearner(callA, 'roaming');
    const me = await callB<{ username: string }>('GET', '/auth/me', { token: fromA });
    expect(me.body.username).toBe('roaming');
    const fromB = await login(callB, 'roaming', 'pw-roaming-secret');
    expect(
      (await callA<{ username: string }>('GET', '/auth/me', { token: fromB })).body.username,
    ).toBe('roaming');
  });

  it('shows through either process the results submitted through both', async () => {
    const token = await registerLearner(callA, 'alternating');
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const [call, other] = i % 2 === 0 ? [callA, callB] : [callB, callA];
      // The exam's session is started through one process and submitted through the other.
      const body = JSON.parse(await examBody(other, token)) as object;
      ids.push((await call<{ id: number }>('POST', '/exams/submit', { token, body })).body.id);
      // The other process kept the statistics it showed last time; the new result counts at once.
      const stats = await other<{ total_exams: number }>('GET', '/exams/stats', { token });
      expect(stats.body.total_exams).toBe(i + 1);
    }
    expect(new Set(ids).size).toBe(6);
    for (const call of [callA, callB]) {
      const history = await call<{ id: number }[]>('GET', '/exams/history?limit=50', { token });
      expect(history.body.map((r) => r.id).sort((x, y) => x - y)).toEqual(
        [...ids].sort((x, y) => x - y),
      );
      const stats = await call<{ total_exams: number }>('GET', '/exams/stats', { token });
      expect(stats.body.total_exams).toBe(6);
    }
    const result = await callB<{ id: number; score: number }>('GET', `/exams/results/${ids[0]}`, {
      token,
    });
    expect(result.body.id).toBe(ids[0]);
  });

  it('refuses on one process a learner an administrator deactivated on the other', async () => {
    const token = await registerLearner(callA, 'deactivated');
    const me = await callB<{ id: number }>('GET', '/auth/me', { token });
    const admin = await login(callA, 'admin', SECRETS.adminPassword);
    await callA('PUT', `/admin/users/${me.body.id}`, { token: admin, body: { is_active: false } });
    await callB('GET', '/auth/me', { token, expect: [401] });
    await callB('POST', '/auth/login', {
      body: { username: 'deactivated', password: 'pw-deactivated-secret' },
      expect: [401, 403],
    });
  });

  it('serves a question created through one process from the other', async () => {
    const admin = await login(callB, 'admin', SECRETS.adminPassword);
    const created = await callB<{ id: number }>('POST', '/admin/questions', {
      token: admin,
      body: {
        question_text: 'Scale-out: who gives way here?',
        answer_1: 'Me',
        answer_2: 'You',
        right_answers: '1',
      },
    });
    const learner = await registerLearner(callA, 'browser');
    const first = await callA<{ totalPages: number }>(
      'GET',
      '/questions?mode=all-questions&limit=100',
      { token: learner },
    );
    const last = await callA<{ questions: { id: number }[] }>(
      'GET',
      `/questions?mode=all-questions&limit=100&page=${first.body.totalPages}`,
      { token: learner },
    );
    expect(last.body.questions.map((q) => q.id)).toContain(created.body.id);

    // A keeps the bank it read; an edit through B must still show through A on the next read.
    await callB('PUT', `/admin/questions/${created.body.id}`, {
      token: admin,
      body: {
        question_text: 'Scale-out: edited through the other process',
        answer_1: 'Me',
        answer_2: 'You',
        right_answers: '2',
      },
    });
    const again = await callA<{ questions: { id: number; question_text: string }[] }>(
      'GET',
      `/questions?mode=all-questions&limit=100&page=${first.body.totalPages}`,
      { token: learner },
    );
    expect(again.body.questions.find((q) => q.id === created.body.id)?.question_text).toBe(
      'Scale-out: edited through the other process',
    );
  });

  it('applies at once on one process a setting changed through the other', async () => {
    const admin = await login(callA, 'admin', SECRETS.adminPassword);
    const learner = await registerLearner(callB, 'settled');
    const drawOnB = () =>
      callB<{ session_id: number; questions: { id: number; right_answers: string }[] }>(
        'POST',
        '/exams/sessions',
        { token: learner },
      );
    // B has read the settings (registration is open, 70 % passes) before they change on A.
    await drawOnB();
    const setting = (key: string, value: string) =>
      callA('PUT', `/settings/key/${key}`, { token: admin, body: { value } });
    await setting('exam_pass_percent', '1');
    await setting('registration_open', 'false');
    try {
      // An exam keeps the rules it was drawn under: one drawn on B now has the new pass mark.
      // One answer right of the draw, the others wrong: a score of a few percent.
      const draw = await drawOnB();
      const body = {
        exam_type: 'exam',
        session_id: draw.body.session_id,
        answers: draw.body.questions.map((q, i) => {
          const right = q.right_answers.split(',').map(Number);
          const wrong = right.length === 1 && right[0] === 1 ? [2] : [1];
          return { question_id: q.id, selected_answers: i === 0 ? right : wrong };
        }),
      };
      const graded = await callB<{ score: number; passed: boolean }>('POST', '/exams/submit', {
        token: learner,
        body,
      });
      expect(graded.body.score).toBeGreaterThanOrEqual(1);
      expect(graded.body.score).toBeLessThan(70);
      expect(graded.body.passed).toBe(true);
      await callB('POST', '/auth/register', {
        body: {
          username: 'latecomer',
          email: 'latecomer@example.com',
          password: 'latecomer-pw',
          first_name: 'L',
          last_name: 'C',
        },
        expect: [403],
      });
    } finally {
      await setting('exam_pass_percent', '70');
      await setting('registration_open', 'true');
    }
    await registerLearner(callB, 'welcome');
  });
});
