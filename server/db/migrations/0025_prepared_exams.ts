import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * An exam session may be drawn ahead for an exam started with no connection: `prepared_at` says
 * when it was drawn (its `started_at` is then the learner's claimed start, set by its result).
 * Every session from before was started when drawn: NULL there, every row as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').addColumn('prepared_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').dropColumn('prepared_at').execute();
}
