import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A photo replaced under its name (issue 38) moves the bank's revision, as a change to the
 * questions does: the questions' JSON carries each photo's version in its URL, so every process
 * drops what it built from the old bytes. A new photo moves nothing: no question names it yet.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const bump = sql.raw(`update cache_revisions set revision = revision + 1 where name = 'bank'`);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const event of ['update', 'delete']) {
      await sql`create trigger ${sql.raw(`images_${event}_bank_revision`)} after ${sql.raw(event)}
        on images begin ${bump}; end`.execute(db);
    }
    return;
  }
  // bump_bank_revision() was made by migration 0004.
  await sql`create trigger images_bank_revision after update or delete or truncate on images
    for each statement execute function bump_bank_revision()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const event of ['update', 'delete']) {
      await sql`drop trigger if exists ${sql.raw(`images_${event}_bank_revision`)}`.execute(db);
    }
    return;
  }
  await sql`drop trigger if exists images_bank_revision on images`.execute(db);
}
