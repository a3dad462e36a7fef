import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Schema } from '../../http/operations';

export type SetProgress = Schema<'QuestionSetProgress'>;

/**
 * A learner's progress on sets of questions (tickets, topics), from their memory of each
 * question: of the set's questions that exist, how many they have answered and how many they
 * got right the last time. A repeated id counts as often as it appears, as the set's
 * `question_count` does.
 */
export async function progressOfSets(
  db: Kysely<Database>,
  userId: number,
  sets: readonly (readonly number[])[],
  existing: ReadonlyMap<number, unknown>,
): Promise<SetProgress[]> {
  // A learner's memory holds at most one row per question of the bank: read it whole, once.
  const rows = await db
    .selectFrom('question_memory')
    .select(['question_id', 'last_correct'])
    .where('user_id', '=', userId)
    .execute();
  const rightLastTime = new Map(rows.map((row) => [row.question_id, row.last_correct === 1]));
  return sets.map((ids) => {
    const progress: SetProgress = { question_count: 0, answered: 0, right: 0 };
    for (const id of ids) {
      if (!existing.has(id)) continue;
      progress.question_count += 1;
      const right = rightLastTime.get(id);
      if (right === undefined) continue;
      progress.answered += 1;
      if (right) progress.right += 1;
    }
    return progress;
  });
}
