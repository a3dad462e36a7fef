import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { parseQuestionIds } from '../questions/questions.model';

// Tickets and topics both refer to questions through a JSON id list. These helpers would sit
// best in questions.model.ts; they live here while that file has another owner.

// Keeps each statement under SQLite's bound-parameter limit, as questionsByIds does.
const CHUNK = 500;

/** The ids a stored `question_ids` text names; a damaged value reads as no questions. */
export function storedQuestionIds(text: string): number[] {
  return parseQuestionIds(text) ?? [];
}

/** id -> points for those of `ids` that still exist, in one query per 500 distinct ids. */
export async function pointsOfExistingQuestions(
  db: Kysely<Database>,
  ids: Iterable<number>,
): Promise<Map<number, number>> {
  const distinct = [...new Set(ids)];
  const points = new Map<number, number>();
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const rows = await db
      .selectFrom('questions')
      .select(['id', 'points'])
      .where('id', 'in', distinct.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) points.set(row.id, row.points);
  }
  return points;
}

/** The number and total points of those of `ids` found in `points`. */
export function existingSummary(
  ids: readonly number[],
  points: ReadonlyMap<number, number>,
): { count: number; maxPoints: number } {
  let count = 0;
  let maxPoints = 0;
  for (const id of ids) {
    const value = points.get(id);
    if (value === undefined) continue;
    count += 1;
    maxPoints += value;
  }
  return { count, maxPoints };
}
