import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Settings get a counter of their own in `cache_revisions` (see 0004), so that a process may
 * keep their values and still see a change made by another process at its next request.
 */
const bump = sql.raw(`update cache_revisions set revision = revision + 1 where name = 'settings'`);

export async function up(db: Kysely<any>): Promise<void> {
  await db.insertInto('cache_revisions').values({ name: 'settings', revision: 0 }).execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`settings_${event}_revision`)} after ${sql.raw(event)}
        on settings begin ${bump}; end`.execute(db);
    }
    return;
  }
  await sql`create function bump_settings_revision() returns trigger language plpgsql as $$
    begin ${bump}; return null; end $$`.execute(db);
  await sql`create trigger settings_revision
    after insert or update or delete or truncate on settings
    for each statement execute function bump_settings_revision()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`settings_${event}_revision`)}`.execute(db);
    }
  } else {
    await sql`drop trigger if exists settings_revision on settings`.execute(db);
    await sql`drop function if exists bump_settings_revision()`.execute(db);
  }
  await db.deleteFrom('cache_revisions').where('name', '=', 'settings').execute();
}
