import { type Kysely, SqliteAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Each user gets a counter that triggers move whenever the user's exam results or memory
 * change, whoever writes them, so a process may keep what it derives from them (the statistics)
 * until the counter moves: it comes with the caller's row, which every signed-in request reads.
 * Nullable, so a backup made before this migration still restores.
 */
const ACTIVITY_TABLES = ['exam_results', 'question_memory'];
const EVENTS = [
  { event: 'insert', row: 'new' },
  { event: 'update', row: 'new' },
  { event: 'delete', row: 'old' },
] as const;
const BUMP = 'update users set activity_revision = coalesce(activity_revision, 0) + 1';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('activity_revision', 'bigint').execute();
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    for (const table of ACTIVITY_TABLES) {
      for (const { event, row } of EVENTS) {
        await sql`create trigger ${sql.raw(`${table}_${event}_activity`)} after ${sql.raw(event)}
          on ${sql.table(table)} begin ${sql.raw(`${BUMP} where id = ${row}.user_id`)}; end`.execute(
          db,
        );
      }
    }
    return;
  }
  // Statement triggers over the changed rows: an exam's forty memory rows move the counter once.
  for (const { event, row } of EVENTS) {
    await sql`create function ${sql.raw(`bump_activity_on_${event}`)}() returns trigger
      language plpgsql as $$ begin
        ${sql.raw(`${BUMP} where id in (select user_id from changed)`)}; return null;
      end $$`.execute(db);
    for (const table of ACTIVITY_TABLES) {
      await sql`create trigger ${sql.raw(`${table}_${event}_activity`)}
        after ${sql.raw(event)} on ${sql.table(table)}
        referencing ${sql.raw(row)} table as changed
        for each statement execute function ${sql.raw(`bump_activity_on_${event}`)}()`.execute(db);
    }
  }
  await sql`create function bump_activity_on_truncate() returns trigger language plpgsql as $$
    begin ${sql.raw(BUMP)}; return null; end $$`.execute(db);
  for (const table of ACTIVITY_TABLES) {
    await sql`create trigger ${sql.raw(`${table}_truncate_activity`)}
      after truncate on ${sql.table(table)}
      for each statement execute function bump_activity_on_truncate()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const table of ACTIVITY_TABLES) {
    for (const event of [...EVENTS.map((e) => e.event), ...(sqlite ? [] : ['truncate'])]) {
      const trigger = sql.raw(`${table}_${event}_activity`);
      if (sqlite) await sql`drop trigger if exists ${trigger}`.execute(db);
      else await sql`drop trigger if exists ${trigger} on ${sql.table(table)}`.execute(db);
    }
  }
  if (!sqlite) {
    for (const event of [...EVENTS.map((e) => e.event), 'truncate']) {
      await sql`drop function if exists ${sql.raw(`bump_activity_on_${event}`)}()`.execute(db);
    }
  }
  await db.schema.alterTable('users').dropColumn('activity_revision').execute();
}
