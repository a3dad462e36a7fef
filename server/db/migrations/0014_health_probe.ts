import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One row that `/health` rewrites on every call: a database that answers reads but refuses
 * writes (a full disk, a read-only file or server) shows up as degraded, not healthy.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('checked_at', 'text', (col) => col.notNull())
    .execute();
  await db
    .insertInto('health_probe')
    .values({ id: 1, checked_at: new Date(0).toISOString() })
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('health_probe').execute();
}
