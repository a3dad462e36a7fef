import {
  type CompiledQuery,
  type DialectAdapter,
  type Kysely,
  PostgresAdapter,
  type SqlBool,
  SqliteAdapter,
  sql,
} from 'kysely';
import { type Card, createEmptyCard, Rating, type State } from 'ts-fsrs';
import type { AppDeps } from '../../deps';
import type { Database, QuestionMemoryRow } from '../../db/schema';
import { precompiledFor } from '../../db/precompiled';
import { BoundedMap } from '../../bounded-map';
import { type EvidenceAnswer, recordEvidence } from '../readiness/readiness.evidence';
import { reviewCard, scheduler } from './fsrs-review';

/** A question counts as a weak spot when it was missed last time or missed at least as often as got right. */
export function isWeak(
  row: Pick<QuestionMemoryRow, 'correct_count' | 'wrong_count' | 'last_correct'>,
): boolean {
  return row.wrong_count > 0 && (row.last_correct === 0 || row.wrong_count >= row.correct_count);
}

/**
 * `isWeak` as a SQL condition on `question_memory`, so lists and counts are filtered by the
 * database; keep the two in step.
 */
export const weakSpotCondition = sql<SqlBool>`(${sql.ref('question_memory.wrong_count')} > 0 and (${sql.ref(
  'question_memory.last_correct',
)} = 0 or ${sql.ref('question_memory.wrong_count')} >= ${sql.ref('question_memory.correct_count')}))`;

/** A stored time, or now when it is not a time or lies ahead of now. */
function notAfter(stored: string, now: Date): Date {
  const time = new Date(stored);
  return Number.isNaN(time.getTime()) || time > now ? now : time;
}

/**
 * The stored card as FSRS takes it, with its last answer as lastAnswerOf read it. A last answer
 * later than now (a backup restored from a machine whose clock ran fast, a clock set back)
 * counts as answered now, as does one whose time cannot be read: the scheduler refuses to go
 * back in time.
 */
function cardOf(row: QuestionMemoryRow, lastAnswered: Date, now: Date): Card {
  const due = new Date(row.due_at);
  return {
    due: Number.isNaN(due.getTime()) ? now : due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: lastAnswered > now ? now : lastAnswered,
  };
}

/**
 * The chance, by FSRS's forgetting curve, that the learner recalls the question now: what
 * readiness starts from (domain/readiness.ts).
 */
export function retrievabilityOf(
  row: QuestionMemoryRow,
  now: Date,
  lastAnswered: Date = notAfter(row.last_answered_at, now),
): number {
  if (row.state === 0 || !(row.stability > 0)) return 0;
  // In fractional days: ts-fsrs's get_retrievability counts whole days, so an answer an hour
  // ago and one 23 hours ago would read alike.
  const elapsed = (now.getTime() - Math.min(lastAnswered.getTime(), now.getTime())) / 86_400_000;
  return scheduler.forgetting_curve(Math.max(0, elapsed), row.stability);
}

const EXAM_DAY_AHEAD_MS = 86_400_000;

/**
 * The chance, by FSRS's forgetting curve, that the learner recalls the question a day from now:
 * the exam readiness predicts. Read now, whatever was just answered, right or wrong, would count
 * as certain (the curve starts at 1 when the answer is shown), and readiness would leap after
 * practice and slide back by the minute. A day on, the calibration benchmark's Brier score was
 * also better on both of its banks (docs/readiness.md).
 */
export function recallOnExamDay(row: QuestionMemoryRow, now: Date): number {
  return retrievabilityOf(
    row,
    new Date(now.getTime() + EXAM_DAY_AHEAD_MS),
    notAfter(row.last_answered_at, now),
  );
}

export interface MemoryAnswer {
  questionId: number;
  isCorrect: boolean;
  topicName?: string | null | undefined;
  /** When it was given, if not now (a training answer sent late). */
  answeredAt?: Date | undefined;
  /** The client's key for it (training answers), so a resend is counted once. */
  key?: string | null | undefined;
  /** The course its question is in, when the caller knows it: readiness then need not look. */
  courseId?: number | undefined;
}

/**
 * When the answer counts for FSRS: when it was given, but never before the card's last answer
 * (an answer kept offline can arrive after a later one of the same question, from an exam or
 * another device; the scheduler cannot go back in time) nor after now.
 */
function reviewTime(last: Date | undefined, answer: MemoryAnswer, now: Date): Date {
  if (answer.answeredAt === undefined || answer.answeredAt > now) return now;
  return last !== undefined && answer.answeredAt < last ? last : answer.answeredAt;
}

