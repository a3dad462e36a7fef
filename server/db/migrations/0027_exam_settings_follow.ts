import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The exam settings and the default course's rules follow each other (migration 0013).
 *
 * - The setting `exam_time_limit_seconds` took up to 24 hours while the course, and so every
 *   exam, held 6 at most: a value over it becomes the 6 hours the exams had, and the setting
 *   keeps to the course's range from now on.
 * - On PostgreSQL a course save locks the course's row and then the settings', while a settings
 *   write locked its setting's row and then, by the trigger, the course's: the two at once could
 *   deadlock, one save failing. Every statement writing settings now takes the default course's
 *   row first, so both go in one order. SQLite writes one transaction at a time.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const longest = 21600;
  await db
    .updateTable('settings')
    .set({ value: String(longest) })
    .where('key', '=', 'exam_time_limit_seconds')
    .where(
      pg
        ? sql<boolean>`case when value ~ '^[0-9]{1,9}$' then value::bigint > ${longest} else false end`
        : sql<boolean>`value not glob '*[^0-9]*' and length(value) between 1 and 9 and cast(value as integer) > ${longest}`,
    )
    .execute();
  if (!pg) return;
  await sql`create function lock_default_course() returns trigger language plpgsql as $$
    begin
      perform 1 from courses where id = 1 for update;
      return null;
    end $$`.execute(db);
  await sql`create trigger settings_lock_default_course before insert or update on settings
    for each statement execute function lock_default_course()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`drop trigger settings_lock_default_course on settings`.execute(db);
  await sql`drop function lock_default_course()`.execute(db);
}
