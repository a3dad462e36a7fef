import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A question's words folded to lower case by JavaScript (every script, not only ASCII as
 * SQLite's LIKE and lower() manage), so a search is one LIKE over one column on SQLite and
 * PostgreSQL alike. Null until the app fills it (server/modules/questions/question-search.ts):
 * rows from before this migration or from a restored backup are filled on the first search.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('search_text', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('search_text').execute();
}
