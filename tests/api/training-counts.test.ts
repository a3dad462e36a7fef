/**
 * A training session's figures (answered, right, points, time) are the server's count of the
 * answers recorded in it, not what a client says: made-up figures are ignored or refused, and a
 * session from the version before (migration 0022) keeps the figures it was given.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPgSchema, dropPgSchema } from '../../bench/server-process';
import { migrateTo, openDatabase } from '../../server/db/database';
import { hashPassword } from '../../server/http/passwords';
import { createTestApp, DATABASES, type TestApp } from './helpers';
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

describe.each(DATABASES)('training session figures counted by the server on %s', (kind) => {
  let t: TestApp;
  let clock = new Date('2030-05-01T08:00:00.000Z');
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

  const startSession = async (token: string, questionIds?: number[]) => {
    const res = await t.api('POST', `${BASE}/sessions`, {
      token,
      body: { session_type: 'marathon', ...(questionIds ? { question_ids: questionIds } : {}) },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };

  const sessionRow = (token: string, id: number) =>
    t
      .api('GET', `${BASE}/sessions?limit=500`, { token })
      .then((res) => (res.body as { id: number }[]).find((row) => row.id === id));

  const memoryCount = async (userId: number) => {
    const row = await t.database.db
      .selectFrom('question_memory')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it("counts each question's first answer in the session once: a resend or a second try adds nothing", async () => {
    const learner = await t.learner();
    const [a, b] = (await someQuestions(learner.token, 2)) as [Question, Question];
    const id = await startSession(learner.token, [a.id, b.id]);
    const inSession = { session_id: id };
    const first = await answer(learner.token, a, rightChoice(a), { ...inSession, client_id: 'k1' });
    expect(first.status).toBe(200);
    // The reply was lost and the browser sends it again with the same key.
    expect(
      (await answer(learner.token, a, rightChoice(a), { ...inSession, client_id: 'k1' })).status,
    ).toBe(200);
    // Tried again in the same run, wrongly this time: the run's figure is its first answer.
    expect((await answer(learner.token, a, wrongChoice(a), inSession)).status).toBe(200);
    expect((await answer(learner.token, b, wrongChoice(b), inSession)).status).toBe(200);
    expect(await sessionRow(learner.token, id)).toMatchObject({
      questions_answered: 2,
      correct_answers: 1,
      total_points: a.points,
    });
  });

  it("refuses an answer naming another learner's session, one outside the session or dated before it, and stores nothing", async () => {
    const owner = await t.learner();
    const intruder = await t.learner();
    const [a, b] = (await someQuestions(owner.token, 2)) as [Question, Question];
    advance(10 * MINUTE);
    const id = await startSession(owner.token, [a.id]);

    const foreign = await answer(intruder.token, a, rightChoice(a), { session_id: id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.detail).toBe('Training session not found');
    const missing = await answer(owner.token, a, rightChoice(a), { session_id: 2_000_000 });
    expect(missing.status).toBe(404);
    const outside = await answer(owner.token, b, rightChoice(b), { session_id: id });
    expect(outside.status).toBe(422);
    expect(outside.body.detail).toBe(`These questions are not in the training session: ${b.id}`);
    // Kept offline, sent later, but dated nine minutes before the session existed.
    const before = await answer(owner.token, a, rightChoice(a), {
      session_id: id,
      answered_at: new Date(clock.getTime() - 9 * MINUTE).toISOString(),
    });
    expect(before.status).toBe(422);
    expect(before.body.detail).toBe('This answer is dated before its training session began');

    expect(await memoryCount(owner.id)).toBe(0);
    expect(await memoryCount(intruder.id)).toBe(0);
    expect(await sessionRow(owner.token, id)).toMatchObject({
      questions_answered: 0,
      correct_answers: 0,
    });
    // Two minutes of clock difference is not refused.
    const skewed = await answer(owner.token, a, rightChoice(a), {
      session_id: id,
      answered_at: new Date(clock.getTime() - 2 * MINUTE).toISOString(),
    });
    expect(skewed.status).toBe(200);
    expect(await sessionRow(owner.token, id)).toMatchObject({ questions_answered: 1 });
  });

  it('grades the answers a run recorded once it is over came with, and refuses ones outside its questions', async () => {
    const learner = await t.learner();
    const [a, b, c] = (await someQuestions(learner.token, 3)) as [Question, Question, Question];
    advance(5 * MINUTE);
    const startedAt = new Date(clock.getTime() - 2 * MINUTE).toISOString();
    const recorded = await t.api('POST', `${BASE}/sessions`, {
      token: learner.token,
      body: {
        session_type: 'tickets',
        question_ids: [a.id, b.id],
        started_at: startedAt,
        answers: [
          { question_id: a.id, selected_answers: rightChoice(a) },
          { question_id: b.id, selected_answers: wrongChoice(b) },
          // The same question twice: its first answer counts.
          { question_id: a.id, selected_answers: wrongChoice(a) },
        ],
      },
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      questions_answered: 2,
      correct_answers: 1,
      total_points: a.points,
    });
    // The client claims a perfect run of ten minutes: two minutes and the grace are all it gets.
    const completed = await t.api('PUT', `${BASE}/sessions/${recorded.body.id}`, {
      token: learner.token,
      body: {
        questions_answered: 2,
        correct_answers: 2,
        time_spent_seconds: 600,
        is_completed: true,
      },
    });
    expect(completed.body).toMatchObject({
      questions_answered: 2,
      correct_answers: 1,
      time_spent_seconds: 150,
    });

    const before = (await t.api('GET', `${BASE}/sessions`, { token: learner.token })).body.length;
    for (const [body, detail] of [
      [
        { question_ids: [a.id], answers: [{ question_id: c.id, selected_answers: [1] }] },
        `These questions are not in the training session: ${c.id}`,
      ],
      [
        { answers: [{ question_id: 2_000_000, selected_answers: [1] }] },
        'Unknown question ids: 2000000',
      ],
    ] as const) {
      const res = await t.api('POST', `${BASE}/sessions`, {
        token: learner.token,
        body: { session_type: 'tickets', ...body },
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(detail);
    }
    // Choice 5 of a question without a fifth answer names one it does not have.
    const drawn = (await someQuestions(learner.token, 40)) as (Question & { answer_5?: string })[];
    const fourAtMost = drawn.find((question) => !question.answer_5?.trim());
    expect(fourAtMost, 'a drawn question with fewer than five answers').toBeDefined();
    const beyond = await t.api('POST', `${BASE}/sessions`, {
      token: learner.token,
      body: {
        session_type: 'tickets',
        answers: [{ question_id: fourAtMost?.id, selected_answers: [5] }],
      },
    });
    expect(beyond.status).toBe(422);
    const after = (await t.api('GET', `${BASE}/sessions`, { token: learner.token })).body.length;
    expect(after).toBe(before);
  });

  it('records a run sent again from the outbox with its key once, answering the session recorded first', async () => {
    const learner = await t.learner();
    const other = await t.learner();
    const [a, b] = (await someQuestions(learner.token, 2)) as [Question, Question];
    advance(5 * MINUTE);
    const body = {
      session_type: 'marathon',
      question_ids: [a.id, b.id],
      started_at: new Date(clock.getTime() - 3 * MINUTE).toISOString(),
      client_id: 'record-run-0001',
      answers: [
        { question_id: a.id, selected_answers: rightChoice(a) },
        { question_id: b.id, selected_answers: wrongChoice(b) },
      ],
    };
    const first = await t.api('POST', `${BASE}/sessions`, { token: learner.token, body });
    expect(first.status).toBe(201);
    // The resend claims both right: the session recorded first stands.
    const resend = await t.api('POST', `${BASE}/sessions`, {
      token: learner.token,
      body: {
        ...body,
        answers: body.answers.map((answer, index) => ({
          ...answer,
          selected_answers: rightChoice(index === 0 ? a : b),
        })),
      },
    });
    expect(resend.body).toMatchObject({
      id: first.body.id,
      questions_answered: 2,
      correct_answers: 1,
    });
    // Another learner's key is theirs alone.
    const theirs = await t.api('POST', `${BASE}/sessions`, { token: other.token, body });
    expect(theirs.status).toBe(201);
    expect(theirs.body.id).not.toBe(first.body.id);
    const stats = await t.api('GET', `${BASE}/sessions/stats`, { token: learner.token });
    expect(stats.body).toMatchObject({
      total_sessions: 1,
      total_questions_answered: 2,
      total_correct_answers: 1,
    });
  });

  it('holds time spent to the time limit and the grace', async () => {
    const learner = await t.learner();
    const started = await t.api('POST', `${BASE}/express-test/start`, {
      token: learner.token,
      body: {},
    });
    expect(started.status).toBe(201);
    const limit = started.body.time_limit_seconds as number;
    advance(3 * limit * 1000);
    const res = await t.api('PUT', `${BASE}/sessions/${started.body.session_id}`, {
      token: learner.token,
      body: { time_spent_seconds: 3 * limit, is_completed: true },
    });
    expect(res.body.time_spent_seconds).toBe(limit + 30);
  });
});

describe.each(DATABASES)('upgrading a database made before counted sessions (%s)', (kind) => {
  let t: TestApp | undefined;
  let dataDir: string | undefined;
  let pgSchema: string | undefined;
  const url = String(process.env.TEST_DATABASE_URL);
  const NOW = '2026-12-01T10:00:00.000Z';

  afterEach(async () => {
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (pgSchema) await dropPgSchema(url, pgSchema);
  });

  it("keeps every session with its figures, and an older session's figures stay the client's", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-upgrade-'));
    if (kind === 'postgres') pgSchema = await createPgSchema(url, 'up');
    const old = openDatabase({
      dataDir,
      pgSchema,
      databaseUrl: kind === 'postgres' ? url : undefined,
    });
    const db = old.db as any;
    await migrateTo(old.db, '0018_exam_integrity', pgSchema);
    const password = 'olga-password';
    const user = await db
      .insertInto('users')
      .values({
        username: 'olga',
        email: 'olga@example.com',
        password_hash: await hashPassword(password),
        first_name: 'Olga',
        last_name: 'P',
        is_admin: 0,
        is_active: 1,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const figures = [
      { session_type: 'marathon', questions_answered: 12, correct_answers: 9, total_points: 11 },
      { session_type: 'express', questions_answered: 10, correct_answers: 10, total_points: 14 },
    ];
    for (const row of figures) {
      await db
        .insertInto('training_sessions')
        .values({
          ...row,
          user_id: user.id,
          question_ids: '[]',
          time_spent_seconds: 300,
          is_completed: 1,
          completed_at: NOW,
          created_at: NOW,
        })
        .execute();
    }
    await old.close();

    t = await createTestApp(kind, { dataDir, pgSchema, seedDemo: false });
    const rows = await (t.database.db as any)
      .selectFrom('training_sessions')
      .select([
        'session_type',
        'questions_answered',
        'correct_answers',
        'total_points',
        'counted_question_ids',
      ])
      .orderBy('id')
      .execute();
    expect(rows).toEqual(figures.map((row) => ({ ...row, counted_question_ids: null })));

    const login = await t.api('POST', '/auth/login', { body: { username: 'olga', password } });
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    const stats = await t.api('GET', `${BASE}/sessions/stats`, { token });
    expect(stats.body).toMatchObject({ total_questions_answered: 22, total_correct_answers: 19 });
    // An older version's session (a cached app finishing a run) keeps the figures it sends.
    const [first] = (await t.api('GET', `${BASE}/sessions`, { token })).body as { id: number }[];
    const update = await t.api('PUT', `${BASE}/sessions/${first!.id}`, {
      token,
      body: { questions_answered: 5, correct_answers: 4 },
    });
    expect(update.body).toMatchObject({ questions_answered: 5, correct_answers: 4 });
  });
});
