import { type Kysely, SqliteAdapter } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * In SQLite the rowid b-tree holds whole rows, so skipping to a deep page reads the whole table;
 * an index of the ids alone lets a page find its ids cheaply (PostgreSQL's primary key already does).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await db.schema.createIndex('questions_id_order').on('questions').column('id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('questions_id_order').ifExists().execute();
}
