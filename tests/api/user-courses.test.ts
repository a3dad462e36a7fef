import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, SHORT_EXAM_RULES, type TestApp } from './helpers';

interface User {
  id: number;
  username: string;
  first_name: string;
  course_id: number;
}

/**
 * An administrator puts a learner in a course (docs/admin.md): on creating them and by editing
 * them, as the learner can on the profile; an unknown course is refused and nothing changes.
 */
describe.each(DATABASES)('the course of a user an administrator manages (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let russiaId: number;
  let koreaId: number;

  async function addQuestions(courseId: number, count: number) {
    for (let i = 0; i < count; i++) {
      const res = await t.api('POST', `/admin/questions?course_id=${courseId}`, {
        token: admin,
        body: {
          question_text: `Q${courseId}.${i}?`,
          answer_1: 'Yes',
          answer_2: 'No',
          right_answers: '1',
        },
      });
      expect(res.status).toBe(201);
    }
  }

  async function createUser(name: string, extra: Record<string, unknown> = {}) {
    return t.api<User>('POST', '/admin/users', {
      token: admin,
      body: { username: name, email: `${name}@example.com`, password: `pw-${name}`, ...extra },
    });
  }

  async function signIn(name: string) {
    const res = await t.api<{ access_token: string }>('POST', '/auth/login', {
      body: { username: name, password: `pw-${name}` },
    });
    expect(res.status).toBe(200);
    return res.body.access_token;
  }

  /** How many questions the learner's question list holds: their course's bank. */
  async function bankSeenBy(token: string) {
    const res = await t.api<{ totalQuestions: number }>('GET', '/questions', { token });
    expect(res.status).toBe(200);
    return res.body.totalQuestions;
  }

  const stored = async (id: number) =>
    (await t.api<User>('GET', `/admin/users/${id}`, { token: admin })).body;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    const russia = await t.api('POST', '/admin/courses', {
      token: admin,
      body: { name: 'Russia A/B', language: 'ru', rules: SHORT_EXAM_RULES },
    });
    expect(russia.status).toBe(201);
    russiaId = russia.body.id;
    const korea = await t.api('POST', '/admin/courses', {
      token: admin,
      body: { name: 'Korea 1', language: 'ko', rules: SHORT_EXAM_RULES },
    });
    expect(korea.status).toBe(201);
    koreaId = korea.body.id;
    // Banks of different sizes, so a learner's question list says which course they are in.
    await addQuestions(1, 1);
    await addQuestions(russiaId, 2);
    await addQuestions(koreaId, 3);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('creates a learner in the course named, and in the default course when none is named', async () => {
    const ivan = await createUser('ivan', { course_id: russiaId });
    expect(ivan.status).toBe(201);
    expect(ivan.body.course_id).toBe(russiaId);
    expect((await stored(ivan.body.id)).course_id).toBe(russiaId);
    const listed = await t.api<User[]>('GET', '/admin/users?search=ivan', { token: admin });
    expect(listed.body.map((user) => [user.username, user.course_id])).toEqual([
      ['ivan', russiaId],
    ]);
    // The learner's own calls act on that course: the Russian bank holds two questions.
    expect(await bankSeenBy(await signIn('ivan'))).toBe(2);

    const plain = await createUser('plain');
    expect(plain.status).toBe(201);
    expect(plain.body.course_id).toBe(1);
    expect(await bankSeenBy(await signIn('plain'))).toBe(1);
  });

  it('moves a learner to another course, which their next call acts on, and logs the change', async () => {
    const created = await createUser('olga', { course_id: russiaId });
    const token = await signIn('olga');
    expect(await bankSeenBy(token)).toBe(2);

    const moved = await t.api<User>('PUT', `/admin/users/${created.body.id}`, {
      token: admin,
      body: { course_id: koreaId },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.course_id).toBe(koreaId);
    expect((await stored(created.body.id)).course_id).toBe(koreaId);
    // The session goes on (a move is no sign-out) and now reads the Korean bank.
    expect((await t.api<User>('GET', '/auth/me', { token })).body.course_id).toBe(koreaId);
    expect(await bankSeenBy(token)).toBe(3);

    const status = await t.api<{ recent_activity: { action: string; summary: string }[] }>(
      'GET',
      '/settings/system/status',
      { token: admin },
    );
    expect(status.body.recent_activity[0]).toMatchObject({
      action: 'user.update',
      summary: 'Updated user olga',
    });
  });

  it("refuses an administrator's save made before the learner moved themselves", async () => {
    const created = await createUser('pavel');
    const read = await t.api<User>('GET', `/admin/users/${created.body.id}`, { token: admin });
    const tag = String(read.headers.etag);
    const profile = await t.api('PUT', '/user/profile', {
      token: await signIn('pavel'),
      body: {
        username: 'pavel',
        email: 'pavel@example.com',
        first_name: '',
        last_name: '',
        course_id: russiaId,
      },
    });
    expect(profile.status).toBe(200);

    const stale = await t.api('PUT', `/admin/users/${created.body.id}`, {
      token: admin,
      headers: { 'if-match': tag },
      body: { first_name: 'Pavel', course_id: 1 },
    });
    expect(stale.status).toBe(412);
    expect(await stored(created.body.id)).toMatchObject({ first_name: '', course_id: russiaId });
  });

  it('refuses an unknown course with a reason at the field, storing nothing', async () => {
    const ghost = await createUser('ghost', { course_id: 4242 });
    expect(ghost.status).toBe(422);
    expect(ghost.body).toEqual({ detail: 'There is no such course', field: 'course_id' });
    const found = await t.api<User[]>('GET', '/admin/users?search=ghost', { token: admin });
    expect(found.body).toEqual([]);

    const created = await createUser('nina', { course_id: russiaId, first_name: 'Nina' });
    const before = await t.api<User>('GET', `/admin/users/${created.body.id}`, { token: admin });
    const refused = await t.api('PUT', `/admin/users/${created.body.id}`, {
      token: admin,
      body: { first_name: 'Changed', course_id: 4242 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ detail: 'There is no such course', field: 'course_id' });
    const after = await t.api<User>('GET', `/admin/users/${created.body.id}`, { token: admin });
    expect(after.body).toMatchObject({ first_name: 'Nina', course_id: russiaId });
    expect(after.headers.etag).toBe(before.headers.etag);

    // In the caller's language, as every refusal.
    const inRussian = await t.api('PUT', `/admin/users/${created.body.id}`, {
      token: admin,
      headers: { 'accept-language': 'ru' },
      body: { course_id: 4242 },
    });
    expect(inRussian.body.detail).toBe('Такого курса нет');
  });
});
