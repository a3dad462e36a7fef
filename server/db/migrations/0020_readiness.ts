import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations take Kysely<any>: they are frozen in time and must not follow today's schema types.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Readiness ("Am I ready?", docs/readiness.md): per learner and course, one row a day with the
 * answers given that day and the day's latest pass probability (the history, the streak and the
 * ready badge), and the learner's decayed answer sums the probability learns from. Both go with
 * the learner and with the course (foreign keys cascade); no existing row changes. The two settings it reads (ready
 * threshold, daily goal) are added with the other defaults at start-up.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const idType = db.getExecutor().adapter instanceof PostgresAdapter ? 'bigint' : 'integer';
  await db.schema
    .createTable('readiness_days')
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('course_id', idType as 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('probability', 'double precision')
    .addPrimaryKeyConstraint('readiness_days_pk', ['user_id', 'course_id', 'day'])
    .execute();
  await db.schema
    .createTable('readiness_evidence')
    .addColumn('user_id', idType as 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('course_id', idType as 'integer', (c) =>
      c.notNull().references('courses.id').onDelete('cascade'),
    )
    .addColumn('first_answers', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('first_right', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_answers', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_retrievability', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_right', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('readiness_evidence_pk', ['user_id', 'course_id'])
    .execute();
  await db.schema
    .createIndex('readiness_evidence_course')
    .on('readiness_evidence')
    .column('course_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('readiness_evidence').execute();
  await db.schema.dropTable('readiness_days').execute();
}
