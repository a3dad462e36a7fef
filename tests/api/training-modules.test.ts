import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyChallengeIds } from '../../domain/daily-challenge';
import { addQuestions, createTestApp, DATABASES, submitHeldExam, type TestApp } from './helpers';
import {
  answerInTraining,
  rightChoice,
  someQuestions as questionsFor,
  TRAINING,
  type TrainingQuestion,
  wrongChoice,
} from './training-answers';

type Question = TrainingQuestion;

const BASE = TRAINING;
const MINUTE = 60_000;
const DAY = 24 * 3600 * 1000;

describe.each(DATABASES)('training modules on %s', (kind) => {
  let t: TestApp;
  // A clock the tests move forward, to see FSRS schedules come due and days change.
  let clock = new Date('2030-03-10T09:00:00.000Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true, now: () => clock });
  });
  afterAll(() => t.close());

  const someQuestions = (token: string, count: number) => questionsFor(t, token, count);
  const answer = (token: string, question: Question, selected: number[], extra: object = {}) =>
    answerInTraining(t, token, question, selected, extra);

  it('answers 401 to a guest on every training operation', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', `${BASE}/weak-spots`],
      ['GET', `${BASE}/weak-spots/analysis`],
      ['GET', `${BASE}/weak-spots/questions`],
      ['POST', `${BASE}/weak-spots/update`, { question_id: 1, is_correct: true }],
      ['POST', `${BASE}/sessions`, { session_type: 'express' }],
      ['GET', `${BASE}/sessions`],
      ['PUT', `${BASE}/sessions/1`, { is_completed: true }],
      ['GET', `${BASE}/sessions/stats`],
      ['GET', `${BASE}/recommendations/questions`],
      ['GET', `${BASE}/daily-challenge`],
      ['POST', `${BASE}/express-test/start`, {}],
      ['POST', `${BASE}/marathon/start`, {}],
      ['GET', `${BASE}/review/questions`],
      ['POST', `${BASE}/review/start`],
      ['GET', `${BASE}/modes`],
    ];
    for (const [method, url, body] of calls) {
      const res = await t.api(method as 'GET', url, { body });
      expect(res.status, `${method} ${url}`).toBe(401);
      expect(res.body.detail).toEqual(expect.any(String));
    }
  });

  it('turns a wrongly answered question into a weak spot shown in the list, the questions and the analysis', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');

    const res = await answer(learner.token, question, wrongChoice(question), {
      topic_name: 'Demo topic',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      question_id: question.id,
      correct_count: 0,
      wrong_count: 1,
      is_weak: true,
    });

    const list = await t.api('GET', `${BASE}/weak-spots`, { token: learner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({
        question_id: question.id,
        question_text: expect.any(String),
        topic_name: 'Demo topic',
        correct_count: 0,
        wrong_count: 1,
        accuracy: 0,
      }),
    ]);

    const questions = await t.api('GET', `${BASE}/weak-spots/questions`, { token: learner.token });
    expect(questions.status).toBe(200);
    expect(questions.body.questions.map((q: Question) => q.id)).toEqual([question.id]);

    const analysis = await t.api('GET', `${BASE}/weak-spots/analysis`, { token: learner.token });
    expect(analysis.status).toBe(200);
    expect(analysis.body).toMatchObject({
      total_answered: 1,
      total_weak_spots: 1,
      overall_accuracy: 0,
    });
    expect(analysis.body.topics).toEqual([
      expect.objectContaining({
        topic_id: expect.any(Number),
        answered: 1,
        correct: 0,
        accuracy: 0,
      }),
    ]);
  });

  it("names a weak spot's topic from the bank when its answers named none", async () => {
    const learner = await t.learner();
    const topics = await t.api('GET', '/training-topics', { token: learner.token });
    expect(topics.status).toBe(200);
    // The demo bank's first topic that holds questions, and one of them.
    const topic = (topics.body as { id: number; name: string; question_ids: string }[])
      .sort((a, b) => a.id - b.id)
      .find((candidate) => JSON.parse(candidate.question_ids).length > 0);
    if (!topic) throw new Error('the demo bank has no topic with questions');
    const inTopic = await t.api('GET', `/training-topics/${topic.id}/questions`, {
      token: learner.token,
    });
    const question = (inTopic.body.questions as Question[])[0];
    if (!question) throw new Error(`topic ${topic.id} has no questions`);

    expect((await answer(learner.token, question, wrongChoice(question))).status).toBe(200);
    const list = await t.api('GET', `${BASE}/weak-spots`, { token: learner.token });
    expect(list.body).toEqual([
      expect.objectContaining({ question_id: question.id, topic_name: topic.name }),
    ]);
  });

  it('removes a weak spot once it is answered right twice afterwards', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    await answer(learner.token, question, wrongChoice(question));

    const once = await answer(learner.token, question, rightChoice(question));
    expect(once.body).toMatchObject({ correct_count: 1, wrong_count: 1, is_weak: true });
    const twice = await answer(learner.token, question, rightChoice(question));
    expect(twice.body).toMatchObject({ correct_count: 2, wrong_count: 1, is_weak: false });

    expect((await t.api('GET', `${BASE}/weak-spots`, { token: learner.token })).body).toEqual([]);
    const questions = await t.api('GET', `${BASE}/weak-spots/questions`, { token: learner.token });
    expect(questions.body).toEqual({ questions: [] });
    const analysis = await t.api('GET', `${BASE}/weak-spots/analysis`, { token: learner.token });
    expect(analysis.body).toMatchObject({
      total_answered: 1,
      total_weak_spots: 0,
      overall_accuracy: 67,
    });
  });

  it('grades the chosen answers itself and ignores a client that claims otherwise', async () => {
    const learner = await t.learner();
    const [first, second] = await someQuestions(learner.token, 2);
    if (!first || !second) throw new Error('the demo bank is too small');

    const lie = await answer(learner.token, first, wrongChoice(first), { is_correct: true });
    expect(lie.body).toMatchObject({ correct_count: 0, wrong_count: 1, is_weak: true });
    const modest = await answer(learner.token, second, rightChoice(second), { is_correct: false });
    expect(modest.body).toMatchObject({ correct_count: 1, wrong_count: 0, is_weak: false });

    // Without the choices the client's verdict is all there is.
    const plain = await t.api('POST', `${BASE}/weak-spots/update`, {
      token: learner.token,
      body: { question_id: second.id, is_correct: false, topic_name: null },
    });
    expect(plain.body).toMatchObject({ correct_count: 1, wrong_count: 1 });
  });

  it('refuses an answer to a missing question or a malformed one', async () => {
    const learner = await t.learner();
    const missing = await t.api('POST', `${BASE}/weak-spots/update`, {
      token: learner.token,
      body: { question_id: 999_999, is_correct: true },
    });
    expect(missing.status).toBe(404);
    for (const body of [
      { question_id: 1 },
      { question_id: 1, is_correct: 'yes' },
      { question_id: 1, is_correct: true, selected_answers: [6] },
      { question_id: 1, is_correct: true, extra: 1 },
    ]) {
      const res = await t.api('POST', `${BASE}/weak-spots/update`, { token: learner.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    for (const url of [`${BASE}/weak-spots?limit=0`, `${BASE}/weak-spots/questions?limit=abc`]) {
      expect((await t.api('GET', url, { token: learner.token })).status).toBe(400);
    }
  });

  it('refuses a choice naming an answer the question does not have, remembering nothing', async () => {
    const learner = await t.learner();
    const questions = (await someQuestions(learner.token, 40)) as (Question &
      Record<string, unknown>)[];
    const short = questions.find((question) => question.answer_5 === null);
    if (!short) throw new Error('every demo question has five answers');
    const count = [1, 2, 3, 4, 5].filter((n) => short[`answer_${n}`] !== null).length;
    const res = await answer(learner.token, short, [1, count + 1]);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe(
      `Choices name answers that do not exist: question #${short.id} has ${count} answers, not answer ${count + 1}`,
    );
    expect(
      await t.database.db
        .selectFrom('question_memory')
        .selectAll()
        .where('user_id', '=', learner.id)
        .execute(),
    ).toEqual([]);
    // Its own answers are taken as before.
    expect((await answer(learner.token, short, [count])).status).toBe(200);
  });

  it('puts a wrongly answered question up for review a few minutes later', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    await answer(learner.token, question, wrongChoice(question));

    const before = await t.api('GET', `${BASE}/review/questions`, { token: learner.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ questions: [], due_count: 0 });
    const empty = await t.api('POST', `${BASE}/review/start`, { token: learner.token });
    expect(empty.status).toBe(201);
    expect(empty.body).toMatchObject({
      session_type: 'review',
      questions: [],
      time_limit_seconds: null,
    });

    advance(15 * MINUTE);
    const after = await t.api('GET', `${BASE}/review/questions`, { token: learner.token });
    expect(after.body.due_count).toBe(1);
    expect(after.body.questions.map((q: Question) => q.id)).toEqual([question.id]);
    const analysis = await t.api('GET', `${BASE}/weak-spots/analysis`, { token: learner.token });
    expect(analysis.body.due_for_review).toBe(1);

    const review = await t.api('POST', `${BASE}/review/start?questions_count=5`, {
      token: learner.token,
    });
    expect(review.status).toBe(201);
    expect(review.body.questions.map((q: Question) => q.id)).toEqual([question.id]);
    const sessions = await t.api('GET', `${BASE}/sessions?session_type=review`, {
      token: learner.token,
    });
    expect(sessions.body.map((s: { id: number }) => s.id)).toContain(review.body.session_id);

    const bad = await t.api('POST', `${BASE}/review/start?questions_count=0`, {
      token: learner.token,
    });
    expect(bad.status).toBe(400);
    expect(
      (await t.api('GET', `${BASE}/review/questions?limit=999`, { token: learner.token })).status,
    ).toBe(400);
  });

  it('schedules an answer sent late from when it was given, not from when it arrived', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    const given = clock;
    advance(20 * MINUTE);
    const res = await answer(learner.token, question, wrongChoice(question), {
      answered_at: given.toISOString(),
      client_id: 'answer-late-1',
    });
    expect(res.status).toBe(200);
    expect(Date.parse(res.body.due_at)).toBeLessThan(clock.getTime());
    // Missed 20 minutes ago: due for review now, not a few minutes from now.
    const due = await t.api('GET', `${BASE}/review/questions`, { token: learner.token });
    expect(due.body.due_count).toBe(1);
    const row = await t.database.db
      .selectFrom('question_memory')
      .select(['last_answered_at', 'recent_answer_keys'])
      .where('user_id', '=', learner.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      last_answered_at: given.toISOString(),
      recent_answer_keys: 'answer-late-1',
    });
  });

  it('counts an answer sent again with the same key once (its first reply was lost)', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    const key = { client_id: 'answer-twice-1' };
    const first = await answer(learner.token, question, rightChoice(question), key);
    const again = await answer(learner.token, question, rightChoice(question), key);
    expect(first.body).toMatchObject({ correct_count: 1, wrong_count: 0 });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const next = await answer(learner.token, question, wrongChoice(question), {
      client_id: 'answer-twice-2',
    });
    expect(next.body).toMatchObject({ correct_count: 1, wrong_count: 1 });
  });

  it('still counts a resent answer once when an exam answered the question in between', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    const key = { client_id: 'answer-before-exam' };
    await answer(learner.token, question, rightChoice(question), key);
    const exam = await submitHeldExam(t, learner, {
      answers: [{ question_id: question.id, selected_answers: wrongChoice(question) }],
    });
    expect(exam.status).toBe(201);
    const resent = await answer(learner.token, question, rightChoice(question), key);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ correct_count: 1, wrong_count: 1 });
  });

  it("still counts a resent answer once after the learner's other devices answered the question", async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    const key = { client_id: 'answer-phone-1' };
    await answer(learner.token, question, rightChoice(question), key);
    // The laptop answers the same question three times before the phone's resend arrives.
    for (const n of [1, 2, 3])
      await answer(learner.token, question, wrongChoice(question), {
        client_id: `answer-laptop-${n}`,
      });
    const resent = await answer(learner.token, question, rightChoice(question), key);
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ correct_count: 1, wrong_count: 3 });
    // A new answer from the phone counts.
    const next = await answer(learner.token, question, rightChoice(question), {
      client_id: 'answer-phone-2',
    });
    expect(next.body).toMatchObject({ correct_count: 2, wrong_count: 3 });
  });

  it('refuses an answered_at in the future, before the account existed or over 90 days ago', async () => {
    const learner = await t.learner();
    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    const at = (ms: number) => ({ answered_at: new Date(clock.getTime() + ms).toISOString() });
    const refused = [at(10 * MINUTE), at(-1 * 3600 * 1000), { answered_at: 'yesterday' }];
    for (const extra of refused) {
      const res = await answer(learner.token, question, rightChoice(question), extra);
      expect(res.status, JSON.stringify(extra)).toBe(extra.answered_at === 'yesterday' ? 400 : 422);
      if (res.status === 422) expect(res.body.detail).toMatch(/answered_at lies/);
    }
    // A clock a minute ahead of the server's is a clock difference: counted as now.
    const ahead = await answer(learner.token, question, rightChoice(question), at(MINUTE));
    expect(ahead.status).toBe(200);
    expect(Date.parse(ahead.body.due_at)).toBeGreaterThan(clock.getTime());

    await t.database.db
      .updateTable('users')
      .set({ created_at: new Date(clock.getTime() - 400 * DAY).toISOString() })
      .where('id', '=', learner.id)
      .execute();
    expect(
      (await answer(learner.token, question, rightChoice(question), at(-95 * DAY))).status,
    ).toBe(422);
    expect(
      (await answer(learner.token, question, rightChoice(question), at(-80 * DAY))).status,
    ).toBe(200);
    const memory = await t.api('GET', `${BASE}/weak-spots/analysis`, { token: learner.token });
    expect(memory.body.total_answered).toBe(1);
  });

  it('recommends due reviews first, then weak spots, then new questions, without repeats', async () => {
    const learner = await t.learner();
    const [due, weak] = await someQuestions(learner.token, 2);
    if (!due || !weak) throw new Error('the demo bank is too small');
    await answer(learner.token, due, wrongChoice(due));
    advance(15 * MINUTE);
    await answer(learner.token, weak, wrongChoice(weak));

    const res = await t.api(
      'GET',
      `${BASE}/recommendations/questions?count=12&session_type=express`,
      {
        token: learner.token,
      },
    );
    expect(res.status).toBe(200);
    const ids = res.body.questions.map((q: Question) => q.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(ids.slice(0, 2)).toEqual([due.id, weak.id]);

    expect(
      (await t.api('GET', `${BASE}/recommendations/questions?count=0`, { token: learner.token }))
        .status,
    ).toBe(400);
    const badType = await t.api('GET', `${BASE}/recommendations/questions?session_type=nap`, {
      token: learner.token,
    });
    expect(badType.status).toBe(400);
  });

  it('keeps the daily challenge the same all day and changes it the next day and for another learner', async () => {
    const anna = await t.learner();
    const boris = await t.learner();
    const first = await t.api('GET', `${BASE}/daily-challenge`, { token: anna.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ date: clock.toISOString().slice(0, 10), completed: false });
    const ids = first.body.questions.map((q: Question) => q.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);

    advance(5 * MINUTE);
    const again = await t.api('GET', `${BASE}/daily-challenge`, { token: anna.token });
    expect(again.body.questions.map((q: Question) => q.id)).toEqual(ids);
    const other = await t.api('GET', `${BASE}/daily-challenge`, { token: boris.token });
    expect(other.body.questions.map((q: Question) => q.id)).not.toEqual(ids);

    const session = await t.api('POST', `${BASE}/sessions`, {
      token: anna.token,
      body: { session_type: 'daily-challenge', question_ids: ids },
    });
    await t.api('PUT', `${BASE}/sessions/${session.body.id}`, {
      token: anna.token,
      body: { questions_answered: 10, correct_answers: 8, is_completed: true },
    });
    const done = await t.api('GET', `${BASE}/daily-challenge`, { token: anna.token });
    expect(done.body.completed).toBe(true);
    expect(
      (await t.api('GET', `${BASE}/daily-challenge`, { token: boris.token })).body.completed,
    ).toBe(false);

    advance(DAY);
    const tomorrow = await t.api('GET', `${BASE}/daily-challenge`, { token: anna.token });
    expect(tomorrow.body.date).not.toBe(first.body.date);
    expect(tomorrow.body.questions.map((q: Question) => q.id)).not.toEqual(ids);
    expect(tomorrow.body.completed).toBe(false);
  });

  it("gives the daily challenge a device keeping the course's topics and tickets draws offline", async () => {
    const learner = await t.learner();
    const get = async (url: string) => (await t.api('GET', url, { token: learner.token })).body;
    // What the device keeps (src/lib/offline-course.ts): every topic's and ticket's questions.
    const topics = (await get('/training-topics')) as { id: number }[];
    const tickets = (await get('/training-tickets')) as { ticket_number: number }[];
    const lists = await Promise.all([
      ...topics.map((topic) => get(`/training-topics/${topic.id}/questions`)),
      ...tickets.map((ticket) => get(`/training-tickets/${ticket.ticket_number}`)),
    ]);
    const kept = [
      ...new Set(
        lists.flatMap((list: { questions: Question[] }) => list.questions.map((q) => q.id)),
      ),
    ].sort((a, b) => a - b);
    const served = await get(`${BASE}/daily-challenge`);
    expect(dailyChallengeIds(kept, 10, learner.id, served.date)).toEqual(
      served.questions.map((q: Question) => q.id),
    );
  });

  it("starts the express test and marathon the app asks for at the administrator's sizes", async () => {
    const learner = await t.learner();
    const admin = await t.adminToken();
    const set = (settings: { key: string; value: string }[]) =>
      t.api('POST', '/settings/bulk-update', { token: admin, body: { settings } });
    expect(
      (
        await set([
          { key: 'express_question_count', value: '3' },
          { key: 'express_time_limit_seconds', value: '90' },
          { key: 'marathon_question_count', value: '7' },
        ])
      ).status,
    ).toBe(200);
    try {
      // The bodies the app sends: options, but no size or clock.
      const express = await t.api('POST', `${BASE}/express-test/start`, {
        token: learner.token,
        body: { include_weak_spots: true, difficulty_level: null, topics: null },
      });
      expect(express.status).toBe(201);
      expect(express.body.questions).toHaveLength(3);
      expect(express.body.time_limit_seconds).toBe(90);
      const marathon = await t.api('POST', `${BASE}/marathon/start`, {
        token: learner.token,
        body: { time_limit_minutes: null, include_all_topics: true, randomize_order: true },
      });
      expect(marathon.status).toBe(201);
      expect(marathon.body.questions).toHaveLength(7);
    } finally {
      await set([
        { key: 'express_question_count', value: '10' },
        { key: 'express_time_limit_seconds', value: '300' },
        { key: 'marathon_question_count', value: '50' },
      ]);
    }
  });

  it('starts an express test of 10 questions and 300 seconds, weak spots included', async () => {
    const learner = await t.learner();
    const [weak] = await someQuestions(learner.token, 1);
    if (!weak) throw new Error('the demo bank is empty');
    await answer(learner.token, weak, wrongChoice(weak));

    const res = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: {
        questions_count: 10,
        time_limit_minutes: 5,
        include_weak_spots: true,
        difficulty_level: null,
        topics: null,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ session_type: 'express', time_limit_seconds: 300 });
    const ids = res.body.questions.map((q: Question) => q.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(ids).toContain(weak.id);

    const sessions = await t.api('GET', `${BASE}/sessions?session_type=express`, {
      token: learner.token,
    });
    expect(sessions.body[0]).toMatchObject({
      id: res.body.session_id,
      question_ids: ids,
      time_limit_seconds: 300,
      is_completed: false,
    });

    const bare = await t.api('POST', `${BASE}/express-test/start`, { token: learner.token });
    expect(bare.status).toBe(201);
    expect(bare.body.questions).toHaveLength(10);
    expect(bare.body.time_limit_seconds).toBe(300);

    for (const body of [
      { questions_count: 0 },
      { difficulty_level: 'insane' },
      { topics: 'all' },
    ]) {
      const bad = await t.api('POST', `${BASE}/express-test/start`, { token: learner.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('draws an easy express test from 1-point questions and a topic express test from that topic only', async () => {
    const learner = await t.learner();
    const easy = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: { questions_count: 10, include_weak_spots: false, difficulty_level: 'easy' },
    });
    expect(easy.status).toBe(201);
    expect(easy.body.questions.map((q: Question) => q.points)).toEqual(Array(10).fill(1));
    const hard = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: { questions_count: 5, include_weak_spots: false, difficulty_level: 'hard' },
    });
    expect(hard.body.questions.every((q: Question) => q.points >= 2)).toBe(true);

    // Learn one topic's id from the analysis, then answer a topic-only test and see only that topic grow.
    const [seed] = await someQuestions(learner.token, 1);
    if (!seed) throw new Error('the demo bank is empty');
    await answer(learner.token, seed, rightChoice(seed));
    const { topic_id: topicId } = (
      await t.api('GET', `${BASE}/weak-spots/analysis`, { token: learner.token })
    ).body.topics[0];
    const topical = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: { questions_count: 8, topics: [topicId] },
    });
    expect(topical.status).toBe(201);
    expect(topical.body.questions.length).toBeGreaterThan(0);
    for (const question of topical.body.questions)
      await answer(learner.token, question, rightChoice(question));
    const analysis = await t.api('GET', `${BASE}/weak-spots/analysis`, { token: learner.token });
    expect(analysis.body.topics.map((topic: { topic_id: number }) => topic.topic_id)).toEqual([
      topicId,
    ]);

    const unknown = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: { topics: [999_999] },
    });
    expect(unknown.status).toBe(409);
    expect(unknown.body.detail).toBe('No questions available');
  });

  it('starts a marathon of 50 distinct questions, in id order when asked', async () => {
    const learner = await t.learner();
    const res = await t.api('POST', `${BASE}/marathon/start`, {
      token: learner.token,
      body: {
        max_questions: 50,
        time_limit_minutes: null,
        include_all_topics: true,
        randomize_order: true,
        stop_on_errors: null,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ session_type: 'marathon', time_limit_seconds: null });
    const ids = res.body.questions.map((q: Question) => q.id);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);

    const ordered = await t.api('POST', `${BASE}/marathon/start`, {
      token: learner.token,
      body: {
        max_questions: 20,
        randomize_order: false,
        time_limit_minutes: 30,
        stop_on_errors: 3,
      },
    });
    const orderedIds = ordered.body.questions.map((q: Question) => q.id);
    expect(orderedIds).toEqual([...orderedIds].sort((a, b) => a - b));
    expect(ordered.body.time_limit_seconds).toBe(1800);

    const bare = await t.api('POST', `${BASE}/marathon/start`, { token: learner.token });
    expect(bare.body.questions).toHaveLength(50);

    const bad = await t.api('POST', `${BASE}/marathon/start`, {
      token: learner.token,
      body: { max_questions: 0 },
    });
    expect(bad.status).toBe(400);
  });

  it('creates, lists and completes the own sessions and refuses impossible ones', async () => {
    const learner = await t.learner();
    const questions = await someQuestions(learner.token, 3);
    const created = await t.api('POST', `${BASE}/sessions`, {
      token: learner.token,
      body: {
        session_type: 'topics',
        question_ids: questions.map((q) => q.id),
        time_limit_seconds: 600,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      session_id: created.body.id,
      session_type: 'topics',
      question_ids: questions.map((q) => q.id),
      time_limit_seconds: 600,
      questions_answered: 0,
      is_completed: false,
      completed_at: null,
    });

    const unknown = await t.api('POST', `${BASE}/sessions`, {
      token: learner.token,
      body: { session_type: 'topics', question_ids: [999_999] },
    });
    expect(unknown.status).toBe(422);
    const badType = await t.api('POST', `${BASE}/sessions`, {
      token: learner.token,
      body: { session_type: 'nap' },
    });
    expect(badType.status).toBe(400);

    advance(MINUTE);
    // Two of the three answered in the session, one right: the server counts them itself.
    const [first, second] = questions as [Question, Question];
    await answer(learner.token, first, rightChoice(first), { session_id: created.body.id });
    await answer(learner.token, second, wrongChoice(second), { session_id: created.body.id });
    const completed = await t.api('PUT', `${BASE}/sessions/${created.body.id}`, {
      token: learner.token,
      body: {
        questions_answered: 3,
        correct_answers: 3,
        total_points: 30,
        time_spent_seconds: 95,
        is_completed: true,
      },
    });
    expect(completed.status).toBe(200);
    // The figures sent are not taken: what was answered in the session is.
    expect(completed.body).toMatchObject({
      questions_answered: 2,
      correct_answers: 1,
      total_points: first.points,
      // A minute has passed since the session began: at most 60 s and the 30 s grace.
      time_spent_seconds: 90,
      is_completed: true,
    });
    expect(completed.body.completed_at).toBe(clock.toISOString());

    // A run of three questions cannot claim to have answered ten thousand.
    const inflated = await t.api('PUT', `${BASE}/sessions/${created.body.id}`, {
      token: learner.token,
      body: { questions_answered: 10_000, correct_answers: 10_000, time_spent_seconds: 86_400 },
    });
    expect(inflated.status).toBe(200);
    expect(inflated.body).toMatchObject({
      questions_answered: 2,
      correct_answers: 1,
      time_spent_seconds: 90,
    });
    const empty = await t.api('PUT', `${BASE}/sessions/${created.body.id}`, {
      token: learner.token,
      body: {},
    });
    expect(empty.status).toBe(400);
    const missing = await t.api('PUT', `${BASE}/sessions/999999`, {
      token: learner.token,
      body: { is_completed: true },
    });
    expect(missing.status).toBe(404);

    const list = await t.api('GET', `${BASE}/sessions`, { token: learner.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(
      (await t.api('GET', `${BASE}/sessions?session_type=marathon`, { token: learner.token })).body,
    ).toEqual([]);
    expect((await t.api('GET', `${BASE}/sessions?limit=0`, { token: learner.token })).status).toBe(
      400,
    );
  });

  it('records a run that is over from when it began, within the bounds of a late answer', async () => {
    const learner = await t.learner();
    const registered = clock.getTime();
    advance(20 * MINUTE);
    const session = (startedAt: string) =>
      t.api('POST', `${BASE}/sessions`, {
        token: learner.token,
        body: { session_type: 'marathon', started_at: startedAt },
      });
    const began = new Date(registered + 5 * MINUTE).toISOString();
    const recorded = await session(began);
    expect(recorded.status).toBe(201);
    expect(recorded.body.created_at).toBe(began);

    for (const refused of [registered + 10 * DAY, registered - 3600 * 1000]) {
      const res = await session(new Date(refused).toISOString());
      expect(res.status, new Date(refused).toISOString()).toBe(422);
      expect(res.body.detail).toMatch(/started_at/);
    }
    expect((await session('yesterday')).status).toBe(400);
    // A clock a minute ahead of the server's is a clock difference: counted as now.
    const ahead = await session(new Date(clock.getTime() + MINUTE).toISOString());
    expect(ahead.body.created_at).toBe(clock.toISOString());
    const list = await t.api('GET', `${BASE}/sessions`, { token: learner.token });
    expect(list.body.map((row: { created_at: string }) => row.created_at)).toEqual([
      clock.toISOString(),
      began,
    ]);
  });

  it("does not let a learner see or change another learner's session", async () => {
    const owner = await t.learner();
    const intruder = await t.learner();
    const session = await t.api('POST', `${BASE}/sessions`, {
      token: owner.token,
      body: { session_type: 'express' },
    });
    const res = await t.api('PUT', `${BASE}/sessions/${session.body.id}`, {
      token: intruder.token,
      body: { questions_answered: 10, correct_answers: 10, is_completed: true },
    });
    expect(res.status).toBe(404);
    expect((await t.api('GET', `${BASE}/sessions`, { token: intruder.token })).body).toEqual([]);
    const own = await t.api('GET', `${BASE}/sessions`, { token: owner.token });
    expect(own.body[0]).toMatchObject({
      id: session.body.id,
      questions_answered: 0,
      is_completed: false,
    });
  });

  it('adds up the session statistics per mode and in total', async () => {
    const learner = await t.learner();
    const empty = await t.api('GET', `${BASE}/sessions/stats`, { token: learner.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      total_sessions: 0,
      completed_sessions: 0,
      total_questions_answered: 0,
      total_correct_answers: 0,
      accuracy: 0,
      total_time_seconds: 0,
      by_type: [],
    });

    const questions = await someQuestions(learner.token, 4);
    // Each run: which of the four questions it answered right and wrong, as the learner did.
    const runs = [
      { type: 'express', right: [0, 1], wrong: [2], seconds: 200, done: true },
      { type: 'express', right: [], wrong: [0, 3], seconds: 60, done: false },
      { type: 'marathon', right: [0, 1, 2, 3], wrong: [], seconds: 1500, done: true },
    ];
    for (const run of runs) {
      const session = await t.api('POST', `${BASE}/sessions`, {
        token: learner.token,
        body: { session_type: run.type },
      });
      const sessionId = { session_id: session.body.id };
      for (const i of run.right) {
        const question = questions[i] as Question;
        await answer(learner.token, question, rightChoice(question), sessionId);
      }
      for (const i of run.wrong) {
        const question = questions[i] as Question;
        await answer(learner.token, question, wrongChoice(question), sessionId);
      }
      advance(run.seconds * 1000);
      await t.api('PUT', `${BASE}/sessions/${session.body.id}`, {
        token: learner.token,
        body: {
          questions_answered: 50,
          correct_answers: 50,
          time_spent_seconds: run.seconds,
          is_completed: run.done,
        },
      });
    }
    const stats = await t.api('GET', `${BASE}/sessions/stats`, { token: learner.token });
    expect(stats.body).toMatchObject({
      total_sessions: 3,
      completed_sessions: 2,
      total_questions_answered: 9,
      total_correct_answers: 6,
      // 6 of 9.
      accuracy: 67,
      total_time_seconds: 1760,
    });
    expect(stats.body.by_type).toEqual([
      { session_type: 'express', sessions: 2, questions_answered: 5, correct_answers: 2 },
      { session_type: 'marathon', sessions: 1, questions_answered: 4, correct_answers: 4 },
    ]);
  });

  it('lists the training modes with their sizes and what the learner can start now', async () => {
    const learner = await t.learner();
    const res = await t.api('GET', `${BASE}/modes`, { token: learner.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 'tickets', question_count: 40, time_limit_seconds: null, available: true },
      { id: 'topics', question_count: null, time_limit_seconds: null, available: true },
      { id: 'express', question_count: 10, time_limit_seconds: 300, available: true },
      { id: 'weak-spots', question_count: 20, time_limit_seconds: null, available: false },
      { id: 'marathon', question_count: 50, time_limit_seconds: null, available: true },
      { id: 'daily-challenge', question_count: 10, time_limit_seconds: null, available: true },
      { id: 'review', question_count: 20, time_limit_seconds: null, available: false },
    ]);

    const [question] = await someQuestions(learner.token, 1);
    if (!question) throw new Error('the demo bank is empty');
    await answer(learner.token, question, wrongChoice(question));
    advance(15 * MINUTE);
    const after = await t.api('GET', `${BASE}/modes`, { token: learner.token });
    const available = Object.fromEntries(
      after.body.map((m: { id: string; available: boolean }) => [m.id, m.available]),
    );
    expect(available).toMatchObject({ 'weak-spots': true, review: true });
  });
});