/** The stored card's last answer (see notAfter), read once for everything an answer needs. */
function lastAnswerOf(existing: QuestionMemoryRow | undefined, now: Date): Date | undefined {
  return existing ? notAfter(existing.last_answered_at, now) : undefined;
}

/**
 * How many keys of a question's latest training answers are kept: enough for the answers of
 * a learner's other devices that may come between an answer and its resend.
 */
const KEPT_ANSWER_KEYS = 8;

/** The keys a `recent_answer_keys` value holds, newest first. */
function keysOf(stored: string | null): string[] {
  return stored ? stored.split(' ') : [];
}

/** `stored` with `key` first, the oldest beyond KEPT_ANSWER_KEYS dropped; as it was without one. */
function keysWith(stored: string | null, key: string | null | undefined): string | null {
  if (!key) return stored;
  return [key, ...keysOf(stored)].slice(0, KEPT_ANSWER_KEYS).join(' ');
}

/**
 * The memory after one more answer: the counts and the FSRS card moved on. Exported for the
 * readiness calibration benchmark, whose simulated learners keep memory as the server does.
 */
export function nextMemory(
  userId: number,
  existing: QuestionMemoryRow | undefined,
  answer: MemoryAnswer,
  serverNow: Date,
): QuestionMemoryRow {
  const last = lastAnswerOf(existing, serverNow);
  return memoryReviewedAt(userId, existing, last, answer, reviewTime(last, answer, serverNow));
}

/** nextMemory for an answer whose review time (reviewTime) is worked out already. */
function memoryReviewedAt(
  userId: number,
  existing: QuestionMemoryRow | undefined,
  lastAnswered: Date | undefined,
  answer: MemoryAnswer,
  now: Date,
): QuestionMemoryRow {
  const card =
    existing && lastAnswered ? cardOf(existing, lastAnswered, now) : createEmptyCard(now);
  const next = reviewCard(card, now, answer.isCorrect ? Rating.Good : Rating.Again);
  return {
    user_id: userId,
    question_id: answer.questionId,
    topic_name: answer.topicName ?? existing?.topic_name ?? null,
    correct_count: (existing?.correct_count ?? 0) + (answer.isCorrect ? 1 : 0),
    wrong_count: (existing?.wrong_count ?? 0) + (answer.isCorrect ? 0 : 1),
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
    last_answered_at: now.toISOString(),
    // An answer without a key (an exam's) keeps the others: a training answer whose reply was
    // lost may still be sent again after an exam, or another device, answered the question.
    recent_answer_keys: keysWith(existing?.recent_answer_keys ?? null, answer.key),
  };
}

/**
 * Feeds answers into the learner's memory of their questions: the counts and the FSRS card
 * (a right answer rates Good, a wrong one Again), so weak spots and review follow every answer.
 * One transaction, one read and one upsert, whatever the number of answers.
 */
export async function recordAnswers(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: number,
  answers: readonly MemoryAnswer[],
): Promise<QuestionMemoryRow[]> {
  if (answers.length === 0) return [];
  return deps.db.transaction().execute((trx) => writeAnswers(trx, userId, answers, deps.now()));
}

// Every column of a memory row, in the order the upsert binds them.
const MEMORY_COLUMNS = [
  'user_id',
  'question_id',
  'topic_name',
  'correct_count',
  'wrong_count',
  'last_correct',
  'stability',
  'difficulty',
  'reps',
  'lapses',
  'state',
  'elapsed_days',
  'scheduled_days',
  'learning_steps',
  'due_at',
  'last_answered_at',
  'recent_answer_keys',
] as const satisfies readonly (keyof QuestionMemoryRow)[];
const UPDATED_COLUMNS = MEMORY_COLUMNS.slice(2);

/**
 * A statement whose shape follows its row count (the read and the upsert of a learner's memory
 * of N questions), compiled once per dialect and count and then bound to each call's values:
 * building an exam's forty-row upsert takes Kysely about as long as SQLite takes to run it.
 * `precompiledFor` (db/precompiled.ts) does this for statements of one fixed shape.
 */
function compiledPerCount(build: (trx: Kysely<Database>, count: number) => CompiledQuery) {
  const byAdapter = new WeakMap<DialectAdapter, BoundedMap<number, CompiledQuery>>();
  return (trx: Kysely<Database>, count: number, parameters: unknown[]): CompiledQuery => {
    const adapter = trx.getExecutor().adapter;
    let byCount = byAdapter.get(adapter);
    if (!byCount) byAdapter.set(adapter, (byCount = new BoundedMap(64)));
    let compiled = byCount.get(count);
    if (!compiled) byCount.set(count, (compiled = build(trx, count)));
    return { ...compiled, parameters };
  };
}

