/**
 * The upgrade to prepared exams and keyed training sessions (migrations 0025 and 0026) on a
 * database made by the version before them: every exam session, result and training session is
 * kept as it was, none is prepared or keyed, and a session left open before the upgrade is still
 * submitted as one started when it was drawn.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/http/passwords';
import { DATABASES, type TestApp } from './helpers';
import { insertOldQuestions, upgradeScenario } from './upgrade-harness';

const BEFORE_PREPARED_EXAMS = '0024_memory_activity_per_statement';
const TABLES = [
  'users',
  'questions',
  'exam_sessions',
  'exam_results',
  'training_sessions',
] as const;

describe.each(DATABASES)('upgrading a database made before prepared exams (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('keeps every session and result as it was, none prepared, and an open session submits as before', async () => {
    const old = await scenario.openBefore(BEFORE_PREPARED_EXAMS, 'prep');
    // Frozen in time like the migrations: the tables as they were before prepared exams.
    const db = old.db as any;
    const user = await db
      .insertInto('users')
      .values({
        username: 'lena',
        email: 'lena@example.com',
        password_hash: await hashPassword('lena-password'),
        first_name: 'Lena',
        last_name: 'P',
        is_admin: 0,
        is_active: 1,
        created_at: '2026-11-01T08:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const questionIds = await insertOldQuestions(db, [
      'Who goes first?',
      'What does this sign mean?',
    ]);
    const ids = JSON.stringify(questionIds);
    const finished = await db
      .insertInto('exam_sessions')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        question_ids: ids,
        main_count: 2,
        time_limit_seconds: 600,
        started_at: '2026-11-02T09:00:00.000Z',
        completed_at: '2026-11-02T09:05:00.000Z',
        language: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('exam_results')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        total_questions: 2,
        correct_answers: 2,
        score: 100,
        passed: 1,
        time_taken: 300,
        total_points: 2,
        max_points: 2,
        answers: JSON.stringify(
          questionIds.map((id) => ({
            question_id: id,
            selected_answers: [1],
            correct_answers: [1],
            is_correct: true,
            points: 1,
            is_extra: false,
          })),
        ),
        created_at: '2026-11-02T09:05:00.000Z',
        session_id: finished.id,
        language: 'en',
      })
      .execute();
    await db
      .insertInto('training_sessions')
      .values({
        user_id: user.id,
        session_type: 'marathon',
        question_ids: ids,
        questions_answered: 2,
        correct_answers: 1,
        total_points: 1,
        time_spent_seconds: 120,
        is_completed: 1,
        completed_at: '2026-11-02T10:02:00.000Z',
        created_at: '2026-11-02T10:00:00.000Z',
        counted_question_ids: ids,
      })
      .execute();
    // Begun just before the upgrade, its result still on the way.
    const startedAt = new Date(Date.now() - 60_000).toISOString();
    const open = await db
      .insertInto('exam_sessions')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        question_ids: ids,
        main_count: 2,
        time_limit_seconds: 600,
        started_at: startedAt,
        language: 'en',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rowsBefore: Record<string, Record<string, unknown>[]> = {};
    for (const table of TABLES)
      rowsBefore[table] = await db.selectFrom(table).selectAll().execute();
    await old.close();

    t = await scenario.upgrade();
    const now = t.database.db as any;
    for (const table of TABLES) {
      const after = (await now.selectFrom(table).selectAll().execute()) as Record<
        string,
        unknown
      >[];
      const added = table === 'users' ? 1 : 0;
      expect([table, after.length]).toEqual([table, rowsBefore[table]!.length + added]);
      for (const before of rowsBefore[table]!) {
        const match = after.find((row) => row.id === before.id);
        const columnsBefore = Object.fromEntries(
          Object.keys(before).map((name) => [name, match?.[name]]),
        );
        expect([table, columnsBefore]).toEqual([table, before]);
        if (table === 'exam_sessions') expect(match?.prepared_at).toBeNull();
        if (table === 'training_sessions') expect(match?.client_id).toBeNull();
      }
    }

    const login = await t.api('POST', '/auth/login', {
      body: { username: 'lena', password: 'lena-password' },
    });
    const token = login.body.access_token as string;
    const answers = questionIds.map((id) => ({ question_id: id, selected_answers: [1] }));
    const claimed = await t.api('POST', '/exams/submit', {
      token,
      body: { exam_type: 'exam', session_id: open.id, started_at: startedAt, answers },
    });
    expect(claimed.status).toBe(422);
    const submitted = await t.api('POST', '/exams/submit', {
      token,
      body: { exam_type: 'exam', session_id: open.id, answers },
    });
    expect(submitted.status).toBe(201);
    expect(submitted.body).toMatchObject({ passed: true, score: 100, over_time: false });
    const history = await t.api('GET', '/exams/history', { token });
    expect(history.body.map((result: { score: number }) => result.score)).toEqual([100, 100]);
  });
});
