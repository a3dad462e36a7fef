import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A course may end its exam as soon as it can no longer be passed (CourseRules.ends_when_failed),
 * as the Russian exam does. Every course made before keeps running its exams to the end: 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('ends_when_failed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('courses').dropColumn('ends_when_failed').execute();
}
