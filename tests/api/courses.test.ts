import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  DATABASES,
  heldExam,
  multipartFile,
  submitHeldExam,
  type TestApp,
} from './helpers';

interface Question {
  id: number;
  question_text: string;
}

const RUSSIA = {
  question_count: 4,
  time_limit_seconds: 600,
  pass_rule: 'max_mistakes',
  pass_value: 1,
  extra_questions_per_mistake: 2,
  extra_seconds_per_mistake: 300,
};
const KOREA = {
  question_count: 3,
  time_limit_seconds: 2400,
  pass_rule: 'percent_points',
  pass_value: 70,
  extra_questions_per_mistake: 0,
  extra_seconds_per_mistake: 0,
};

describe.each(DATABASES)('courses (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let russiaId: number;
  let koreaId: number;
  /** Questions of each course, by the prefix of their text. */
  const bank: Record<'default' | 'russia' | 'korea', number[]> = {
    default: [],
    russia: [],
    korea: [],
  };

  async function addQuestion(courseId: number | undefined, text: string, points = 1) {
    const res = await t.api<Question>(
      'POST',
      `/admin/questions${courseId === undefined ? '' : `?course_id=${courseId}`}`,
      {
        token: admin,
        body: { question_text: text, answer_1: 'Yes', answer_2: 'No', right_answers: '1', points },
      },
    );
    expect(res.status).toBe(201);
    return res.body.id;
  }

  /** A learner registered into `courseId` (the default course when undefined). */
  /** The English summaries of a learner's exam entries in the activity log, oldest first. */
  async function examEntriesOf(userId: number): Promise<string[]> {
    const entries = await t.database.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'exam.submit')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    return entries.map((entry) => entry.summary);
  }

  async function learnerIn(name: string, courseId?: number) {
    const res = await t.api<{ access_token: string; user: { id: number; course_id: number } }>(
      'POST',
      '/auth/register',
      {
        body: {
          username: name,
          email: `${name}@example.com`,
          password: `pw-${name}`,
          first_name: 'Lea',
          last_name: 'Rner',
          ...(courseId === undefined ? {} : { course_id: courseId }),
        },
      },
    );
    expect(res.status).toBe(201);
    return {
      token: res.body.access_token,
      id: res.body.user.id,
      courseId: res.body.user.course_id,
    };
  }

  const answer = (id: number, right: boolean) => ({
    question_id: id,
    selected_answers: right ? [1] : [2],
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    const russia = await t.api('POST', '/admin/courses', {
      token: admin,
      body: { name: 'Россия A/B', description: 'Билеты', language: 'ru', rules: RUSSIA },
    });
    expect(russia.status).toBe(201);
    russiaId = russia.body.id;
    const korea = await t.api('POST', '/admin/courses', {
      token: admin,
      body: { name: 'KoROAD 1종', language: 'ko', rules: KOREA },
    });
    expect(korea.status).toBe(201);
    koreaId = korea.body.id;
    for (let i = 0; i < 5; i++) bank.default.push(await addQuestion(undefined, `default ${i}`));
    for (let i = 0; i < 10; i++) bank.russia.push(await addQuestion(russiaId, `russia ${i}`));
    for (const [i, points] of [2, 3, 5].entries())
      bank.korea.push(await addQuestion(koreaId, `korea ${i}`, points));
  });

  afterAll(async () => {
    await t?.close();
  });

  it('lists every course to anyone, the default one first with the spec rules, and counts each bank', async () => {
    const res = await t.api('GET', '/courses');
    expect(res.status).toBe(200);
    expect(
      res.body.map((course: any) => [course.name, course.is_default, course.question_total]),
    ).toEqual([
      ['Driving theory', true, 5],
      ['KoROAD 1종', false, 3],
      ['Россия A/B', false, 10],
    ]);
    expect(res.body[0].rules).toEqual({
      question_count: 40,
      time_limit_seconds: 2400,
      pass_rule: 'percent_questions',
      pass_value: 70,
      extra_questions_per_mistake: 0,
      extra_seconds_per_mistake: 0,
      ends_when_failed: false,
    });
    expect(res.body[2].rules).toEqual({ ...RUSSIA, ends_when_failed: false });
    expect(res.body[2].language).toBe('ru');
  });

  it('keeps whether a course ends its exam at the failing mistake, false when a caller leaves it out', async () => {
    // RUSSIA and KOREA above say nothing of it, as a caller from before it would.
    const listed = await t.api<{ id: number; rules: { ends_when_failed: boolean } }[]>(
      'GET',
      '/courses',
    );
    expect(listed.body.find((course) => course.id === russiaId)?.rules.ends_when_failed).toBe(
      false,
    );
    const ending = await t.api('POST', '/admin/courses', {
      token: admin,
      body: {
        name: 'Ends early',
        language: 'ru',
        rules: { ...RUSSIA, ends_when_failed: true },
      },
    });
    expect(ending.status).toBe(201);
    expect(ending.body.rules.ends_when_failed).toBe(true);
    const read = await t.api('GET', `/admin/courses/${ending.body.id}`, { token: admin });
    expect(read.body.rules.ends_when_failed).toBe(true);
    const notAFlag = await t.api('PUT', `/admin/courses/${ending.body.id}`, {
      token: admin,
      headers: { 'if-match': String(read.headers.etag) },
      body: { name: 'Ends early', language: 'ru', rules: { ...RUSSIA, ends_when_failed: 'yes' } },
    });
    expect(notAFlag.status).toBe(400);
    const cleared = await t.api('PUT', `/admin/courses/${ending.body.id}`, {
      token: admin,
      headers: { 'if-match': String(read.headers.etag) },
      body: { name: 'Ends early', language: 'ru', rules: RUSSIA },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.rules.ends_when_failed).toBe(false);
    // The stored choice is part of what the entity tag covers.
    expect(cleared.headers.etag).not.toBe(read.headers.etag);
    await t.api('DELETE', `/admin/courses/${ending.body.id}`, { token: admin });
  });

  it('refuses rules no exam could use, a taken name, and a learner creating a course, storing nothing', async () => {
    const learner = await learnerIn('nosy');
    const attempts = [
      { token: admin, body: { name: 'X', language: 'en', rules: { ...KOREA, pass_value: 101 } } },
      // 0 % would pass every exam (and break the default course's exam_pass_percent setting).
      { token: admin, body: { name: 'W', language: 'en', rules: { ...KOREA, pass_value: 0 } } },
      { token: admin, body: { name: 'Y', language: 'en', rules: { ...RUSSIA, pass_value: 4 } } },
      { token: admin, body: { name: 'россия a/b', language: 'ru', rules: RUSSIA } },
      { token: learner.token, body: { name: 'Z', language: 'en', rules: KOREA } },
    ];
    const statuses = [];
    for (const attempt of attempts) {
      const res = await t.api('POST', '/admin/courses', attempt);
      statuses.push(res.status);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    expect(statuses).toEqual([422, 422, 422, 409, 403]);
    expect((await t.api('GET', '/courses')).body).toHaveLength(3);
  });

  it("shows each learner their own course's bank only: browse, exam draw, tickets, topics and the training modes", async () => {
    const anna = await learnerIn('anna', russiaId);
    expect(anna.courseId).toBe(russiaId);
    const me = await t.api('GET', '/auth/me', { token: anna.token });
    expect(me.body.course_id).toBe(russiaId);

    const page = await t.api('GET', '/questions?limit=100', { token: anna.token });
    expect(page.body.totalQuestions).toBe(10);
    expect(page.body.questions.map((q: Question) => q.id)).toEqual(bank.russia);

    // 4 questions and a reserve of 2 (one mistake allowed, two extras for it).
    const draw = await t.api('GET', '/questions?mode=training', { token: anna.token });
    expect(draw.body).toHaveLength(6);
    expect(draw.body.every((q: Question) => bank.russia.includes(q.id))).toBe(true);

    const gen = await t.api('POST', `/training-tickets/generate?course_id=${russiaId}`, {
      token: admin,
      body: { questions_per_ticket: 5, total_tickets: 2 },
    });
    expect(gen.status).toBe(200);
    await t.api('POST', '/training-tickets/generate', {
      token: admin,
      body: { questions_per_ticket: 5, total_tickets: 3 },
    });
    const tickets = await t.api('GET', '/training-tickets', { token: anna.token });
    expect(tickets.body.map((ticket: any) => ticket.ticket_number)).toEqual([1, 2]);
    const ticket1 = await t.api('GET', '/training-tickets/1', { token: anna.token });
    expect(ticket1.body.questions.every((q: Question) => bank.russia.includes(q.id))).toBe(true);
    const defaultTickets = await t.api('GET', '/training-tickets', { token: admin });
    expect(defaultTickets.body).toHaveLength(3);

    // The same topic name in two courses.
    const topicIds: number[] = [];
    for (const [courseId, ids] of [
      [russiaId, bank.russia.slice(0, 3)],
      [undefined, bank.default.slice(0, 2)],
    ] as const) {
      const res = await t.api(
        'POST',
        `/training-topics${courseId === undefined ? '' : `?course_id=${courseId}`}`,
        { token: admin, body: { name: 'Road signs', question_ids: [...ids] } },
      );
      expect(res.status).toBe(201);
      topicIds.push(res.body.id);
    }
    const topics = await t.api('GET', '/training-topics', { token: anna.token });
    expect(topics.body.map((topic: any) => [topic.name, topic.question_count])).toEqual([
      ['Road signs', 3],
    ]);
    // Another course's topic is not found by its id either, nor its questions and their keys.
    const [ownTopic, otherTopic] = topicIds as [number, number];
    for (const path of [
      `/training-topics/${otherTopic}`,
      `/training-topics/${otherTopic}/questions`,
    ])
      expect((await t.api('GET', path, { token: anna.token })).status).toBe(404);
    const own = await t.api('GET', `/training-topics/${ownTopic}/questions`, { token: anna.token });
    expect(own.body.questions).toHaveLength(3);
    const byAdmin = await t.api('GET', `/training-topics/${otherTopic}`, { token: admin });
    expect(byAdmin.status).toBe(200);
    // A topic may not name another course's questions.
    const mixed = await t.api('POST', `/training-topics?course_id=${russiaId}`, {
      token: admin,
      body: { name: 'Mixed', question_ids: [bank.russia[0], bank.korea[0]] },
    });
    expect(mixed.status).toBe(422);

    const express = await t.api('POST', '/training-modules/express-test/start', {
      token: anna.token,
      body: { questions_count: 20 },
    });
    expect(
      express.body.questions.map((q: Question) => q.id).sort((a: number, b: number) => a - b),
    ).toEqual(bank.russia);
    const marathon = await t.api('POST', '/training-modules/marathon/start', {
      token: anna.token,
      body: { max_questions: 50 },
    });
    expect(marathon.body.questions).toHaveLength(10);
    const daily = await t.api('GET', '/training-modules/daily-challenge', { token: anna.token });
    expect(daily.body.questions.every((q: Question) => bank.russia.includes(q.id))).toBe(true);
    const recommended = await t.api('GET', '/training-modules/recommendations/questions?count=30', {
      token: anna.token,
    });
    expect(recommended.body.questions).toHaveLength(10);
    const modes = await t.api('GET', '/training-modules/modes', { token: anna.token });
    expect(modes.body.find((mode: any) => mode.id === 'marathon').question_count).toBe(10);
    // The course's tickets were generated 5 a ticket: the tickets mode says so, not the spec's 40.
    expect(modes.body.find((mode: any) => mode.id === 'tickets')).toMatchObject({
      question_count: 5,
      available: true,
    });
  });

  it('decides a pass by at most N mistakes, and a mistake among the extra questions fails', async () => {
    const boris = await learnerIn('boris', russiaId);
    const [a, b, c, d, e, f] = bank.russia as [number, number, number, number, number, number];
    // Each exam drew a, b, c and d, then e and f as the reserve for the one mistake allowed.
    const submit = async (answers: { question_id: number }[]) =>
      t.api('POST', '/exams/submit', {
        token: boris.token,
        body: {
          exam_type: 'exam',
          answers,
          session_id: await heldExam(t, boris.id, [a, b, c, d, e, f], {
            mainCount: 4,
            courseId: russiaId,
          }),
        },
      });

    // One mistake among 4, both extras right: passed by the mistakes rule.
    const passed = await submit([
      answer(a, true),
      answer(b, false),
      answer(c, true),
      answer(d, true),
      answer(e, true),
      answer(f, true),
    ]);
    expect(passed.status).toBe(201);
    expect(passed.body).toMatchObject({
      passed: true,
      decided_by: 'max_mistakes',
      pass_rule: 'max_mistakes',
      pass_value: 1,
      mistakes: 1,
      course_id: russiaId,
      total_questions: 6,
    });
    expect(passed.body.answers.map((x: any) => x.is_extra)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);

    const extraWrong = await submit([
      answer(a, true),
      answer(b, false),
      answer(c, true),
      answer(d, true),
      answer(e, true),
      answer(f, false),
    ]);
    expect(extraWrong.body).toMatchObject({
      passed: false,
      decided_by: 'extra_mistake',
      mistakes: 1,
    });

    const twoMistakes = await submit([
      answer(a, false),
      answer(b, false),
      answer(c, true),
      answer(d, true),
    ]);
    expect(twoMistakes.body).toMatchObject({
      passed: false,
      decided_by: 'max_mistakes',
      mistakes: 2,
    });
    // The activity log tells the administrator what decided it: the mistakes, not a percent.
    expect(await examEntriesOf(boris.id)).toEqual([
      'boris passed an exam with 1 mistake',
      'boris failed an exam by a mistake among the extra questions',
      'boris failed an exam with 2 mistakes',
    ]);

    // Questions of another course are not this exam's.
    const foreign = await submit([answer(a, true), answer(bank.korea[0] as number, true)]);
    expect(foreign.status).toBe(422);
  });

  it("takes extra questions only as the main part's mistakes earned them, and an earned one left out counts against the exam", async () => {
    const fox = await learnerIn('fox', russiaId);
    const [a, b, c, d, e, f] = bank.russia as [number, number, number, number, number, number];
    const exam = () =>
      heldExam(t, fox.id, [a, b, c, d, e, f], { mainCount: 4, courseId: russiaId });
    const submit = (answers: object[], session: number) =>
      t.api('POST', '/exams/submit', {
        token: fox.token,
        body: { exam_type: 'exam', answers, session_id: session },
      });
    // No mistake earned an extra question: an answer to one is refused, naming it.
    const unearned = await submit(
      [answer(a, true), answer(b, true), answer(c, true), answer(d, true), answer(e, true)],
      await exam(),
    );
    expect(unearned.status).toBe(422);
    expect(unearned.body.detail).toBe(
      `These extra questions were not earned by this exam's mistakes: #${e}`,
    );
    // One mistake earned e and f; f left out was not answered right, which fails the exam.
    const leftOut = await submit(
      [answer(a, true), answer(b, false), answer(c, true), answer(d, true), answer(e, true)],
      await exam(),
    );
    expect(leftOut.status).toBe(201);
    expect(leftOut.body).toMatchObject({
      total_questions: 6,
      passed: false,
      decided_by: 'extra_mistake',
      mistakes: 1,
      unanswered: 1,
    });
    expect(leftOut.body.answers.map((x: any) => x.question_id)).toEqual([a, b, c, d, e, f]);
    expect(leftOut.body.answers[5]).toMatchObject({ selected_answers: [], is_extra: true });

    // A session from before migration 0018 knows no main part: its course's count is.
    const older = await exam();
    await t.database.db
      .updateTable('exam_sessions')
      .set({ main_count: null })
      .where('id', '=', older)
      .execute();
    const fromBefore = await submit(
      [a, b, c, d, e, f].map((id) => answer(id, id !== b)),
      older,
    );
    expect(fromBefore.body).toMatchObject({ passed: true, total_questions: 6, mistakes: 1 });
    expect(fromBefore.body.answers.map((x: any) => x.is_extra)).toEqual([
      false,
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it("gives a mistake's extra time to the answers after it, and drops one given after the course's limit without it", async () => {
    const gil = await learnerIn('gil', russiaId);
    const [a, b, c, d, e, f] = bank.russia as [number, number, number, number, number, number];
    // 600 s, and 300 s more for the one mistake that can still pass; begun 800 s ago.
    const startedAt = Date.now() - 800_000;
    const at = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
    const exam = () =>
      heldExam(t, gil.id, [a, b, c, d, e, f], {
        mainCount: 4,
        courseId: russiaId,
        startedAt: new Date(startedAt),
        timeLimitSeconds: 600,
      });
    const submit = async (answers: object[]) =>
      t.api('POST', '/exams/submit', {
        token: gil.token,
        body: { exam_type: 'exam', answers, session_id: await exam() },
      });
    const withMistake = await submit([
      { ...answer(a, true), answered_at: at(100) },
      { ...answer(b, false), answered_at: at(200) },
      { ...answer(c, true), answered_at: at(300) },
      { ...answer(d, true), answered_at: at(400) },
      { ...answer(e, true), answered_at: at(700) },
      { ...answer(f, true), answered_at: at(750) },
    ]);
    expect(withMistake.status).toBe(201);
    expect(withMistake.body).toMatchObject({
      over_time: false,
      passed: true,
      mistakes: 1,
      total_questions: 6,
      // Ended with its last answer, 750 s in (sent 800 s in).
      time_taken: 750,
    });
    const withoutMistake = await submit([
      { ...answer(a, true), answered_at: at(100) },
      { ...answer(b, true), answered_at: at(200) },
      { ...answer(c, true), answered_at: at(300) },
      { ...answer(d, true), answered_at: at(700) },
    ]);
    expect(withoutMistake.body).toMatchObject({
      over_time: true,
      unanswered: 1,
      mistakes: 1,
      total_questions: 4,
      time_taken: 600,
    });
  });

  it('decides a pass by percent of points, each question weighed by its points', async () => {
    const chen = await learnerIn('chen', koreaId);
    const [two, three, five] = bank.korea as [number, number, number];
    const submit = (answers: { question_id: number }[]) =>
      submitHeldExam(t, chen, { answers }, { courseId: koreaId });
    // 2 of 3 questions right (67 %) but 5 of 10 points: fails at 70 percent of the points.
    const failed = await submit([answer(two, true), answer(three, true), answer(five, false)]);
    expect(failed.body).toMatchObject({
      passed: false,
      decided_by: 'percent_points',
      total_points: 5,
      max_points: 10,
    });
    // 2 of 3 questions right again, but 2 + 5 = 7 of 10 points: passes.
    const passed = await submit([answer(two, true), answer(three, false), answer(five, true)]);
    expect(passed.body).toMatchObject({
      passed: true,
      decided_by: 'percent_points',
      total_points: 7,
    });
    // The statistics judge each exam as its rule did: 50 % and 70 % of the points, not the
    // 66.7 % of questions both had.
    const stats = await t.api('GET', '/exams/stats', { token: chen.token });
    expect(stats.body).toMatchObject({
      total_exams: 2,
      passed_exams: 1,
      average_score: 60,
      best_score: 70,
    });
    // So does the activity feed: the share of points, said to be one.
    expect(await examEntriesOf(chen.id)).toEqual([
      'chen failed an exam with 50% of the points',
      'chen passed an exam with 70% of the points',
    ]);
  });

  it('counts questions the time ran out on as unanswered, never in memory', async () => {
    const dana = await learnerIn('dana', russiaId);
    const [a, b, c, d] = bank.russia as [number, number, number, number];
    const res = await submitHeldExam(
      t,
      dana,
      {
        answers: [
          answer(a, true),
          { question_id: b, selected_answers: [] },
          { question_id: c, selected_answers: [] },
          { question_id: d, selected_answers: [] },
        ],
      },
      { courseId: russiaId },
    );
    expect(res.body).toMatchObject({ unanswered: 3, mistakes: 3, passed: false });
    const analysis = await t.api('GET', '/training-modules/weak-spots/analysis', {
      token: dana.token,
    });
    expect(analysis.body.total_answered).toBe(1);
    const weak = await t.api('GET', '/training-modules/weak-spots', { token: dana.token });
    expect(weak.body).toEqual([]);
  });

  it('grades an exam that ended at its failing mistake on the questions asked, by the rules it began with', async () => {
    const elena = await learnerIn('elena', russiaId);
    const [a, b, c, d, e, f] = bank.russia as [number, number, number, number, number, number];
    const endingRules = { ...RUSSIA, ends_when_failed: true };
    const sit = async (answers: { question_id: number; selected_answers: number[] }[]) =>
      t.api('POST', '/exams/submit', {
        token: elena.token,
        body: {
          exam_type: 'exam',
          answers,
          // The course itself runs its exams to the end: the session's rules say otherwise.
          session_id: await heldExam(t, elena.id, [a, b, c, d, e, f], {
            mainCount: 4,
            courseId: russiaId,
            rules: endingRules,
          }),
        },
      });
    const none = (id: number) => ({ question_id: id, selected_answers: [] });
    // The first mistake earns e and f; the second (one is allowed) ends the exam.
    const ended = await sit([
      answer(a, false),
      answer(b, false),
      none(c),
      none(d),
      none(e),
      none(f),
    ]);
    expect(ended.status).toBe(201);
    expect(ended.body).toMatchObject({
      ended_early: true,
      passed: false,
      decided_by: 'max_mistakes',
      total_questions: 2,
      correct_answers: 0,
      mistakes: 2,
      unanswered: 0,
    });
    expect(ended.body.answers.map((graded: any) => graded.question_id)).toEqual([a, b]);
    const analysis = await t.api('GET', '/training-modules/weak-spots/analysis', {
      token: elena.token,
    });
    expect(analysis.body.total_answered).toBe(2);
    const history = await t.api('GET', '/exams/history', { token: elena.token });
    expect(history.body[0]).toMatchObject({ ended_early: true, total_questions: 2, mistakes: 2 });

    // Answered on after the losing answer (a client that did not end it): graded whole.
    const whole = await sit([
      answer(a, false),
      answer(b, false),
      answer(c, true),
      none(d),
      none(e),
      none(f),
    ]);
    expect(whole.status).toBe(201);
    expect(whole.body).toMatchObject({ ended_early: false, total_questions: 6, unanswered: 3 });
  });

  it('grades a held exam by the rules it was drawn under, and leaves out a question deleted meanwhile', async () => {
    const fedor = await learnerIn('fedor', russiaId);
    // A real start keeps the course's rules with the session.
    const started = await t.api('POST', '/exams/sessions', { token: fedor.token, body: {} });
    expect(started.status).toBe(201);
    const row = await t.database.db
      .selectFrom('exam_sessions')
      .select('rules')
      .where('id', '=', started.body.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(row.rules))).toEqual({ ...RUSSIA, ends_when_failed: false });

    // Drawn when two mistakes were allowed, each earning 2 extras; the course allows one now,
    // by which these four extras were not all earned.
    const [a, b, c, d, e, f, g, h] = bank.russia as number[] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const doomed = await addQuestion(russiaId, 'deleted while the exam runs');
    const session = await heldExam(t, fedor.id, [a, b, c, doomed, d, e, f, g, h], {
      mainCount: 5,
      courseId: russiaId,
      rules: { ...RUSSIA, question_count: 5, pass_value: 2 },
    });
    expect((await t.api('DELETE', `/admin/questions/${doomed}`, { token: admin })).status).toBe(
      200,
    );
    const res = await t.api('POST', '/exams/submit', {
      token: fedor.token,
      body: {
        exam_type: 'exam',
        session_id: session,
        answers: [a, b, c, doomed, d, e, f, g, h].map((id, at) => answer(id, at > 1)),
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      passed: true,
      pass_value: 2,
      mistakes: 2,
      total_questions: 8,
    });
    expect(res.body.answers.map((graded: any) => graded.question_id)).toEqual([
      a,
      b,
      c,
      d,
      e,
      f,
      g,
      h,
    ]);
  });

  it("keeps each course's results apart and brings them back when the learner returns", async () => {
    const eva = await learnerIn('eva', russiaId);
    const [a, b, c, d] = bank.russia as [number, number, number, number];
    await submitHeldExam(
      t,
      eva,
      { answers: [a, b, c, d].map((id) => answer(id, false)) },
      { courseId: russiaId },
    );
    const profile = (courseId: number) =>
      t.api('PUT', '/user/profile', {
        token: eva.token,
        body: {
          username: 'eva',
          email: 'eva@example.com',
          first_name: 'Eva',
          last_name: 'K',
          course_id: courseId,
        },
      });
    const history = async () =>
      (await t.api('GET', '/exams/history', { token: eva.token })).body.length;
    const weakCount = async () =>
      (await t.api('GET', '/training-modules/weak-spots', { token: eva.token })).body.length;
    expect([await history(), await weakCount()]).toEqual([1, 4]);

    const moved = await profile(koreaId);
    expect(moved.status).toBe(200);
    expect(moved.body.course_id).toBe(koreaId);
    expect([await history(), await weakCount()]).toEqual([0, 0]);
    const stats = await t.api('GET', '/exams/stats', { token: eva.token });
    expect(stats.body.total_exams).toBe(0);
    const page = await t.api('GET', '/questions', { token: eva.token });
    expect(page.body.totalQuestions).toBe(3);

    await profile(russiaId);
    expect([await history(), await weakCount()]).toEqual([1, 4]);

    const unknown = await profile(9999);
    expect(unknown.status).toBe(422);
    expect(unknown.body.field).toBe('course_id');
    expect((await t.api('GET', '/auth/me', { token: eva.token })).body.course_id).toBe(russiaId);
  });

  it('refuses an unknown course at registration and in an admin call', async () => {
    const res = await t.api('POST', '/auth/register', {
      body: {
        username: 'ghost',
        email: 'ghost@example.com',
        password: 'pw-ghost',
        first_name: 'G',
        last_name: 'H',
        course_id: 4242,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.field).toBe('course_id');
    const list = await t.api('GET', '/admin/questions?course_id=4242', { token: admin });
    expect(list.status).toBe(404);
    // A learner's course_id is not theirs to choose per call: their own course answers.
    const anna = await learnerIn('fred', russiaId);
    const topics = await t.api('GET', `/training-topics?course_id=${koreaId}`, {
      token: anna.token,
    });
    expect(topics.body.map((topic: any) => topic.name)).toEqual(['Road signs']);
  });

  it("imports a CSV into the course named, and keeps the default course's rules and the exam settings as one", async () => {
    const csv = multipartFile(
      'question_text,answer_1,answer_2,right_answers\nImported one?,Yes,No,1\nImported two?,Yes,No,2\n',
      'bank.csv',
      'text/csv',
    );
    const imported = await t.api('POST', `/admin/questions/import-csv?course_id=${koreaId}`, {
      token: admin,
      body: csv.body,
      headers: csv.headers,
    });
    expect(imported.status).toBe(200);
    const korea = await t.api('GET', `/admin/questions?course_id=${koreaId}&limit=100`, {
      token: admin,
    });
    expect(korea.body.totalQuestions).toBe(5);
    // The activity feed says which school's bank took the file.
    const status = await t.api('GET', '/settings/system/status', { token: admin });
    expect(status.body.recent_activity[0]).toMatchObject({
      action: 'question.import',
      details: { count: 2, filename: 'bank.csv', course: 'KoROAD 1종' },
    });

    const setting = await t.api('PUT', '/settings/key/exam_question_count', {
      token: admin,
      body: { value: '25' },
    });
    expect(setting.status).toBe(200);
    const courses = await t.api('GET', '/courses');
    expect(courses.body[0].rules.question_count).toBe(25);
    // A time the course's rules cannot hold (over 6 hours) is refused, not saved and cut short.
    const tooLong = await t.api('PUT', '/settings/key/exam_time_limit_seconds', {
      token: admin,
      body: { value: '30000' },
    });
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.detail).toContain('21600');
    const longest = await t.api('PUT', '/settings/key/exam_time_limit_seconds', {
      token: admin,
      body: { value: '21600' },
    });
    expect(longest.body.value).toBe('21600');
    expect((await t.api('GET', '/courses')).body[0].rules.time_limit_seconds).toBe(21600);

    const updated = await t.api('PUT', '/admin/courses/1', {
      token: admin,
      body: {
        name: 'Driving theory',
        language: 'en',
        rules: { ...courses.body[0].rules, time_limit_seconds: 1800, pass_value: 80 },
      },
    });
    expect(updated.status).toBe(200);
    const time = await t.api('GET', '/settings/key/exam_time_limit_seconds', { token: admin });
    const pass = await t.api('GET', '/settings/key/exam_pass_percent', { token: admin });
    expect([time.body.value, pass.body.value]).toEqual(['1800', '80']);
  });

  it('deletes an empty course at once, a full one only with its name typed, and never the default one', async () => {
    const empty = await t.api('POST', '/admin/courses', {
      token: admin,
      body: { name: 'Empty', language: 'en', rules: KOREA },
    });
    expect(
      (await t.api('DELETE', `/admin/courses/${empty.body.id}`, { token: admin })).status,
    ).toBe(200);

    const full = await t.api('POST', '/admin/courses', {
      token: admin,
      body: { name: 'Full', language: 'en', rules: KOREA },
    });
    const fullId = full.body.id as number;
    await addQuestion(fullId, 'full 1');
    const gina = await learnerIn('gina', fullId);
    const refused = await t.api('DELETE', `/admin/courses/${fullId}`, { token: admin });
    expect(refused.status).toBe(409);
    const wrongName = await t.api('DELETE', `/admin/courses/${fullId}?confirm=full`, {
      token: admin,
    });
    expect(wrongName.status).toBe(409);
    const deleted = await t.api('DELETE', `/admin/courses/${fullId}?confirm=Full`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
    const names = (await t.api('GET', '/courses')).body.map((course: any) => course.name);
    expect(names).not.toContain('Full');
    // Its learner moves to the default course.
    expect((await t.api('GET', '/auth/me', { token: gina.token })).body.course_id).toBe(1);

    const theDefault = await t.api('DELETE', '/admin/courses/1?confirm=Driving%20theory', {
      token: admin,
    });
    expect(theDefault.status).toBe(409);
  });
});
