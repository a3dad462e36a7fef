/**
 * The upgrade to exams ending at the failing mistake (migration 0030) on a database made by the
 * version before it: every course, result and session is kept as it was; courses run their exams
 * to the end until an administrator says otherwise, results read as run to the end, and a
 * session drawn before is graded by its course's rules.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/http/passwords';
import { DATABASES, type TestApp } from './helpers';
import { insertOldQuestions, upgradeScenario } from './upgrade-harness';

const BEFORE_COURSE_ENDS = '0029_search_yo_as_ye';
const NOW = '2026-11-01T08:00:00.000Z';

// Frozen in time like the migrations: the tables as they were before this one.
const rowsOf = async (db: any, table: string) =>
  (await db.selectFrom(table).selectAll().orderBy('id').execute()) as Record<string, unknown>[];

describe.each(DATABASES)('upgrading a database made before exams ending early (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('keeps every course, result and session, its exams running to the end, and lets one end early', async () => {
    const old = await scenario.openBefore(BEFORE_COURSE_ENDS, 'courseends');
    const db = old.db as any;
    await db
      .insertInto('courses')
      .values({
        name: 'Russia A/B',
        description: 'ПДД',
        language: 'ru',
        question_count: 20,
        time_limit_seconds: 1200,
        pass_rule: 'max_mistakes',
        pass_value: 2,
        extra_questions_per_mistake: 5,
        extra_seconds_per_mistake: 300,
        created_at: NOW,
      })
      .execute();
    const user = await db
      .insertInto('users')
      .values({
        username: 'pavel',
        email: 'pavel@example.com',
        password_hash: await hashPassword('pavel-password'),
        first_name: 'Pavel',
        last_name: 'S',
        is_admin: 0,
        is_active: 1,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [first, second] = await insertOldQuestions(db, ['Who goes first?', 'Which sign?']);
    const graded = [first, second].map((id) => ({
      question_id: id,
      selected_answers: [1],
      correct_answers: [1],
      is_correct: true,
      points: 1,
      is_extra: false,
    }));
    await db
      .insertInto('exam_results')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        total_questions: 2,
        correct_answers: 2,
        score: 100,
        passed: 1,
        time_taken: 60,
        total_points: 2,
        max_points: 2,
        answers: JSON.stringify(graded),
        created_at: NOW,
      })
      .execute();
    // An exam drawn before the upgrade and sent after it.
    const open = await db
      .insertInto('exam_sessions')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        question_ids: JSON.stringify([first, second]),
        main_count: 2,
        time_limit_seconds: 2400,
        started_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const courses = await rowsOf(db, 'courses');
    const results = await rowsOf(db, 'exam_results');
    const sessions = await rowsOf(db, 'exam_sessions');
    expect(courses.length).toBeGreaterThanOrEqual(2);
    await old.close();

    t = await scenario.upgrade();
    const upgraded = t.database.db as any;
    expect(await rowsOf(upgraded, 'courses')).toEqual(
      courses.map((row) => ({ ...row, ends_when_failed: 0 })),
    );
    expect(await rowsOf(upgraded, 'exam_results')).toEqual(
      results.map((row) => ({ ...row, ended_early: 0 })),
    );
    expect(await rowsOf(upgraded, 'exam_sessions')).toEqual(
      sessions.map((row) => ({ ...row, rules: null })),
    );

    const pavel = await t.api<{ access_token: string }>('POST', '/auth/login', {
      body: { username: 'pavel', password: 'pavel-password' },
    });
    const token = pavel.body.access_token;
    const history = await t.api<Record<string, unknown>[]>('GET', '/exams/history', { token });
    expect(history.body.map((result) => [result.ended_early, result.total_questions])).toEqual([
      [false, 2],
    ]);
    const sent = await t.api('POST', '/exams/submit', {
      token,
      body: {
        exam_type: 'exam',
        session_id: open.id,
        answers: [first, second].map((id) => ({ question_id: id, selected_answers: [1] })),
      },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ passed: true, ended_early: false, total_questions: 2 });

    const admin = await t.adminToken();
    const listed = await t.api<{ id: number; rules: Record<string, unknown> }[]>('GET', '/courses');
    expect(listed.body.map((course) => course.rules.ends_when_failed)).toEqual(
      courses.map(() => false),
    );
    const russia = listed.body.find((course) => course.rules.pass_rule === 'max_mistakes')!;
    const saved = await t.api<{ rules: Record<string, unknown> }>(
      'PUT',
      `/admin/courses/${russia.id}`,
      {
        token: admin,
        body: {
          name: 'Russia A/B',
          description: 'ПДД',
          language: 'ru',
          rules: { ...russia.rules, ends_when_failed: true },
        },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.rules.ends_when_failed).toBe(true);
  });
});
