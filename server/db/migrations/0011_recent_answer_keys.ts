import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The one key of migration 0010 becomes the keys of a question's latest training answers
 * (newest first, space-separated: a key holds no space). With only the last one, an answer
 * resent after another device answered the same question counted twice. A single key as
 * stored before is such a list already.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question_memory')
    .renameColumn('last_answer_key', 'recent_answer_keys')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('question_memory')
    .renameColumn('recent_answer_keys', 'last_answer_key')
    .execute();
}
