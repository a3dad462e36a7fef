import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A search reads ё as е (foldForSearch, domain/text.ts). A question's stored search text with
 * an ё is cleared, and the app writes it again, folded the new way, before the first search
 * (server/modules/questions/question-search.ts), as it does for rows from before migration 0009.
 * Only that derived column changes; the question itself and its entity tag stay as they were.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('questions')
    .set({ search_text: null })
    .where('search_text', 'like', '%ё%')
    .execute();
}

/** A search text folded the new way is found by the older app as well: nothing to undo. */
export async function down(): Promise<void> {}
