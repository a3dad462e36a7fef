import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A question's memory keeps the client's key of the last training answer it counted, so an
 * answer sent again (kept in the browser after its reply was lost) is counted once. Nullable:
 * answers from exams and older clients carry none, and a backup made before this restores.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_memory').addColumn('last_answer_key', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('question_memory').dropColumn('last_answer_key').execute();
}
