import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The server holds the exam: a session knows how many of its drawn questions are the main part
 * (the rest is the extra-questions reserve), and a result names the session it was graded
 * against (one result per session) and whether it went past its time. Existing rows keep every
 * value: a session from before reads its main part from its course's count, a result from
 * before names no session and was not over time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').addColumn('main_count', 'integer').execute();
  await db.schema.alterTable('exam_results').addColumn('session_id', 'integer').execute();
  await db.schema
    .alterTable('exam_results')
    .addColumn('over_time', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Several results without a session (NULL) are allowed by both databases.
  await sql`create unique index exam_results_session on exam_results (session_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index exam_results_session`.execute(db);
  await db.schema.alterTable('exam_results').dropColumn('over_time').execute();
  await db.schema.alterTable('exam_results').dropColumn('session_id').execute();
  await db.schema.alterTable('exam_sessions').dropColumn('main_count').execute();
}
