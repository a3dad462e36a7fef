import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Tokens signed out before they expire, by the token's id, so every process refuses them.
 * No foreign key to users: a restore replaces the users without touching this table, and a
 * deleted user's rows go at their expiry like any other.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('token_id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
}
