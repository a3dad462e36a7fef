import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Results carry the client's attempt key, so a resent submission is saved once. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_results').addColumn('client_id', 'text').execute();
  await sql`create unique index exam_results_client on exam_results (user_id, client_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index exam_results_client`.execute(db);
  await db.schema.alterTable('exam_results').dropColumn('client_id').execute();
}
