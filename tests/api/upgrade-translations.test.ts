/**
 * The upgrade to translations (migration 0023) on a database made by the version before it:
 * every row is kept as it was, the new columns are empty (the default content language, no
 * language said for a past exam), and the questions can be translated from then on.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/http/passwords';
import { DATABASES, type TestApp } from './helpers';
import { upgradeScenario } from './upgrade-harness';

const BEFORE_TRANSLATIONS = '0022_training_counts';
const NOW = '2026-12-01T10:00:00.000Z';
const TABLES = [
  'courses',
  'users',
  'questions',
  'images',
  'topics',
  'tickets',
  'exam_results',
  'exam_sessions',
  'training_sessions',
  'question_memory',
  'audit_log',
] as const;

describe.each(DATABASES)('upgrading a database made before translations (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('keeps every row as it was and lets its questions be translated from then on', async () => {
    const old = await scenario.openBefore(BEFORE_TRANSLATIONS, 'up');
    // Frozen in time like the migrations: the tables as they were before translations.
    const db = old.db as any;
    const course = await db
      .insertInto('courses')
      .values({
        name: 'Korea class 2',
        description: '',
        language: 'ko',
        question_count: 2,
        time_limit_seconds: 600,
        pass_rule: 'percent_questions',
        pass_value: 60,
        created_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const courseId = Number(course.id);
    const user = await db
      .insertInto('users')
      .values({
        username: 'mina',
        email: 'mina@example.com',
        password_hash: await hashPassword('mina-password'),
        first_name: 'Mina',
        last_name: 'K',
        is_admin: 0,
        is_active: 1,
        created_at: NOW,
        course_id: courseId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('images')
      .values({
        name: 'sign.svg',
        content_type: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        etag: '"sign"',
        created_at: NOW,
      })
      .execute();
    const questionIds: number[] = [];
    for (const text of ['누가 먼저 갑니까?', '이 표지판은 무엇을 뜻합니까?']) {
      const row = await db
        .insertInto('questions')
        .values({
          question_text: text,
          answer_1: '가',
          answer_2: '나',
          right_answers: '1',
          points: 1,
          photo: questionIds.length === 1 ? 'sign.svg' : null,
          created_at: NOW,
          course_id: courseId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      questionIds.push(Number(row.id));
    }
    const ids = JSON.stringify(questionIds);
    await db
      .insertInto('topics')
      .values({ name: '우선순위', question_ids: ids, created_at: NOW, course_id: courseId })
      .execute();
    await db
      .insertInto('tickets')
      .values({ ticket_number: 1, question_ids: ids, created_at: NOW, course_id: courseId })
      .execute();
    const session = await db
      .insertInto('exam_sessions')
      .values({
        user_id: user.id,
        exam_type: 'exam',
        question_ids: ids,
        main_count: 2,
        time_limit_seconds: 600,
        started_at: NOW,
        completed_at: NOW,
        course_id: courseId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const graded = questionIds.map((id, index) => ({
      question_id: id,
      selected_answers: [index === 0 ? 1 : 2],
      correct_answers: [1],
      is_correct: index === 0,
      points: index === 0 ? 1 : 0,
      is_extra: false,
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
        course_id: courseId,
        mistakes: 1,
        session_id: session.id,
      })
      .execute();
    await db
      .insertInto('training_sessions')
      .values({
        user_id: user.id,
        session_type: 'marathon',
        question_ids: ids,
        created_at: NOW,
        course_id: courseId,
      })
      .execute();
    await db
      .insertInto('question_memory')
      .values({
        user_id: user.id,
        question_id: questionIds[1],
        wrong_count: 1,
        due_at: NOW,
        last_answered_at: NOW,
      })
      .execute();
    await db
      .insertInto('audit_log')
      .values({ action: 'question.create', summary: 'Created question #1', created_at: NOW })
      .execute();
    const rowsBefore: Record<string, unknown[]> = {};
    for (const table of TABLES) {
      rowsBefore[table] = await db.selectFrom(table).selectAll().execute();
    }
    await old.close();

    // The new version starts on it (and adds its administrator and default settings).
    t = await scenario.upgrade();
    const now = t.database.db as any;
    for (const table of TABLES) {
      const after = (await now.selectFrom(table).selectAll().execute()) as Record<
        string,
        unknown
      >[];
      const added = table === 'users' ? 1 : 0;
      expect([table, after.length]).toEqual([table, rowsBefore[table]!.length + added]);
      // Each row as it was (its every column from before), what migration 0023 added empty.
      const addedByTranslations: Partial<Record<string, string>> = {
        users: 'content_language',
        exam_results: 'language',
        exam_sessions: 'language',
      };
      const column = addedByTranslations[table];
      for (const before of rowsBefore[table] as Record<string, unknown>[]) {
        const match = after.find((row) =>
          'id' in before ? row.id === before.id : row.question_id === before.question_id,
        );
        const columnsBefore = Object.fromEntries(
          Object.keys(before).map((name) => [name, match?.[name]]),
        );
        expect([table, columnsBefore]).toEqual([table, before]);
        if (column) expect([table, match?.[column]]).toEqual([table, null]);
      }
    }
    const translations = await now.selectFrom('question_translations').selectAll().execute();
    expect(translations).toEqual([]);

    // The learner signs in: her default content language, her past exam with no language said,
    // her course's questions in Korean.
    const login = await t.api('POST', '/auth/login', {
      body: { username: 'mina', password: 'mina-password' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ course_id: courseId, content_language: null });
    const token = login.body.access_token as string;
    const history = await t.api('GET', '/exams/history', { token });
    expect(history.body).toHaveLength(1);
    expect(history.body[0]).toMatchObject({ score: 50, language: null, course_id: courseId });
    const ticket = await t.api('GET', '/training-tickets/1', {
      token,
      headers: { 'accept-language': 'ru' },
    });
    expect(ticket.body.questions.map((q: { language: string }) => q.language)).toEqual([
      'ko',
      'ko',
    ]);

    // An administrator translates a question of the upgraded bank; the learner reads it.
    const admin = await t.adminToken();
    const put = await t.api('PUT', `/admin/questions/${questionIds[0]}`, {
      token: admin,
      body: {
        question_text: '누가 먼저 갑니까?',
        answer_1: '가',
        answer_2: '나',
        right_answers: '1',
        translations: { ru: { question_text: 'Кто едет первым?', answer_1: 'А', answer_2: 'Б' } },
      },
    });
    expect(put.status).toBe(200);
    const again = await t.api('GET', '/training-tickets/1', {
      token,
      headers: { 'accept-language': 'ru' },
    });
    expect(again.body.questions[0]).toMatchObject({
      language: 'ru',
      question_text: 'Кто едет первым?',
    });
  });
});
