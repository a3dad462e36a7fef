/**
 * The learner's memory as the batched write path keeps it (one read, one multi-row upsert and
 * one activity move per submission or training answer) against the per-row algorithm it
 * replaced, kept here: each answer read its question's row, moved the FSRS card and the counts,
 * wrote that one row (the activity revision moved with it) and added itself to readiness's
 * evidence. Two apps on two databases of the same kind, seeded alike, follow one clock: in the
 * first the learner sits exams and answers training questions through the API; in the second
 * the same answers go into the same learner's rows by the per-row algorithm, and the exam
 * results are copied over. After every step the memory rows, the readiness rows, and what the
 * API answers about weak spots, spaced review, statistics and readiness must be equal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { type Card, createEmptyCard, fsrs, Rating, type State } from 'ts-fsrs';
import { type LearnerEvidence, NO_EVIDENCE, withAnswer } from '../../domain/readiness';
import type { Database, QuestionMemoryRow } from '../../server/db/schema';
import { createTestApp, DATABASES, heldExam, type TestApp } from './helpers';
import {
  answerInTraining,
  rightChoice,
  someQuestions,
  TRAINING,
  type TrainingQuestion,
  wrongChoice,
} from './training-answers';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One answer as memory takes it. */
interface ReferenceAnswer {
  questionId: number;
  isCorrect: boolean;
  topicName?: string | undefined;
  answeredAt?: Date | undefined;
  key?: string | undefined;
}

// The per-row algorithm, as the server ran it before the batched write (server/modules/
// training-modules/memory.ts and readiness/readiness.evidence.ts at commit 2fd7294), written
// out again so the server's code is not its own reference.
const scheduler = fsrs({ enable_fuzz: false });

function notAfter(stored: string, now: Date): Date {
  const time = new Date(stored);
  return Number.isNaN(time.getTime()) || time > now ? now : time;
}

function reviewTime(row: QuestionMemoryRow | undefined, answer: ReferenceAnswer, now: Date) {
  if (answer.answeredAt === undefined || answer.answeredAt > now) return now;
  const last = row ? notAfter(row.last_answered_at, now) : undefined;
  return last !== undefined && answer.answeredAt < last ? last : answer.answeredAt;
}

function retrievability(row: QuestionMemoryRow, at: Date): number {
  if (row.state === 0 || !(row.stability > 0)) return 0;
  const elapsed = (at.getTime() - notAfter(row.last_answered_at, at).getTime()) / DAY;
  return scheduler.forgetting_curve(Math.max(0, elapsed), row.stability);
}

function nextRow(
  userId: number,
  row: QuestionMemoryRow | undefined,
  answer: ReferenceAnswer,
  at: Date,
): QuestionMemoryRow {
  const card: Card = row
    ? {
        due: Number.isNaN(new Date(row.due_at).getTime()) ? at : new Date(row.due_at),
        stability: row.stability,
        difficulty: row.difficulty,
        elapsed_days: row.elapsed_days,
        scheduled_days: row.scheduled_days,
        learning_steps: row.learning_steps,
        reps: row.reps,
        lapses: row.lapses,
        state: row.state as State,
        last_review: notAfter(row.last_answered_at, at),
      }
    : createEmptyCard(at);
  const next = scheduler.next(card, at, answer.isCorrect ? Rating.Good : Rating.Again).card;
  const keys = row?.recent_answer_keys ?? null;
  return {
    user_id: userId,
    question_id: answer.questionId,
    topic_name: answer.topicName ?? row?.topic_name ?? null,
    correct_count: (row?.correct_count ?? 0) + (answer.isCorrect ? 1 : 0),
    wrong_count: (row?.wrong_count ?? 0) + (answer.isCorrect ? 0 : 1),
    last_correct: answer.isCorrect ? 1 : 0,
    stability: next.stability,
    difficulty: next.difficulty,
    reps: next.reps,
    lapses: next.lapses,
    state: next.state,
    elapsed_days: next.elapsed_days,
    scheduled_days: next.scheduled_days,
    learning_steps: next.learning_steps,
    due_at: next.due.toISOString(),
    last_answered_at: at.toISOString(),
    recent_answer_keys: answer.key
      ? [answer.key, ...(keys ? keys.split(' ') : [])].slice(0, 8).join(' ')
      : keys,
  };
}

