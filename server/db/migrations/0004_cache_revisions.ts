import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * A counter per cached data set, moved on by triggers in the same transaction as any change to
 * the set's tables, whoever writes them (API, seed, restore, another app process, a person with
 * a SQL shell). A process keeps what it derives from the set until the counter moves: one
 * primary-key read per request instead of reading the data again.
 */
const BANK_TABLES = ['questions', 'topics'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('cache_revisions')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('revision', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.insertInto('cache_revisions').values({ name: 'bank', revision: 0 }).execute();
  const bump = sql.raw(`update cache_revisions set revision = revision + 1 where name = 'bank'`);

  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    // SQLite has row triggers only; an import of many rows moves the counter many times.
    for (const table of BANK_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_${event}_bank_revision`)} after ${sql.raw(event)}
          on ${sql.table(table)} begin ${bump}; end`.execute(db);
      }
    }
    return;
  }
  await sql`create function bump_bank_revision() returns trigger language plpgsql as $$
    begin ${bump}; return null; end $$`.execute(db);
  for (const table of BANK_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_bank_revision`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_bank_revision()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of BANK_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`drop trigger if exists ${sql.raw(`${table}_${event}_bank_revision`)}`.execute(db);
      }
    }
  } else {
    for (const table of BANK_TABLES) {
      await sql`drop trigger if exists ${sql.raw(`${table}_bank_revision`)} on ${sql.table(table)}`.execute(
        db,
      );
    }
    await sql`drop function if exists bump_bank_revision()`.execute(db);
  }
  await db.schema.dropTable('cache_revisions').execute();
}