describe.each(DATABASES)('training modules with an empty bank, then a small one, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: false });
  });
  afterAll(() => t.close());

  it('answers 409 to express and marathon starts and offers no modes that need questions', async () => {
    const learner = await t.learner();
    for (const url of [`${BASE}/express-test/start`, `${BASE}/marathon/start`]) {
      const res = await t.api('POST', url, { token: learner.token, body: {} });
      expect(res.status, url).toBe(409);
      expect(res.body.detail).toBe('No questions available');
    }
    const modes = await t.api('GET', `${BASE}/modes`, { token: learner.token });
    expect(modes.body.every((mode: { available: boolean }) => !mode.available)).toBe(true);
    const daily = await t.api('GET', `${BASE}/daily-challenge`, { token: learner.token });
    expect(daily.body.questions).toEqual([]);
    const recommended = await t.api('GET', `${BASE}/recommendations/questions`, {
      token: learner.token,
    });
    expect(recommended.body).toEqual({ questions: [] });
  });

  it('offers runs no longer than the bank once it holds fewer questions than the settings ask for', async () => {
    await addQuestions(t, [1, 1, 2]);
    const learner = await t.learner();
    const modes = await t.api('GET', `${BASE}/modes`, { token: learner.token });
    const counts = Object.fromEntries(
      modes.body.map((m: { id: string; question_count: number | null }) => [
        m.id,
        m.question_count,
      ]),
    );
    expect(counts).toMatchObject({ express: 3, marathon: 3, 'daily-challenge': 3 });
    const express = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: {},
    });
    expect(express.body.questions).toHaveLength(3);
  });
});