/** Feeds answers into a learner's rows one at a time, each in a statement of its own. */
async function perRow(
  db: Kysely<Database>,
  userId: number,
  courseId: number,
  answers: readonly ReferenceAnswer[],
  now: Date,
): Promise<void> {
  for (const answer of answers) {
    const row = await db
      .selectFrom('question_memory')
      .selectAll()
      .where('user_id', '=', userId)
      .where('question_id', '=', answer.questionId)
      .executeTakeFirst();
    if (answer.key && (row?.recent_answer_keys ?? '').split(' ').includes(answer.key)) continue;
    const at = reviewTime(row, answer, now);
    const next = nextRow(userId, row, answer, at);
    const { user_id: _user, question_id: _question, ...changes } = next;
    await db
      .insertInto('question_memory')
      .values(next)
      .onConflict((oc) => oc.columns(['user_id', 'question_id']).doUpdateSet(changes))
      .execute();
    // What the per-row triggers did on SQLite (PostgreSQL's statement triggers still do it).
    await db
      .updateTable('users')
      .set((eb) => ({
        activity_revision: eb(eb.fn.coalesce('activity_revision', eb.lit(0)), '+', 1),
      }))
      .where('id', '=', userId)
      .execute();

    const stored = await db
      .selectFrom('readiness_evidence')
      .selectAll()
      .where('user_id', '=', userId)
      .where('course_id', '=', courseId)
      .executeTakeFirst();
    const before: LearnerEvidence = stored
      ? {
          firstAnswers: stored.first_answers,
          firstRight: stored.first_right,
          seenAnswers: stored.seen_answers,
          seenRetrievability: stored.seen_retrievability,
          seenRight: stored.seen_right,
        }
      : NO_EVIDENCE;
    const after = withAnswer(before, answer.isCorrect, row ? retrievability(row, at) : undefined);
    const values = {
      first_answers: after.firstAnswers,
      first_right: after.firstRight,
      seen_answers: after.seenAnswers,
      seen_retrievability: after.seenRetrievability,
      seen_right: after.seenRight,
      updated_at: now.toISOString(),
    };
    await db
      .insertInto('readiness_evidence')
      .values({ user_id: userId, course_id: courseId, ...values })
      .onConflict((oc) => oc.columns(['user_id', 'course_id']).doUpdateSet(values))
      .execute();
    await db
      .insertInto('readiness_days')
      .values({
        user_id: userId,
        course_id: courseId,
        day: at.toISOString().slice(0, 10),
        answers: 1,
        probability: null,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'course_id', 'day'])
          .doUpdateSet((eb) => ({ answers: eb('readiness_days.answers', '+', 1) })),
      )
      .execute();
  }
}

/** What the tests compare: every row and answer that memory decides. */
async function memoryState(t: TestApp, learner: { id: number; token: string }) {
  const db = t.database.db;
  const rows = await db
    .selectFrom('question_memory')
    .selectAll()
    .where('user_id', '=', learner.id)
    .orderBy('question_id')
    .execute();
  const evidence = await db
    .selectFrom('readiness_evidence')
    .select([
      'course_id',
      'first_answers',
      'first_right',
      'seen_answers',
      'seen_retrievability',
      'seen_right',
      'updated_at',
    ])
    .where('user_id', '=', learner.id)
    .execute();
  const days = await db
    .selectFrom('readiness_days')
    .select(['course_id', 'day', 'answers', 'probability'])
    .where('user_id', '=', learner.id)
    .orderBy('day')
    .execute();
  const get = async (url: string) => {
    const res = await t.api('GET', url, { token: learner.token });
    expect(res.status, url).toBe(200);
    return res.body;
  };
  const ids = (body: { questions: { id: number }[] }) => body.questions.map((q) => q.id);
  const review = await get(`${TRAINING}/review/questions?limit=200`);
  return {
    rows,
    evidence,
    days,
    weakSpots: await get(`${TRAINING}/weak-spots?limit=500`),
    weakSpotQuestions: ids(await get(`${TRAINING}/weak-spots/questions?limit=200`)),
    analysis: await get(`${TRAINING}/weak-spots/analysis`),
    review: { ids: ids(review), dueCount: review.due_count },
    stats: await get('/exams/stats'),
    readiness: await get('/readiness'),
    modes: await get(`${TRAINING}/modes`),
  };
}

