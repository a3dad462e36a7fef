import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A topic's name in other languages than its course's exam language, as a JSON object by
 * language (`{"ru":"Знаки"}`), so a learner reading questions in Russian reads the topics in
 * Russian too. Null for none: every topic that exists keeps its name and has none. The topics'
 * triggers (migration 0004) already move the bank's revision on any change to the row.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topics').addColumn('translations', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('topics').dropColumn('translations').execute();
}
