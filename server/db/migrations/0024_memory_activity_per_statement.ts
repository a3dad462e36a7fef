import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * On SQLite, which has row triggers only, the triggers of migration 0007 moved a learner's
 * activity revision once for every memory row an insert or update wrote: forty times for an
 * exam's forty answers. The app's one writer of those rows (server/modules/training-modules/
 * memory.ts) now moves it once per write, in the same transaction, so the insert and update
 * triggers go. The delete trigger stays: a course move and an account deletion delete memory
 * rows without that writer. A restore, which inserts memory rows too, moves the bank revision,
 * and what the activity revision guards (the statistics, exam-stats.ts) is kept per bank
 * snapshot. A SQLite file is held by its one server (locking_mode EXCLUSIVE), so nobody else
 * writes it while the server runs. PostgreSQL's triggers already run once per statement and stay.
 */
const EVENTS = ['insert', 'update'] as const;
const BUMP = 'update users set activity_revision = coalesce(activity_revision, 0) + 1';

export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const event of EVENTS) {
    await sql`drop trigger if exists ${sql.raw(`question_memory_${event}_activity`)}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const event of EVENTS) {
    await sql`create trigger ${sql.raw(`question_memory_${event}_activity`)} after ${sql.raw(event)}
      on question_memory begin ${sql.raw(`${BUMP} where id = new.user_id`)}; end`.execute(db);
  }
}
