import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Each user gets a counter that moves whenever their password changes; a token carries the
 * value it was issued under and is refused once they differ, so a new password ends every
 * session opened with the old one. Nullable (read as 0), so a backup made before this
 * migration still restores and tokens issued before it stay valid until the next change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('session_revision', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('session_revision').execute();
}
