import { type SqlBool, sql } from 'kysely';
import { type Card, createEmptyCard, fsrs, Rating, type State } from 'ts-fsrs';
import type { AppDeps } from '../../deps';
import type { QuestionMemoryRow } from '../../db/schema';

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

function cardOf(row: QuestionMemoryRow): Card {
  return {
    due: new Date(row.due_at),
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsed_days,
    scheduled_days: row.scheduled_days,
    learning_steps: row.learning_steps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state as State,
    last_review: new Date(row.last_answered_at),
  };
}

/**
 * Feeds one answer into the learner's memory of a question: the counts and the FSRS card
 * (a right answer rates Good, a wrong one Again), so weak spots and review follow every answer.
 */
export async function recordAnswer(
  deps: AppDeps,
  answer: {
    userId: number;
    questionId: number;
    isCorrect: boolean;
    topicName?: string | null | undefined;
  },
): Promise<QuestionMemoryRow> {
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('question_memory')
      .selectAll()
      .where('user_id', '=', answer.userId)
      .where('question_id', '=', answer.questionId)
      .executeTakeFirst();
    const card = existing ? cardOf(existing) : createEmptyCard(now);
    const next = scheduler.next(card, now, answer.isCorrect ? Rating.Good : Rating.Again).card;
    const row: QuestionMemoryRow = {
      user_id: answer.userId,
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
    };
    if (existing) {
      await trx
        .updateTable('question_memory')
        .set(row)
        .where('user_id', '=', answer.userId)
        .where('question_id', '=', answer.questionId)
        .execute();
    } else {
      await trx.insertInto('question_memory').values(row).execute();
    }
    return row;
  });
}
