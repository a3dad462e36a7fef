import type { Kysely } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** What a question's photo shows, read out in its place to those who cannot see it. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').addColumn('photo_alt', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('questions').dropColumn('photo_alt').execute();
}
