import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPostgres(db);
  const id = (col: ColumnDefinitionBuilder) =>
    pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement();
  const idType = pg ? 'bigint' : 'integer';
  const binary = pg ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('users')
    .addColumn('id', idType as 'integer', id)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_login', 'text')
    .execute();
  // Usernames and e-mails are unique whatever their case.
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);

  await db.schema
    .createTable('questions')
    .addColumn('id', idType as 'integer', id)
    .addColumn('question_text', 'text', (c) => c.notNull())
    .addColumn('answer_1', 'text', (c) => c.notNull())
    .addColumn('answer_2', 'text', (c) => c.notNull())
    .addColumn('answer_3', 'text')
    .addColumn('answer_4', 'text')
    .addColumn('answer_5', 'text')
    .addColumn('right_answers', 'text', (c) => c.notNull())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('photo', 'text')
    .addColumn('explanation', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', idType as 'integer', id)
    .addColumn('ticket_number', 'integer', (c) => c.notNull().unique())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('topics')
    .addColumn('id', idType as 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull().unique())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('id', idType as 'integer', id)
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('data_type', 'text', (c) => c.notNull().defaultTo('string'))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('exam_results')
    .addColumn('id', idType as 'integer', id)
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('exam_type', 'text', (c) => c.notNull())
    .addColumn('total_questions', 'integer', (c) => c.notNull())
    .addColumn('correct_answers', 'integer', (c) => c.notNull())
    .addColumn('score', 'integer', (c) => c.notNull())
    .addColumn('passed', 'integer', (c) => c.notNull())
    .addColumn('time_taken', 'integer')
    .addColumn('total_points', 'integer', (c) => c.notNull())
    .addColumn('max_points', 'integer', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('exam_results_user')
    .on('exam_results')
    .columns(['user_id', 'exam_type', 'created_at'])
    .execute();

  await db.schema
    .createTable('exam_sessions')
    .addColumn('id', idType as 'integer', id)
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('exam_type', 'text', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('time_limit_seconds', 'integer', (c) => c.notNull())
    .addColumn('result_id', idType as 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();

  await db.schema
    .createTable('training_sessions')
    .addColumn('id', idType as 'integer', id)
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('session_type', 'text', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull())
    .addColumn('time_limit_seconds', 'integer')
    .addColumn('questions_answered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('correct_answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total_points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_spent_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_completed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('completed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('training_sessions_user')
    .on('training_sessions')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('question_memory')
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('question_id', idType as 'integer', (c) =>
      c.notNull().references('questions.id').onDelete('cascade'),
    )
    .addColumn('topic_name', 'text')
    .addColumn('correct_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_correct', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('stability', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('reps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lapses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('elapsed_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('learning_steps', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('last_answered_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_memory_pk', ['user_id', 'question_id'])
    .execute();
  await db.schema
    .createIndex('question_memory_due')
    .on('question_memory')
    .columns(['user_id', 'due_at'])
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', idType as 'integer', id)
    .addColumn('user_id', idType as 'integer')
    .addColumn('username', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'question_memory',
    'training_sessions',
    'exam_sessions',
    'exam_results',
    'settings',
    'topics',
    'tickets',
    'images',
    'questions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
