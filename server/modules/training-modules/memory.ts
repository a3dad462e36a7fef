import {
  type CompiledQuery,
  type DialectAdapter,
  type Kysely,
  PostgresAdapter,
  type SqlBool,
  sql,
} from 'kysely';
import { type Card, createEmptyCard, fsrs, Rating, type State } from 'ts-fsrs';
import type { AppDeps } from '../../deps';
import type { Database, QuestionMemoryRow } from '../../db/schema';
import { BoundedMap } from '../../bounded-map';
import { type EvidenceAnswer, recordEvidence } from '../readiness/readiness.evidence';

const scheduler = fsrs({ enable_fuzz: false });

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
 * The stored card as FSRS takes it. A last answer later than now (a backup restored from a
 * machine whose clock ran fast, a clock set back) counts as answered now, as does one whose
 * time cannot be read: the scheduler refuses to go back in time.
 */
function cardOf(row: QuestionMemoryRow, now: Date): Card {
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
    last_review: notAfter(row.last_answered_at, now),
  };
}

/**
 * The chance, by FSRS's forgetting curve, that the learner recalls the question now: what
 * readiness starts from (domain/readiness.ts).
 */
export function retrievabilityOf(row: QuestionMemoryRow, now: Date): number {
  if (row.state === 0 || !(row.stability > 0)) return 0;
  // In fractional days: ts-fsrs's get_retrievability counts whole days, so an answer an hour
  // ago and one 23 hours ago would read alike.
  const elapsed = (now.getTime() - notAfter(row.last_answered_at, now).getTime()) / 86_400_000;
  return scheduler.forgetting_curve(Math.max(0, elapsed), row.stability);
}

export interface MemoryAnswer {
  questionId: number;
  isCorrect: boolean;
  topicName?: string | null | undefined;
  /** When it was given, if not now (a training answer sent late). */
  answeredAt?: Date | undefined;
  /** The client's key for it (training answers), so a resend is counted once. */
  key?: string | null | undefined;
}

/**
 * When the answer counts for FSRS: when it was given, but never before the card's last answer
 * (an answer kept offline can arrive after a later one of the same question, from an exam or
 * another device; the scheduler cannot go back in time) nor after now.
 */
function reviewTime(
  existing: QuestionMemoryRow | undefined,
  answer: MemoryAnswer,
  now: Date,
): Date {
  if (answer.answeredAt === undefined || answer.answeredAt > now) return now;
  const last = existing ? notAfter(existing.last_answered_at, now) : undefined;
  return last !== undefined && answer.answeredAt < last ? last : answer.answeredAt;
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
  const now = reviewTime(existing, answer, serverNow);
  const card = existing ? cardOf(existing, now) : createEmptyCard(now);
  const next = scheduler.next(card, now, answer.isCorrect ? Rating.Good : Rating.Again).card;
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
 * Building the upsert of an exam's forty rows takes Kysely about as long as SQLite takes to run
 * it, so it is compiled once per dialect and row count and then bound to each call's values:
 * `precompiled` (db/precompiled.ts) does this for queries of a fixed shape on one database,
 * while this one's shape follows its row count and it runs on whichever transaction calls it.
 */
const upserts = new WeakMap<DialectAdapter, BoundedMap<number, CompiledQuery>>();

function upsertOf(trx: Kysely<Database>, rows: readonly QuestionMemoryRow[]): CompiledQuery {
  const adapter = trx.getExecutor().adapter;
  let byCount = upserts.get(adapter);
  if (!byCount) upserts.set(adapter, (byCount = new BoundedMap(64)));
  let compiled = byCount.get(rows.length);
  if (!compiled) {
    const ordered = rows.map((row) => Object.fromEntries(MEMORY_COLUMNS.map((c) => [c, row[c]])));
    compiled = trx
      .insertInto('question_memory')
      .values(ordered as unknown as QuestionMemoryRow[])
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'question_id'])
          .doUpdateSet((eb) =>
            Object.fromEntries(UPDATED_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
          ),
      )
      .compile();
    byCount.set(rows.length, compiled);
  }
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of MEMORY_COLUMNS) parameters.push(row[column]);
  return { ...compiled, parameters };
}

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

/** recordAnswers inside a transaction the caller holds, with what else it writes. */
export async function writeAnswers(
  trx: Kysely<Database>,
  userId: number,
  answers: readonly MemoryAnswer[],
  now: Date,
): Promise<QuestionMemoryRow[]> {
  if (answers.length === 0) return [];
  await holdLearnerMemory(trx, userId);
  const ids = [...new Set(answers.map((a) => a.questionId))];
  const existing = new Map(
    (
      await trx
        .selectFrom('question_memory')
        .selectAll()
        .where('user_id', '=', userId)
        .where('question_id', 'in', ids)
        .execute()
    ).map((row) => [row.question_id, row]),
  );
  const evidence: EvidenceAnswer[] = [];
  for (const answer of answers) {
    const stored = existing.get(answer.questionId);
    // Sent again after its reply was lost: counted already (see migration 0011).
    if (answer.key && keysOf(stored?.recent_answer_keys ?? null).includes(answer.key)) continue;
    const at = reviewTime(stored, answer, now);
    evidence.push({
      questionId: answer.questionId,
      isCorrect: answer.isCorrect,
      retrievability: stored ? retrievabilityOf(stored, at) : undefined,
      at,
    });
    existing.set(answer.questionId, nextMemory(userId, stored, answer, now));
  }
  const rows = ids.map((id) => existing.get(id) as QuestionMemoryRow);
  await trx.executeQuery(upsertOf(trx, rows));
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