/** The learner's memory of `count` questions: parameters are the user id, then the ids. */
const memoryReadOf = compiledPerCount((trx, count) =>
  trx
    .selectFrom('question_memory')
    .selectAll()
    .where('user_id', '=', 0)
    .where(
      'question_id',
      'in',
      Array.from({ length: count }, () => 0),
    )
    .compile(),
);

/** Every row's every column in MEMORY_COLUMNS order; on a conflict, each takes the new values. */
const memoryUpsertOf = compiledPerCount((trx, count) =>
  trx
    .insertInto('question_memory')
    .values(
      Array.from(
        { length: count },
        () => Object.fromEntries(MEMORY_COLUMNS.map((c) => [c, 0])) as never,
      ),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'question_id'])
        .doUpdateSet((eb) =>
          Object.fromEntries(UPDATED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
        ),
    )
    .compile(),
);

function upsertOf(trx: Kysely<Database>, rows: readonly QuestionMemoryRow[]): CompiledQuery {
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of MEMORY_COLUMNS) parameters.push(row[column]);
  return memoryUpsertOf(trx, rows.length, parameters);
}

/**
 * Moves the learner's activity revision (migration 0007), which tells the statistics kept per
 * process that the learner's memory changed. PostgreSQL's triggers do it once per statement;
 * SQLite's would once per row, so there the writer does it, once (migration 0024).
 */
const activityBumpOf = precompiledFor((db) =>
  db
    .updateTable('users')
    .set({ activity_revision: sql<number>`coalesce(activity_revision, 0) + 1` })
    .where('id', '=', 0),
);

// The first key of the transaction locks that serialise one learner's memory writes.
const MEMORY_LOCK = 0x6d656d;

/**
 * Two writes of one learner's memory at once (two tabs, an exam finishing beside a practice
 * answer) would each read a card before the other wrote it, and one answer would be lost. On
 * PostgreSQL, whose connections run side by side (in one process or several), the later waits
 * for the earlier's commit; SQLite runs one transaction at a time already.
 */
async function holdLearnerMemory(trx: Kysely<Database>, userId: number): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_advisory_xact_lock(${MEMORY_LOCK}::int, ${userId}::int)`.execute(trx);
  }
}

export interface WriteOptions {
  /**
   * The same transaction saves an exam result, whose insert moves the learner's activity
   * revision (migration 0007's trigger on exam_results): memory need not move it again.
   */
  resultSaved?: boolean;
}

/**
 * recordAnswers inside a transaction the caller holds, with what else it writes: one read of
 * the learner's memory of the answered questions, one upsert of it, and readiness's evidence.
 */
export async function writeAnswers(
  trx: Kysely<Database>,
  userId: number,
  answers: readonly MemoryAnswer[],
  now: Date,
  options: WriteOptions = {},
): Promise<QuestionMemoryRow[]> {
  if (answers.length === 0) return [];
  await holdLearnerMemory(trx, userId);
  const ids = [...new Set(answers.map((a) => a.questionId))];
  const read = await trx.executeQuery<QuestionMemoryRow>(
    memoryReadOf(trx, ids.length, [userId, ...ids]),
  );
  const existing = new Map(read.rows.map((row) => [row.question_id, row]));
  const evidence: EvidenceAnswer[] = [];
  for (const answer of answers) {
    const stored = existing.get(answer.questionId);
    // Sent again after its reply was lost: counted already (see migration 0011).
    if (answer.key && keysOf(stored?.recent_answer_keys ?? null).includes(answer.key)) continue;
    const last = lastAnswerOf(stored, now);
    const at = reviewTime(last, answer, now);
    evidence.push({
      questionId: answer.questionId,
      courseId: answer.courseId,
      isCorrect: answer.isCorrect,
      retrievability: stored ? retrievabilityOf(stored, at, last) : undefined,
      at,
    });
    existing.set(answer.questionId, memoryReviewedAt(userId, stored, last, answer, at));
  }
  const rows = ids.map((id) => existing.get(id) as QuestionMemoryRow);
  await trx.executeQuery(upsertOf(trx, rows));
  if (!options.resultSaved && trx.getExecutor().adapter instanceof SqliteAdapter) {
    await activityBumpOf(trx, userId);
  }
  await recordEvidence(trx, userId, evidence, now);
  return rows;
}

/** One answer into memory; see recordAnswers. */
export async function recordAnswer(
  deps: Pick<AppDeps, 'db' | 'now'>,
  answer: MemoryAnswer & { userId: number },
): Promise<QuestionMemoryRow> {
  const [row] = await recordAnswers(deps, answer.userId, [answer]);
  return row as QuestionMemoryRow;
}
