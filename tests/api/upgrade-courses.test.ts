/**
 * The upgrade to courses (migration 0013) on a database made by the version before it: every row
 * is kept, belongs to the one default course, and that course's rules are the exam settings the
 * database held.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/http/passwords';
import { DATABASES, type TestApp } from './helpers';
import { insertOldQuestions, upgradeScenario } from './upgrade-harness';

const BEFORE_COURSES = '0012_photo_alt';
const NOW = '2026-11-30T10:00:00.000Z';
const TABLES = [
  'users',
  'questions',
  'topics',
  'tickets',
  'exam_results',
  'exam_sessions',
  'training_sessions',
  'question_memory',
] as const;

describe.each(DATABASES)('upgrading a database made before courses (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('keeps every row, each in the default course, whose rules are the exam settings', async () => {
    const old = await scenario.openBefore(BEFORE_COURSES, 'up');
    // Frozen in time like the migrations: the tables as they were before courses.
    const db = old.db as any;
    for (const [key, value] of [
      ['exam_question_count', '30'],
      ['exam_time_limit_seconds', '1800'],
      ['exam_pass_percent', '75'],
    ]) {
      await db
        .insertInto('settings')
        .values({ key, value, data_type: 'integer', is_public: 1, updated_at: NOW })
        .execute();
    }
    const user = await db
      .insertInto('users')
      .values({
        username: 'olga',
        email: 'olga@example.com',
        password_hash: await hashPassword('olga-password'),
        first_name: 'Olga',
        last_name: 'P',
        is_admin: 0,
        is_active: 1,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questionIds = await insertOldQuestions(
      db,
      ['Who goes first?', 'What does this sign mean?'],
      NOW,
    );
    const ids = JSON.stringify(questionIds);
    await db
      .insertInto('topics')
      .values({ name: 'Priority', question_ids: ids, created_at: NOW })
      .execute();
    await db
      .insertInto('tickets')
      .values({ ticket_number: 1, question_ids: ids, created_at: NOW })
      .execute();
    const graded = questionIds.map((id, index) => ({
      question_id: id,
      selected_answers: [index === 0 ? 1 : 2],
      correct_answers: [1],
      is_correct: index === 0,
      points: index === 0 ? 1 : 0,
    }));
    await db
      .insertInto('exam_results')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        total_questions: 2,
        correct_answers: 1,
        score: 50,
        passed: 0,
        time_taken: 90,
        total_points: 1,
        max_points: 2,
        answers: JSON.stringify(graded),
        created_at: NOW,
      })
      .execute();
    await db
      .insertInto('exam_sessions')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        question_ids: ids,
        time_limit_seconds: 1800,
        started_at: NOW,
      })
      .execute();
    await db
      .insertInto('training_sessions')
      .values({ user_id: user.id, session_type: 'marathon', question_ids: ids, created_at: NOW })
      .execute();
    await db
      .insertInto('question_memory')
      .values({
        user_id: user.id,
        question_id: questionIds[1],
        wrong_count: 2,
        due_at: NOW,
        last_answered_at: NOW,
      })
      .execute();
    const countsBefore: Record<string, number> = {};
    for (const table of TABLES) {
      const row = await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirst();
      countsBefore[table] = Number(row.n);
    }
    await old.close();

    // The new version starts on it (and adds its administrator).
    t = await scenario.upgrade();
    const now = t.database.db as any;
    for (const table of TABLES) {
      const row = await now.selectFrom(table).select(now.fn.countAll().as('n')).executeTakeFirst();
      expect([table, Number(row.n)]).toEqual([
        table,
        countsBefore[table]! + (table === 'users' ? 1 : 0),
      ]);
    }
    // The settings are kept as they were (the start adds the defaults that were missing).
    const settings = await now
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'like', 'exam_%')
      .orderBy('key')
      .execute();
    expect(settings).toEqual([
      { key: 'exam_pass_percent', value: '75' },
      { key: 'exam_question_count', value: '30' },
      { key: 'exam_time_limit_seconds', value: '1800' },
    ]);
    for (const table of [
      'questions',
      'topics',
      'tickets',
      'exam_results',
      'exam_sessions',
      'training_sessions',
    ]) {
      const courses = await now.selectFrom(table).select('course_id').distinct().execute();
      expect([table, courses.map((row: { course_id: number }) => Number(row.course_id))]).toEqual([
        table,
        [1],
      ]);
    }

    const courses = await t.api('GET', '/courses');
    expect(courses.body).toHaveLength(1);
    expect(courses.body[0]).toMatchObject({ id: 1, is_default: true, question_total: 2 });
    expect(courses.body[0].rules).toMatchObject({
      question_count: 30,
      time_limit_seconds: 1800,
      pass_rule: 'percent_questions',
      pass_value: 75,
      extra_questions_per_mistake: 0,
    });

    // The learner signs in and finds her course, her result, her weak spot, her topic and ticket.
    const login = await t.api('POST', '/auth/login', {
      body: { username: 'olga', password: 'olga-password' },
    });
    expect(login.status).toBe(200);
    const token = login.body.access_token as string;
    expect(login.body.user.course_id).toBe(1);
    const history = await t.api('GET', '/exams/history', { token });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({
      score: 50,
      passed: false,
      pass_rule: 'percent_questions',
      pass_value: 75,
      mistakes: 1,
      course_id: 1,
    });
    const weak = await t.api('GET', '/training-modules/weak-spots', { token });
    expect(weak.body.map((spot: { question_id: number }) => spot.question_id)).toEqual([
      questionIds[1],
    ]);
    const topics = await t.api('GET', '/training-topics', { token });
    expect(topics.body.map((topic: { name: string }) => topic.name)).toEqual(['Priority']);
    const ticket = await t.api('GET', '/training-tickets/1', { token });
    expect(ticket.body.questions).toHaveLength(2);
  });
});
