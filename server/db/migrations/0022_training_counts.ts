import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The server counts a training session's figures: `counted_question_ids` lists the questions
 * whose first answer in the session it has counted (a JSON array). A session from before reads
 * NULL there and keeps the figures its client sent, every row as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('training_sessions')
    .addColumn('counted_question_ids', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('training_sessions').dropColumn('counted_question_ids').execute();
}
