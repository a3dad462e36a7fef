import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A training session recorded once its run is over may be sent again from the browser's outbox
 * (its answer lost on the way back): `client_id` is the key the client made for it, one session
 * per learner and key. Every session from before has none (NULL), every row as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('training_sessions').addColumn('client_id', 'text').execute();
  // Several sessions without a key (NULL) are allowed by both databases.
  await sql`create unique index training_sessions_client on training_sessions (user_id, client_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index training_sessions_client`.execute(db);
  await db.schema.alterTable('training_sessions').dropColumn('client_id').execute();
}
