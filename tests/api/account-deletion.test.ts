/**
 * Deleting one's own account (DELETE /user/account): confirmed with the password, it removes
 * the user's results, sessions, answer memory and bookmarks and the user, and signs them out; the last
 * active administrator cannot leave this way (409).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQuestions, ADMIN_PASSWORD, createTestApp, DATABASES, type TestApp } from './helpers';

const PER_USER_TABLES = [
  'exam_results',
  'exam_sessions',
  'training_sessions',
  'question_memory',
  'bookmarks',
] as const;

describe.each(DATABASES)('account deletion on %s', (kind) => {
  let t: TestApp;
  let questions: number[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    questions = await addQuestions(t, [1, 1, 1]);
  });
  afterAll(() => t.close());

  /** How many rows of each per-user table belong to the user. */
  async function rowsOf(userId: number): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of PER_USER_TABLES) {
      const { n } = await t.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      counts[table] = Number(n);
    }
    return counts;
  }

  /** Gives the learner a result, an exam session, a training session, answer memory and a bookmark. */
  async function practise(token: string) {
    const exam = await t.api('POST', '/exams/sessions', { token });
    expect(exam.status).toBe(201);
    const answers = exam.body.questions.map((question: { id: number }) => ({
      question_id: question.id,
      selected_answers: [1],
    }));
    const calls = [
      t.api('POST', '/exams/submit', {
        token,
        body: { exam_type: 'exam', answers, session_id: exam.body.session_id },
      }),
      t.api('POST', '/training-modules/sessions', {
        token,
        body: { session_type: 'express', question_ids: questions },
      }),
      t.api('POST', '/training-modules/weak-spots/update', {
        token,
        body: { question_id: questions[0], is_correct: false },
      }),
      t.api('PUT', `/bookmarks/${questions[1]}`, { token }),
    ];
    for (const res of await Promise.all(calls))
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  }

  const remove = (token: string, password: string) =>
    t.api('DELETE', '/user/account', { token, body: { password } });

  it('keeps everything when the password is wrong or missing', async () => {
    const learner = await t.learner('doubter');
    await practise(learner.token);
    const before = await rowsOf(learner.id);

    const wrong = await remove(learner.token, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ detail: 'The password is incorrect', field: 'password' });
    const missing = await t.api('DELETE', '/user/account', { token: learner.token, body: {} });
    expect(missing.status).toBe(400);
    expect((await t.api('DELETE', '/user/account', { body: { password: 'x' } })).status).toBe(401);

    expect(await rowsOf(learner.id)).toEqual(before);
    expect((await t.api('GET', '/auth/me', { token: learner.token })).status).toBe(200);
  });

  it('removes the results, sessions, memory and the user, and signs them out', async () => {
    const leaver = await t.learner('leaving');
    const stayer = await t.learner('staying');
    await practise(leaver.token);
    await practise(stayer.token);
    const kept = await rowsOf(stayer.id);
    expect(Object.values(await rowsOf(leaver.id)).every((n) => n > 0)).toBe(true);

    const res = await remove(leaver.token, `pw-${leaver.username}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Account deleted' });

    expect(await rowsOf(leaver.id)).toEqual({
      exam_results: 0,
      exam_sessions: 0,
      training_sessions: 0,
      question_memory: 0,
      bookmarks: 0,
    });
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', leaver.id)
      .executeTakeFirst();
    expect(user).toBeUndefined();
    expect((await t.api('GET', '/auth/me', { token: leaver.token })).status).toBe(401);
    const login = await t.api('POST', '/auth/login', {
      body: { username: leaver.username, password: `pw-${leaver.username}` },
    });
    expect(login.status).toBe(401);
    // Someone else's data is untouched.
    expect(await rowsOf(stayer.id)).toEqual(kept);
    expect((await t.api('GET', '/auth/me', { token: stayer.token })).status).toBe(200);
  });

  it('refuses the last active administrator (409), and lets one go once another exists', async () => {
    const admin = await t.adminToken();
    const alone = await remove(admin, ADMIN_PASSWORD);
    expect(alone.status).toBe(409);
    expect(alone.body.detail).toBe(
      'You are the last active administrator: make someone else an administrator before deleting your account',
    );
    expect((await t.api('GET', '/auth/me', { token: admin })).status).toBe(200);

    // An inactive administrator does not count.
    const inactive = await t.api('POST', '/admin/users', {
      token: admin,
      body: {
        username: 'sleepy',
        email: 'sleepy@example.com',
        password: 'pw-sleepy',
        is_admin: true,
        is_active: false,
      },
    });
    expect(inactive.status).toBe(201);
    expect((await remove(admin, ADMIN_PASSWORD)).status).toBe(409);

    const successor = await t.api('POST', '/admin/users', {
      token: admin,
      body: {
        username: 'successor',
        email: 'successor@example.com',
        password: 'pw-successor',
        is_admin: true,
      },
    });
    expect(successor.status).toBe(201);
    const gone = await remove(admin, ADMIN_PASSWORD);
    expect(gone.status).toBe(200);
    expect((await t.api('GET', '/auth/me', { token: admin })).status).toBe(401);
    const next = await t.api('POST', '/auth/login', {
      body: { username: 'successor', password: 'pw-successor' },
    });
    expect(next.status).toBe(200);
    // The successor is now the last one.
    expect((await remove(next.body.access_token, 'pw-successor')).status).toBe(409);
  });
});
