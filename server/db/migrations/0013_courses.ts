import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/** Tables whose rows belong to one course; each gets `course_id`, the default course's for what exists. */
const OWNED_TABLES = [
  'users',
  'questions',
  'exam_results',
  'exam_sessions',
  'training_sessions',
] as const;

/** The spec's exam, used where a stored setting is missing or not a number in range. */
const SPEC = { question_count: 40, time_limit_seconds: 2400, pass_percent: 70 };

async function settingNumber(db: Kysely<any>, key: string, fallback: number, max: number) {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  const value = Number(row?.value);
  return Number.isInteger(value) && value >= 1 && value <= max ? value : fallback;
}

/**
 * Courses: a question bank with its exam rules. Everything that exists goes into course 1, the
 * default course, whose rules are today's exam settings; ticket numbers and topic names become
 * unique within a course instead of across the server.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('courses')
    .addColumn('id', pg ? 'bigint' : 'integer', (col) =>
      pg ? col.primaryKey().generatedByDefaultAsIdentity() : col.primaryKey().autoIncrement(),
    )
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('question_count', 'integer', (c) => c.notNull())
    .addColumn('time_limit_seconds', 'integer', (c) => c.notNull())
    .addColumn('pass_rule', 'text', (c) => c.notNull())
    .addColumn('pass_value', 'integer', (c) => c.notNull())
    .addColumn('extra_questions_per_mistake', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('extra_seconds_per_mistake', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await sql`create unique index courses_name_lower on courses (lower(name))`.execute(db);

  const passPercent = await settingNumber(db, 'exam_pass_percent', SPEC.pass_percent, 100);
  // The first row of a new table: its id is 1, the default course's.
  await db
    .insertInto('courses')
    .values({
      name: 'Driving theory',
      description: '',
      language: 'en',
      question_count: await settingNumber(db, 'exam_question_count', SPEC.question_count, 200),
      time_limit_seconds: await settingNumber(
        db,
        'exam_time_limit_seconds',
        SPEC.time_limit_seconds,
        21600,
      ),
      pass_rule: 'percent_questions',
      pass_value: passPercent,
      created_at: new Date().toISOString(),
    })
    .execute();

  for (const table of OWNED_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('course_id', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
  }
  // A stored result keeps the rule it was graded by: those before courses, today's pass percent.
  await db.schema
    .alterTable('exam_results')
    .addColumn('pass_rule', 'text', (c) => c.notNull().defaultTo('percent_questions'))
    .execute();
  await db.schema
    .alterTable('exam_results')
    .addColumn('pass_value', 'integer', (c) => c.notNull().defaultTo(70))
    .execute();
  await db.schema
    .alterTable('exam_results')
    .addColumn('decided_by', 'text', (c) => c.notNull().defaultTo('percent_questions'))
    .execute();
  for (const column of ['mistakes', 'unanswered']) {
    await db.schema
      .alterTable('exam_results')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  // Before courses an exam had no extra questions: every question not right was a mistake.
  await db
    .updateTable('exam_results')
    .set({
      pass_value: passPercent,
      mistakes: sql`total_questions - correct_answers`,
    })
    .execute();

  await db.schema
    .createIndex('questions_course')
    .on('questions')
    .columns(['course_id', 'id'])
    .execute();

  if (pg) {
    for (const table of ['tickets', 'topics']) {
      await db.schema
        .alterTable(table)
        .addColumn('course_id', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    }
    await sql`alter table tickets drop constraint if exists tickets_ticket_number_key`.execute(db);
    await sql`alter table topics drop constraint if exists topics_name_key`.execute(db);
    await sql`create trigger courses_bank_revision
      after insert or update or delete or truncate on courses
      for each statement execute function bump_bank_revision()`.execute(db);
  } else {
    // SQLite cannot drop a column's unique constraint: the two tables are made again.
    await sql`create table tickets_by_course (
      id integer primary key autoincrement,
      ticket_number integer not null,
      question_ids text not null,
      created_at text not null,
      course_id integer not null default 1)`.execute(db);
    await sql`insert into tickets_by_course (id, ticket_number, question_ids, created_at)
      select id, ticket_number, question_ids, created_at from tickets`.execute(db);
    await sql`drop table tickets`.execute(db);
    await sql`alter table tickets_by_course rename to tickets`.execute(db);

    await sql`create table topics_by_course (
      id integer primary key autoincrement,
      name text not null,
      question_ids text not null,
      created_at text not null,
      course_id integer not null default 1)`.execute(db);
    await sql`insert into topics_by_course (id, name, question_ids, created_at)
      select id, name, question_ids, created_at from topics`.execute(db);
    // Dropping the table drops its revision triggers; they are made again below.
    await sql`drop table topics`.execute(db);
    await sql`alter table topics_by_course rename to topics`.execute(db);

    const bump = sql.raw(`update cache_revisions set revision = revision + 1 where name = 'bank'`);
    for (const table of ['topics', 'courses']) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql`create trigger ${sql.raw(`${table}_${event}_bank_revision`)} after ${sql.raw(event)}
          on ${sql.table(table)} begin ${bump}; end`.execute(db);
      }
    }
  }
  await db.schema
    .createIndex('tickets_course_number')
    .on('tickets')
    .columns(['course_id', 'ticket_number'])
    .unique()
    .execute();
  await db.schema
    .createIndex('topics_course_name')
    .on('topics')
    .columns(['course_id', 'name'])
    .unique()
    .execute();
  await followExamSettings(db, pg);
  // The bank's readers now see courses: a cache kept from before must be read again.
  await sql`update cache_revisions set revision = revision + 1 where name = 'bank'`.execute(db);
}

/**
 * The public settings `exam_question_count`, `exam_time_limit_seconds` and `exam_pass_percent`
 * are the default course's rules: whichever way a setting is written (one call, a bulk update,
 * defaults, a restore, a SQL shell), the course follows in the same transaction. A value that is
 * not a whole number is left out; one out of the course's range is brought into it.
 */
async function followExamSettings(db: Kysely<any>, pg: boolean): Promise<void> {
  const targets = [
    ['exam_question_count', 'question_count', 1, 200, ''],
    ['exam_time_limit_seconds', 'time_limit_seconds', 60, 21600, ''],
    ['exam_pass_percent', 'pass_value', 0, 100, " and pass_rule = 'percent_questions'"],
  ] as const;
  if (pg) {
    const statements = targets
      .map(
        ([key, column, low, high, extra]) =>
          `if new.key = '${key}' then update courses set ${column} = greatest(${low}, least(${high}, new.value::bigint)) where id = 1${extra}; end if;`,
      )
      .join('\n');
    await sql
      .raw(
        `create function follow_exam_settings() returns trigger language plpgsql as $$
        begin
          if new.value ~ '^[0-9]{1,9}$' then ${statements} end if;
          return null;
        end $$`,
      )
      .execute(db);
    await sql`create trigger settings_follow_exam_rules after insert or update on settings
      for each row execute function follow_exam_settings()`.execute(db);
    return;
  }
  const statements = targets
    .map(
      ([key, column, low, high, extra]) =>
        `update courses set ${column} = max(${low}, min(${high}, cast(new.value as integer))) where id = 1 and new.key = '${key}'${extra};`,
    )
    .join('\n');
  for (const event of ['insert', 'update']) {
    await sql
      .raw(
        `create trigger settings_${event}_follow_exam_rules after ${event} on settings
        when new.value glob '[0-9]*' and not new.value glob '*[^0-9]*' and length(new.value) <= 9
        begin ${statements} end`,
      )
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('Courses cannot be undone without losing which course each row belongs to.');
}
