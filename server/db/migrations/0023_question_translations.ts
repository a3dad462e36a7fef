import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Learning in one's own language (issue 42): a question's translations, one row per question and
 * language, going with the question (foreign key cascade) and moving the bank's revision as a
 * change to the questions does; the learner's chosen content language (null: the default); and
 * the language an exam session was sat in, kept with its result. No existing row changes: every
 * new column is empty for what exists.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('question_translations')
    .addColumn('question_id', pg ? 'bigint' : 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('answer_1', 'text', (c) => c.notNull())
    .addColumn('answer_2', 'text', (c) => c.notNull())
    .addColumn('answer_3', 'text')
    .addColumn('answer_4', 'text')
    .addColumn('answer_5', 'text')
    .addColumn('explanation', 'text')
    .addColumn('photo_alt', 'text')
    .addPrimaryKeyConstraint('question_translations_pk', ['question_id', 'language'])
    .execute();
  // The admin list's "missing a language" filter reads one language's rows.
  await db.schema
    .createIndex('question_translations_language')
    .on('question_translations')
    .columns(['language', 'question_id'])
    .execute();

  const bump = sql.raw(`update cache_revisions set revision = revision + 1 where name = 'bank'`);
  if (pg) {
    // bump_bank_revision() was made by migration 0004.
    await sql`create trigger question_translations_bank_revision
      after insert or update or delete or truncate on question_translations
      for each statement execute function bump_bank_revision()`.execute(db);
  } else {
    for (const event of ['insert', 'update', 'delete']) {
      await sql`create trigger ${sql.raw(`question_translations_${event}_bank_revision`)}
        after ${sql.raw(event)} on question_translations begin ${bump}; end`.execute(db);
    }
  }

  await db.schema.alterTable('users').addColumn('content_language', 'text').execute();
  await db.schema.alterTable('exam_sessions').addColumn('language', 'text').execute();
  await db.schema.alterTable('exam_results').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exam_results').dropColumn('language').execute();
  await db.schema.alterTable('exam_sessions').dropColumn('language').execute();
  await db.schema.alterTable('users').dropColumn('content_language').execute();
  // Dropping the table drops its triggers and index.
  await db.schema.dropTable('question_translations').execute();
}
