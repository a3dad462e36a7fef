import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCourse, createTestApp, DATABASES, type TestApp } from './helpers';

/** The UK's theory test: 50 questions, at most 7 mistakes. */
const UK = {
  question_count: 50,
  time_limit_seconds: 3420,
  pass_rule: 'max_mistakes',
  pass_value: 7,
  extra_questions_per_mistake: 0,
  extra_seconds_per_mistake: 0,
};

interface Session {
  session_id: number;
  main_count: number;
  questions: { id: number }[];
}

/**
 * A school importing its bank in parts: until the bank holds as many questions as the exam draws,
 * an exam asks all of them and allows the rule's share of mistakes (7 of 50 was allowed of 6, so
 * an exam answered all wrong passed).
 */
describe.each(DATABASES)('an exam drawn from a bank smaller than it (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let courseId: number;
  let learner: string;

  async function addQuestions(count: number) {
    for (let i = 0; i < count; i++) {
      const res = await t.api('POST', `/admin/questions?course_id=${courseId}`, {
        token: admin,
        body: {
          question_text: `Question ${Math.random()}`,
          answer_1: 'Right',
          answer_2: 'Wrong',
          right_answers: '1',
        },
      });
      expect(res.status).toBe(201);
    }
  }

  /** Starts an exam and answers it with `wrong` mistakes; the stored result's verdict. */
  async function sit(wrong: number) {
    const started = await t.api<Session>('POST', '/exams/sessions', {
      token: learner,
      body: { exam_type: 'exam' },
    });
    expect(started.status).toBe(201);
    const { questions } = started.body;
    const submitted = await t.api('POST', '/exams/submit', {
      token: learner,
      body: {
        exam_type: 'exam',
        session_id: started.body.session_id,
        answers: questions.map((question, index) => ({
          question_id: question.id,
          selected_answers: index < wrong ? [2] : [1],
        })),
      },
    });
    expect(submitted.status).toBe(201);
    return { mainCount: started.body.main_count, result: submitted.body };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    courseId = await createCourse(t, admin, 'United Kingdom', 'en', UK);
    const sam = await t.learner('sam');
    const moved = await t.api('PUT', `/admin/users/${sam.id}`, {
      token: admin,
      body: { course_id: courseId },
    });
    expect(moved.status).toBe(200);
    learner = sam.token;
  });

  afterAll(async () => {
    await t?.close();
  });

  it('asks all 6 questions of a 6-question bank and allows no mistake (7 of 50 rounds down to none of 6)', async () => {
    await addQuestions(6);
    const allWrong = await sit(6);
    expect(allWrong.mainCount).toBe(6);
    expect(allWrong.result).toMatchObject({
      passed: false,
      total_questions: 6,
      correct_answers: 0,
      mistakes: 6,
      pass_rule: 'max_mistakes',
      pass_value: 0,
    });
    const oneWrong = await sit(1);
    expect(oneWrong.result).toMatchObject({ passed: false, mistakes: 1, pass_value: 0 });
    const allRight = await sit(0);
    expect(allRight.result).toMatchObject({ passed: true, mistakes: 0, pass_value: 0 });
  });

  it('allows 5 mistakes of a 40-question bank (7 x 40 / 50 = 5.6) and 7 once the bank holds 50', async () => {
    await addQuestions(34);
    const five = await sit(5);
    expect(five.mainCount).toBe(40);
    expect(five.result).toMatchObject({ passed: true, mistakes: 5, pass_value: 5 });
    const six = await sit(6);
    expect(six.result).toMatchObject({ passed: false, mistakes: 6, pass_value: 5 });

    await addQuestions(10);
    const seven = await sit(7);
    expect(seven.mainCount).toBe(50);
    expect(seven.result).toMatchObject({ passed: true, mistakes: 7, pass_value: 7 });
  });
});
