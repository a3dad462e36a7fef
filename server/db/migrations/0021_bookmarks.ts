import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Bookmarks: the questions a learner starred, one row per learner and question. They go with
 * the learner and with the question (foreign keys cascade); no existing row changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const idType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('bookmarks')
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('question_id', idType as 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookmarks_pk', ['user_id', 'question_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bookmarks').execute();
}
