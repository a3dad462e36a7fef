/**
 * Bookmarks (issue 43): a learner stars questions of their course, lists them, practises them
 * (GET /bookmarks/questions) and takes the star off; another learner's stars are their own, a
 * question of another course or none at all is refused with 404 and nothing is stored, and a
 * deleted question takes its stars with it.
 */
import { COURSE_PRESETS } from '../../domain/course-presets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addQuestions, createTestApp, DATABASES, type TestApp } from './helpers';

describe.each(DATABASES)('bookmarks (%s)', (kind) => {
  let t: TestApp;
  let ids: number[];
  let otherCourseQuestion: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ids = await addQuestions(t, [1, 2, 1, 1]);
    const admin = await t.adminToken();
    const course = await t.api('POST', '/admin/courses', {
      token: admin,
      body: {
        name: 'Korea class 2',
        language: 'ko',
        rules: COURSE_PRESETS.find((preset) => preset.id === 'korea-2')?.rules,
      },
    });
    expect(course.status).toBe(201);
    const question = await t.api('POST', `/admin/questions?course_id=${course.body.id}`, {
      token: admin,
      body: { question_text: '교차로?', answer_1: '예', answer_2: '아니오', right_answers: '2' },
    });
    expect(question.status).toBe(201);
    otherCourseQuestion = question.body.id;
  });
  afterAll(() => t.close());

  const star = (token: string, id: number | string) => t.api('PUT', `/bookmarks/${id}`, { token });
  const unstar = (token: string, id: number | string) =>
    t.api('DELETE', `/bookmarks/${id}`, { token });
  const listed = async (token: string) =>
    (await t.api('GET', '/bookmarks', { token })).body.question_ids;
  const stored = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('bookmarks')
        .select('question_id')
        .where('user_id', '=', userId)
        .execute()
    ).length;

  it('stars questions, lists them newest first, practises them, and takes a star off', async () => {
    const ana = await t.learner('ana');
    expect(await listed(ana.token)).toEqual([]);
    expect((await t.api('GET', '/bookmarks/questions', { token: ana.token })).body).toEqual({
      questions: [],
    });

    const first = await star(ana.token, ids[1]!);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ question_id: ids[1], bookmarked: true });
    expect((await star(ana.token, ids[3]!)).status).toBe(200);
    // Starring again changes nothing.
    expect((await star(ana.token, ids[1]!)).body).toEqual({
      question_id: ids[1],
      bookmarked: true,
    });
    const order = await listed(ana.token);
    expect([...order].sort()).toEqual([ids[1], ids[3]].sort());
    expect(order).toHaveLength(2);

    const practice = await t.api('GET', '/bookmarks/questions', { token: ana.token });
    expect(practice.status).toBe(200);
    expect(practice.body.questions.map((q: { id: number }) => q.id).sort()).toEqual(
      [ids[1], ids[3]].sort(),
    );
    const worthTwo = practice.body.questions.find((q: { id: number }) => q.id === ids[1]);
    expect(worthTwo).toMatchObject({ question_text: 'Question 1 worth 2?', points: 2 });

    const off = await unstar(ana.token, ids[1]!);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ question_id: ids[1], bookmarked: false });
    expect(await listed(ana.token)).toEqual([ids[3]]);
    // Taking off a star that is not there answers the same.
    expect((await unstar(ana.token, ids[0]!)).body).toEqual({
      question_id: ids[0],
      bookmarked: false,
    });
  });

  it("keeps each learner's stars their own and needs a signed-in learner", async () => {
    const ben = await t.learner('ben');
    const cleo = await t.learner('cleo');
    await star(ben.token, ids[0]!);
    expect(await listed(cleo.token)).toEqual([]);
    expect((await unstar(cleo.token, ids[0]!)).status).toBe(200);
    expect(await listed(ben.token)).toEqual([ids[0]]);
    expect((await t.api('GET', '/bookmarks')).status).toBe(401);
    expect((await t.api('PUT', `/bookmarks/${ids[0]}`)).status).toBe(401);
  });

  it('refuses a missing question, another course’s question and a bad id, storing nothing', async () => {
    const dan = await t.learner('dan');
    const missing = await star(dan.token, 999999);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'Question not found' });
    const elsewhere = await star(dan.token, otherCourseQuestion);
    expect(elsewhere.status).toBe(404);
    for (const bad of ['abc', '0', '-3', '1.5']) {
      const res = await star(dan.token, bad);
      expect(res.status, bad).toBe(400);
      expect(typeof res.body.detail).toBe('string');
    }
    expect(await stored(dan.id)).toBe(0);
  });

  it('drops the star of a question the administrator deletes', async () => {
    const eve = await t.learner('eve');
    const [doomed] = await addQuestions(t, [1]);
    await star(eve.token, doomed!);
    await star(eve.token, ids[2]!);
    const gone = await t.api('DELETE', `/admin/questions/${doomed}`, {
      token: await t.adminToken(),
    });
    expect(gone.status).toBeLessThan(300);
    expect(await listed(eve.token)).toEqual([ids[2]]);
    expect(await stored(eve.id)).toBe(1);
  });
});
