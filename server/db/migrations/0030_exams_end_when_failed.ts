import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Exams that end at the mistake that fails them, and sessions graded by the rules they began with.
 *
 * - `courses.ends_when_failed`: the course ends its exam as soon as it can no longer be passed
 *   (CourseRules.ends_when_failed), as the Russian exam does. Every course made before keeps
 *   running its exams to the end: 0.
 * - `exam_results.ended_early`: the result of an exam that ended so, graded on the questions
 *   asked. Every result before: 0.
 * - `exam_sessions.rules`: the course's rules when the session was drawn (JSON), so a change an
 *   administrator makes meanwhile does not refuse the learner's exam. Null for a session drawn
 *   before: graded by the course's rules, as it was.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('courses')
    .addColumn('ends_when_failed', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('exam_results')
    .addColumn('ended_early', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('exam_sessions').addColumn('rules', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_sessions').dropColumn('rules').execute();
  await db.schema.alterTable('exam_results').dropColumn('ended_early').execute();
  await db.schema.alterTable('courses').dropColumn('ends_when_failed').execute();
}