describe.each(DATABASES)('the learner memory write path (%s)', (kind) => {
  let clock = new Date('2030-03-02T08:00:00.000Z');
  const advance = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };
  /** Learns through the API. */
  let api: TestApp;
  /** Learns by the per-row algorithm. */
  let reference: TestApp;
  let learner: { id: number; token: string };
  let twin: { id: number; token: string };
  let questions: TrainingQuestion[];

  beforeAll(async () => {
    [api, reference] = await Promise.all([
      createTestApp(kind, { seedDemo: true, now: () => clock }),
      createTestApp(kind, { seedDemo: true, now: () => clock }),
    ]);
    learner = await api.learner('memo');
    twin = await reference.learner('memo');
    questions = await someQuestions(api, learner.token, 20);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([api?.close(), reference?.close()]);
  });

  const question = (index: number) => questions[index] as TrainingQuestion;
  const courseOf = async (id: number) =>
    Number(
      (
        await reference.database.db
          .selectFrom('questions')
          .select('course_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).course_id,
    );

  /**
   * An exam of `indexes` (in that order) sat now: `pattern[i]` says whether the i-th is
   * answered right (`r`), wrong (`w`) or left out (`-`).
   */
  async function exam(indexes: number[], pattern: string) {
    const ids = indexes.map((i) => question(i).id);
    const sessionId = await heldExam(api, learner.id, ids, { startedAt: clock });
    const given = indexes
      .map((i, n) => ({ q: question(i), mark: pattern[n] }))
      .filter(({ mark }) => mark !== '-');
    const res = await api.api('POST', '/exams/submit', {
      token: learner.token,
      body: {
        exam_type: 'exam',
        session_id: sessionId,
        answers: given.map(({ q, mark }) => ({
          question_id: q.id,
          selected_answers: mark === 'r' ? rightChoice(q) : wrongChoice(q),
        })),
      },
    });
    expect(res.status).toBe(201);
    // The result goes over as it is (statistics add results up); memory by the per-row rule.
    const saved = await api.database.db
      .selectFrom('exam_results')
      .selectAll()
      .where('id', '=', res.body.id)
      .executeTakeFirstOrThrow();
    const { id: _id, ...result } = saved;
    await reference.database.db
      .insertInto('exam_results')
      .values({ ...result, user_id: twin.id, session_id: null, client_id: null })
      .execute();
    await perRow(
      reference.database.db,
      twin.id,
      await courseOf(ids[0] as number),
      given.map(({ q, mark }) => ({ questionId: q.id, isCorrect: mark === 'r' })),
      clock,
    );
  }

  /** A training answer now, with what the page may send beside it. */
  async function train(
    index: number,
    right: boolean,
    extra: { client_id?: string; topic_name?: string; answered_at?: Date } = {},
  ) {
    const q = question(index);
    const res = await answerInTraining(
      api,
      learner.token,
      q,
      right ? rightChoice(q) : wrongChoice(q),
      {
        ...(extra.client_id ? { client_id: extra.client_id } : {}),
        ...(extra.topic_name ? { topic_name: extra.topic_name } : {}),
        ...(extra.answered_at ? { answered_at: extra.answered_at.toISOString() } : {}),
      },
    );
    expect(res.status).toBe(200);
    await perRow(
      reference.database.db,
      twin.id,
      await courseOf(q.id),
      [
        {
          questionId: q.id,
          isCorrect: right,
          topicName: extra.topic_name,
          key: extra.client_id,
          answeredAt: extra.answered_at && (extra.answered_at > clock ? clock : extra.answered_at),
        },
      ],
      clock,
    );
  }

  async function expectSameMemory() {
    expect(twin.id).toBe(learner.id);
    const [through, perRowState] = await Promise.all([
      memoryState(api, learner),
      memoryState(reference, twin),
    ]);
    expect(through.rows.length).toBeGreaterThan(0);
    expect(through).toEqual(perRowState);
    return through;
  }

  it('keeps memory, weak spots, review, statistics and readiness as the per-row algorithm did', async () => {
    // Day 0: a first exam, the last question left out.
    await exam([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 'rwrwrwrrwwr-');
    await expectSameMemory();

    // Five minutes on: training, a resend of the same answer (counted once), a new question.
    advance(5 * MINUTE);
    await train(1, true, { client_id: 'key-1', topic_name: 'Signs' });
    await train(1, true, { client_id: 'key-1', topic_name: 'Signs' });
    await train(3, false, { client_id: 'key-2' });
    await train(12, true);
    await expectSameMemory();

    // An hour on: an exam over some of the same questions and new ones.
    advance(55 * MINUTE);
    await exam([0, 1, 2, 3, 4, 5, 12, 13, 14, 15], 'rrwwrrwrw-');
    await expectSameMemory();

    // The next day: an answer kept offline since before the last one of its question (it counts
    // as given then), and more training.
    advance(DAY + HOUR);
    await train(5, false, { answered_at: new Date(clock.getTime() - DAY - 30 * MINUTE) });
    await train(7, true, { client_id: 'key-3' });
    await train(14, false, { client_id: 'key-4', topic_name: 'Junctions' });
    await expectSameMemory();

    // Three days in, ten days in, forty days in: reviews come due, cards lapse and relearn.
    advance(2 * DAY);
    await exam([11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0], 'rrrrwwrrrrrw');
    await expectSameMemory();
    advance(7 * DAY);
    await train(0, true);
    await train(2, false, { client_id: 'key-5' });
    await exam([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], 'rrrrrrrrwwrr');
    await expectSameMemory();
    advance(30 * DAY);
    await exam(
      Array.from({ length: 20 }, (_, i) => i),
      'rwrrrrrrrrrwrrrrrr-r',
    );
    const state = await expectSameMemory();

    // The counts by hand, from the marks above: question 1 was answered wrong (exam 1), right
    // once in training (its resend not counted), right (exam 2), right (exam 3), wrong (exam 5).
    const row = (index: number) => state.rows.find((r) => r.question_id === question(index).id);
    expect(row(1)).toMatchObject({ correct_count: 3, wrong_count: 2, last_correct: 0 });
    expect(row(1)?.topic_name).toBe('Signs');
    // Question 3: wrong (exam 1), wrong (training), wrong (exam 2), right (exam 3), right (exam 5).
    expect(row(3)).toMatchObject({ correct_count: 2, wrong_count: 3, last_correct: 1 });
    // Question 18 was left out of the last exam, its only one: no memory of it.
    expect(row(18)).toBeUndefined();
    // Question 19, right once (exam 5): a first answer, not a weak spot, not due yet.
    expect(row(19)).toMatchObject({ correct_count: 1, wrong_count: 0, reps: 1, lapses: 0 });
    expect(state.rows).toHaveLength(19);
    // The last day's answers: the 19 given in its one exam.
    expect(state.days.at(-1)).toMatchObject({ answers: 19 });
    // A weak spot is missed last time, or missed at least as often as got right: 1 and 3 are.
    const weak = state.weakSpotQuestions;
    expect(weak).toContain(question(1).id);
    expect(weak).not.toContain(question(19).id);
  }, 120_000);
});
