import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A pass mark in percent is from 1 to 100. The course form took 0 before (an exam everyone
 * passes), which the default course's `exam_pass_percent` setting then held against its own
 * rule, so a backup of such a database could not be restored. Such a mark becomes 1 %, the
 * least a course may ask: an exam with one right answer passes, as nearly every one did.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('courses')
    .set({ pass_value: 1 })
    .where('pass_rule', 'in', ['percent_questions', 'percent_points'])
    .where('pass_value', '<', 1)
    .execute();
  await db
    .updateTable('settings')
    .set({ value: '1' })
    .where('key', '=', 'exam_pass_percent')
    .where('value', '=', '0')
    .execute();
}

export async function down(): Promise<void> {
  // Nothing to undo: 1 % is a mark the version before took as well.
}
