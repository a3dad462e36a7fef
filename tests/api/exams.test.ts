import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import {
  createTestApp,
  DATABASES,
  heldExam,
  type HeldExamOptions,
  submitHeldExam,
  type SubmittedAnswer,
  type TestApp,
} from './helpers';

interface Learner {
  token: string;
  id: number;
  username: string;
}

interface BankQuestion {
  id: number;
  right: number[];
  points: number;
}

describe.each(DATABASES)('exams on %s', (kind) => {
  let t: TestApp;
  let database: AppDatabase;
  let db: Kysely<Database>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Direct access to check what was (or was not) stored, and to set up topics.
    database = t.database;
    db = database.db;
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  const resultCount = async () =>
    Number(
      (
        await db
          .selectFrom('exam_results')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses to start an exam session while the bank is empty', async () => {
    const learner = await t.learner('early');
    const res = await t.api('POST', '/exams/sessions', { token: learner.token });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/no questions/);
    expect(await db.selectFrom('exam_sessions').selectAll().execute()).toEqual([]);
  });

  describe('with a bank of five questions', () => {
    const bank: BankQuestion[] = [];
    let topicId: number;

    /** Answers for the given questions: right ones picked where `right` says so, wrong ones otherwise. */
    const answersFor = (pattern: boolean[]) =>
      pattern.map((right, index) => {
        const question = bank[index] as BankQuestion;
        return { question_id: question.id, selected_answers: right ? question.right : [2] };
      });

    const submit = (learner: Learner, body: Record<string, unknown>) =>
      t.api('POST', '/exams/submit', { token: learner.token, body });
    const ids = (answers: readonly { question_id: number | undefined }[]) =>
      answers.map((answer) => Number(answer.question_id));
    /** Submits an exam in a session holding just the questions it answers. */
    const sit = (
      learner: Learner,
      body: { answers: SubmittedAnswer[] } & Record<string, unknown>,
      options?: HeldExamOptions,
    ) => submitHeldExam(t, learner, body, options);

    beforeAll(async () => {
      const specs = [
        { right_answers: '1', points: 1 },
        { right_answers: '1,3', points: 2 },
        { right_answers: '3', points: 1 },
        { right_answers: '1', points: 3 },
        { right_answers: '4', points: 1 },
      ];
      for (const [index, spec] of specs.entries()) {
        const res = await t.api('POST', '/admin/questions', {
          token: admin,
          body: {
            question_text: `Question ${index + 1}`,
            answer_1: 'A',
            answer_2: 'B',
            answer_3: 'C',
            answer_4: 'D',
            ...spec,
          },
        });
        expect(res.status).toBe(201);
        bank.push({
          id: res.body.id,
          right: spec.right_answers.split(',').map(Number),
          points: spec.points,
        });
      }
      const topic = await db
        .insertInto('topics')
        .values({
          name: 'Right of way',
          question_ids: JSON.stringify([bank[0]?.id, bank[1]?.id]),
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      topicId = topic.id;
      // A second topic, listed leniently, whose questions nobody answered: it must not show up.
      await db
        .insertInto('topics')
        .values({
          name: 'Parking',
          question_ids: '999998; 999999',
          created_at: new Date().toISOString(),
        })
        .execute();
    });

    it('saves a resent attempt once: the same client_id answers the first result', async () => {
      const learner = await t.learner('resender');
      const answers = answersFor([true, true, false, true, true]);
      const body = {
        exam_type: 'exam',
        answers,
        client_id: 'exam-1795300000000',
        session_id: await heldExam(t, learner.id, ids(answers)),
      };
      const before = await resultCount();
      const first = await submit(learner, body);
      const again = await submit(learner, body);
      expect(first.status).toBe(201);
      // Saved before: 200, with the first result.
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await resultCount()).toBe(before + 1);
      const other = await t.learner('resender2');
      const theirs = await submit(other, {
        ...body,
        session_id: await heldExam(t, other.id, ids(answers)),
      });
      expect(theirs.status).toBe(201);
      expect(theirs.body.id).not.toBe(first.body.id);
      expect(await resultCount()).toBe(before + 2);
    });

    it('saves an attempt sent several times at once a single time, answering each send with it', async () => {
      const learner = await t.learner('racer');
      const picks = answersFor([true, false, true, true, true]);
      const body = {
        exam_type: 'exam',
        answers: picks,
        client_id: 'exam-1795300000001',
        session_id: await heldExam(t, learner.id, ids(picks)),
      };
      const before = await resultCount();
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit(learner, body)));
      // One saves it (201); the others are answered with what it saved (200).
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
      expect(await resultCount()).toBe(before + 1);
    });

    it('grades an exam on the server even when the client claims wrong answers are right', async () => {
      const anna = await t.learner('anna');
      const answers = answersFor([true, true, true, false, false]).map((answer) => ({
        ...answer,
        // The client lies: every answer claims to be right, with the learner's pick as the right set.
        correct_answers: answer.selected_answers,
        is_correct: true,
      }));
      // Its time too: the session began 10 minutes ago, whatever the client claims.
      const res = await sit(
        anna,
        { exam_type: 'exam', answers, time_taken: 1234, total_points: 999 },
        { startedAt: new Date(Date.now() - 600_000) },
      );
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        user_id: anna.id,
        exam_type: 'exam',
        total_questions: 5,
        correct_answers: 3,
        score: 60,
        passed: false,
        time_taken: 600,
        over_time: false,
        total_points: 1 + 2 + 1,
        max_points: 1 + 2 + 1 + 3 + 1,
      });
      expect(res.body.answers).toEqual([
        {
          question_id: bank[0]?.id,
          selected_answers: [1],
          correct_answers: [1],
          is_correct: true,
          points: 1,
          is_extra: false,
        },
        {
          question_id: bank[1]?.id,
          selected_answers: [1, 3],
          correct_answers: [1, 3],
          is_correct: true,
          points: 2,
          is_extra: false,
        },
        {
          question_id: bank[2]?.id,
          selected_answers: [3],
          correct_answers: [3],
          is_correct: true,
          points: 1,
          is_extra: false,
        },
        {
          question_id: bank[3]?.id,
          selected_answers: [2],
          correct_answers: [1],
          is_correct: false,
          points: 0,
          is_extra: false,
        },
        {
          question_id: bank[4]?.id,
          selected_answers: [2],
          correct_answers: [4],
          is_correct: false,
          points: 0,
          is_extra: false,
        },
      ]);

      // The exam's answers feed the learner's memory of each question.
      const memory = await db
        .selectFrom('question_memory')
        .select(['question_id', 'correct_count', 'wrong_count'])
        .where('user_id', '=', anna.id)
        .orderBy('question_id')
        .execute();
      expect(memory).toEqual(
        bank.map((q, index) => ({
          question_id: q.id,
          correct_count: index < 3 ? 1 : 0,
          wrong_count: index < 3 ? 0 : 1,
        })),
      );
      const audit = await db
        .selectFrom('audit_log')
        .select(['summary', 'details'])
        .where('action', '=', 'exam.submit')
        .execute();
      expect(audit).toContainEqual({
        summary: 'anna failed an exam with 60%',
        details: JSON.stringify({
          username: 'anna',
          exam_type: 'exam',
          passed: false,
          score: 60,
          course: 'Driving theory',
        }),
      });
    });

    it('takes answers to questions last answered under a clock ahead of the server', async () => {
      // A backup restored from a machine whose clock ran fast, or a clock set back since.
      const dora = await t.learner('dora');
      expect((await sit(dora, { exam_type: 'exam', answers: answersFor([true]) })).status).toBe(
        201,
      );
      const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
      await db
        .updateTable('question_memory')
        .set({
          state: 2,
          stability: 12,
          difficulty: 5,
          reps: 4,
          last_answered_at: ahead(3),
          due_at: ahead(15),
        })
        .where('user_id', '=', dora.id)
        .execute();

      const later = await sit(dora, { exam_type: 'exam', answers: answersFor([false]) });
      expect(later.status).toBe(201);
      const training = await t.api('POST', '/training-modules/weak-spots/update', {
        token: dora.token,
        body: { question_id: bank[0]?.id, is_correct: true, topic_name: null },
      });
      expect(training.status).toBe(200);
      const memory = await db
        .selectFrom('question_memory')
        .select(['correct_count', 'wrong_count'])
        .where('user_id', '=', dora.id)
        .executeTakeFirstOrThrow();
      expect(memory).toEqual({ correct_count: 2, wrong_count: 1 });

      // Times that are no times at all (a hand-edited database) count as now, too.
      await db
        .updateTable('question_memory')
        .set({ last_answered_at: 'yesterday', due_at: '' })
        .where('user_id', '=', dora.id)
        .execute();
      expect((await sit(dora, { exam_type: 'exam', answers: answersFor([true]) })).status).toBe(
        201,
      );
    });

    it("counts every answer when one learner's answers and exams arrive at once", async () => {
      const erik = await t.learner('erik');
      const question = bank[0]?.id;
      const sends = [
        ...Array.from({ length: 8 }, () =>
          t.api('POST', '/training-modules/weak-spots/update', {
            token: erik.token,
            body: { question_id: question, is_correct: false, topic_name: null },
          }),
        ),
        ...Array.from({ length: 3 }, () =>
          sit(erik, { exam_type: 'exam', answers: answersFor([true]) }),
        ),
      ];
      const statuses = (await Promise.all(sends)).map((sent) => sent.status);
      expect(statuses).toEqual([...Array(8).fill(200), ...Array(3).fill(201)]);
      const memory = await db
        .selectFrom('question_memory')
        .select(['correct_count', 'wrong_count'])
        .where('user_id', '=', erik.id)
        .executeTakeFirstOrThrow();
      expect(memory).toEqual({ correct_count: 3, wrong_count: 8 });
    });

    it('passes an exam at the pass mark, and a subset of the right answers is wrong', async () => {
      const ben = await t.learner('ben');
      const allRight = await sit(ben, {
        exam_type: 'exam',
        answers: answersFor([true, true, true, true, true]),
      });
      expect(allRight.body).toMatchObject({
        score: 100,
        passed: true,
        total_points: 8,
        max_points: 8,
      });

      const partial = await sit(ben, {
        exam_type: 'exam',
        answers: [
          { question_id: bank[1]?.id, selected_answers: [1] },
          { question_id: bank[0]?.id, selected_answers: [] },
          ...answersFor([false, false, true, true, true]).slice(2),
        ],
      });
      expect(partial.status).toBe(201);
      expect(partial.body).toMatchObject({
        correct_answers: 3,
        score: 60,
        passed: false,
        // The server's measure: sent as soon as the session began.
        time_taken: 0,
      });
      expect(partial.body.answers[0]).toMatchObject({ is_correct: false, points: 0 });
    });

    it('stores a training run without a time and without feeding memory a second time', async () => {
      const cara = await t.learner('cara');
      const res = await submit(cara, {
        exam_type: 'training',
        answers: answersFor([true, true, true, true, false]),
        time_taken: 50,
        total_points: 100,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        exam_type: 'training',
        score: 80,
        passed: true,
        time_taken: null,
        total_points: 7,
      });
      expect(
        await db.selectFrom('question_memory').selectAll().where('user_id', '=', cara.id).execute(),
      ).toEqual([]);
    });

    it('refuses unknown questions, a question answered twice, answers a question lacks and malformed answers, storing nothing', async () => {
      const dan = await t.learner('dan');
      const before = await resultCount();
      // Dan's exam drew every question of the bank and #999999, deleted since (an exam leaves
      // such an answer out: courses.test.ts).
      const session = await heldExam(t, dan.id, [...ids(answersFor(bank.map(() => true))), 999999]);
      const cases: [Record<string, unknown>, number, RegExp][] = [
        [
          // A training run names no session: an unknown question is refused.
          {
            exam_type: 'training',
            session_id: undefined,
            answers: [...answersFor([true]), { question_id: 999999, selected_answers: [1] }],
          },
          422,
          /Unknown questions #999999/,
        ],
        [
          { exam_type: 'exam', answers: [...answersFor([true, true]), ...answersFor([false])] },
          422,
          /more than once/,
        ],
        [
          {
            exam_type: 'exam',
            answers: [
              ...answersFor([true]),
              { question_id: bank[1]?.id, selected_answers: [1, 5] },
              { question_id: bank[2]?.id, selected_answers: [3] },
            ],
          },
          422,
          new RegExp(`question #${bank[1]?.id} has 4 answers, not answer 5$`),
        ],
        [{ exam_type: 'exam', answers: [] }, 400, /answers/],
        [
          { exam_type: 'exam', answers: [{ question_id: bank[0]?.id, selected_answers: [6] }] },
          400,
          /selected_answers/,
        ],
        [
          { exam_type: 'exam', answers: [{ question_id: bank[0]?.id, selected_answers: [1, 1] }] },
          400,
          /selected_answers/,
        ],
        [{ exam_type: 'quiz', answers: answersFor([true]) }, 400, /exam_type/],
        [
          { exam_type: 'exam', answers: answersFor([true]), user_id: 1 },
          400,
          /"user_id" is not known/,
        ],
      ];
      for (const [body, status, detail] of cases) {
        const res = await submit(dan, { session_id: session, ...body });
        expect(res.status, JSON.stringify(body)).toBe(status);
        expect(res.body.detail).toMatch(detail);
      }
      expect(await resultCount()).toBe(before);
      expect(
        await db.selectFrom('question_memory').selectAll().where('user_id', '=', dan.id).execute(),
      ).toEqual([]);
      expect(
        (
          await t.api('POST', '/exams/submit', {
            body: { exam_type: 'exam', answers: answersFor([true]) },
          })
        ).status,
      ).toBe(401);
    });

    it('serves a result whose stored answers were damaged behind the API, leaving out what is not a graded answer', async () => {
      const erin = await t.learner('erin');
      const saved = await sit(erin, { exam_type: 'exam', answers: answersFor([true, false]) });
      expect(saved.status).toBe(201);
      const [kept] = saved.body.answers;
      await db
        .updateTable('exam_results')
        .set({
          answers: JSON.stringify([kept, { x: 1 }, null, { ...kept, selected_answers: 'a' }]),
        })
        .where('id', '=', saved.body.id)
        .execute();
      const res = await t.api('GET', `/exams/results/${saved.body.id}`, { token: erin.token });
      expect(res.status).toBe(200);
      expect(res.body.answers).toEqual([kept]);
      await db
        .updateTable('exam_results')
        .set({ answers: '{not json' })
        .where('id', '=', saved.body.id)
        .execute();
      const broken = await t.api('GET', `/exams/results/${saved.body.id}`, { token: erin.token });
      expect(broken.status).toBe(200);
      expect(broken.body.answers).toEqual([]);
    });

    it('lists the own history newest first, filtered by type and limited, without answers', async () => {
      const eve = await t.learner('eve');
      const other = await t.learner('eve-neighbour');
      await sit(other, { exam_type: 'exam', answers: answersFor([true]) });
      const first = await sit(eve, { exam_type: 'exam', answers: answersFor([true, false]) });
      const second = await submit(eve, { exam_type: 'training', answers: answersFor([true]) });
      const third = await sit(eve, { exam_type: 'exam', answers: answersFor([true, true]) });

      const all = await t.api('GET', '/exams/history', { token: eve.token });
      expect(all.status).toBe(200);
      expect(all.body.map((r: { id: number }) => r.id)).toEqual([
        third.body.id,
        second.body.id,
        first.body.id,
      ]);
      expect(all.body[0]).not.toHaveProperty('answers');
      expect(all.body[0]).toMatchObject({ exam_type: 'exam', score: 100, passed: true });

      const exams = await t.api('GET', '/exams/history?exam_type=exam&limit=1', {
        token: eve.token,
      });
      expect(exams.body.map((r: { id: number }) => r.id)).toEqual([third.body.id]);
      expect((await t.api('GET', '/exams/history?limit=0', { token: eve.token })).status).toBe(400);
      expect(
        (await t.api('GET', '/exams/history?exam_type=quiz', { token: eve.token })).status,
      ).toBe(400);
      expect((await t.api('GET', '/exams/history')).status).toBe(401);
    });

    it('sums up exams only, to one decimal, with accuracy per answered topic', async () => {
      const fay = await t.learner('fay');
      const empty = await t.api('GET', '/exams/stats', { token: fay.token });
      expect(empty.body).toEqual({
        total_exams: 0,
        passed_exams: 0,
        average_score: 0,
        best_score: 0,
        success_rate: 0,
        topics: [],
      });

      await sit(fay, {
        exam_type: 'exam',
        answers: answersFor([true, true, true, false, false]),
      }); // 60
      await sit(fay, { exam_type: 'exam', answers: answersFor([true, true, true, true, true]) }); // 100
      await sit(fay, {
        exam_type: 'exam',
        answers: answersFor([false, true, true, true, true]),
      }); // 80
      await sit(fay, {
        exam_type: 'exam',
        answers: answersFor([true, false, true, true, true]),
      }); // 80
      await sit(fay, { exam_type: 'exam', answers: answersFor([true, true, true, true, true]) }); // 100
      await sit(fay, { exam_type: 'exam', answers: answersFor([true, true, true, true, true]) }); // 100
      await submit(fay, { exam_type: 'training', answers: answersFor([false]) }); // not an exam
      const stats = await t.api('GET', '/exams/stats', { token: fay.token });
      expect(stats.status).toBe(200);
      expect(stats.body).toEqual({
        total_exams: 6,
        passed_exams: 5,
        average_score: 86.6, // 520 / 6 = 86.666..., rounded down
        best_score: 100,
        success_rate: 83, // 5 / 6
        // Questions 1 and 2 were answered 6 times each (exams only): 5 + 5 right.
        topics: [
          {
            topic_id: topicId,
            topic_name: 'Right of way',
            answered: 12,
            correct: 10,
            accuracy: 83,
          },
        ],
      });

      // The page just read is kept by the server; every later answer must still show at once:
      // an exam, a training answer fed to memory, and a topic renamed behind the app's back.
      await sit(fay, { exam_type: 'exam', answers: answersFor([true, false]) });
      const afterExam = await t.api('GET', '/exams/stats', { token: fay.token });
      expect(afterExam.body.topics[0]).toMatchObject({ answered: 14, correct: 11 });
      const trained = await t.api('POST', '/training-modules/weak-spots/update', {
        token: fay.token,
        // The server grades the choice itself; the client's verdict is ignored.
        body: { question_id: bank[0]?.id, is_correct: false, selected_answers: bank[0]?.right },
      });
      expect(trained.status).toBe(200);
      const afterTraining = await t.api('GET', '/exams/stats', { token: fay.token });
      expect(afterTraining.body.topics[0]).toMatchObject({ answered: 15, correct: 12 });
      await db.updateTable('topics').set({ name: 'Priority' }).where('id', '=', topicId).execute();
      const renamed = await t.api('GET', '/exams/stats', { token: fay.token });
      expect(renamed.body.topics[0]).toMatchObject({ topic_name: 'Priority', answered: 15 });
      await db
        .updateTable('topics')
        .set({ name: 'Right of way' })
        .where('id', '=', topicId)
        .execute();
      expect((await t.api('GET', '/exams/stats')).status).toBe(401);
    });

    it('averages the exact scores, not the rounded ones each result shows', async () => {
      const gil = await t.learner('gil');
      const first = await sit(gil, {
        exam_type: 'exam',
        answers: answersFor([true, true, false]),
      });
      // One exam: its average and best are the same figure.
      const one = await t.api('GET', '/exams/stats', { token: gil.token });
      expect(first.body).toMatchObject({ score: 66 }); // 66.67, rounded down
      expect(one.body).toMatchObject({ average_score: 66.6, best_score: 66.6 });
      // The activity log tells the administrator the figure the learner was shown.
      const logged = await db
        .selectFrom('audit_log')
        .select(['summary', 'details'])
        .where('action', '=', 'exam.submit')
        .where('user_id', '=', gil.id)
        .executeTakeFirstOrThrow();
      expect(logged.summary).toBe('gil failed an exam with 66.6%');
      expect(JSON.parse(logged.details ?? '{}')).toMatchObject({ score: 66.6 });
      await sit(gil, { exam_type: 'exam', answers: answersFor([true, false]) }); // 50
      const stats = await t.api('GET', '/exams/stats', { token: gil.token });
      // (66.67 + 50) / 2 = 58.33; the whole scores 66 and 50 would make it 58.
      expect(stats.body).toMatchObject({ total_exams: 2, average_score: 58.3, best_score: 66.6 });
    });

    it('passes an exam only at the pass mark unrounded, and its score never reaches the mark when it failed', async () => {
      const pam = await t.learner('pam');
      const passPercent = async (value: string) =>
        expect(
          (await t.api('PUT', '/settings/key/exam_pass_percent', { token: admin, body: { value } }))
            .status,
        ).toBe(200);
      await passPercent('67');
      try {
        // 2 of 3 is 66.67%: short of 67, though it rounds to 67.
        const short = await sit(pam, {
          exam_type: 'exam',
          answers: answersFor([true, true, false]),
        });
        expect(short.body).toMatchObject({ score: 66, passed: false });
        await passPercent('66');
        const enough = await sit(pam, {
          exam_type: 'exam',
          answers: answersFor([true, true, false]),
        });
        expect(enough.body).toMatchObject({ score: 66, passed: true });
      } finally {
        await passPercent('70');
      }
    });

    it('shows a result to its owner and to administrators only', async () => {
      const gus = await t.learner('gus');
      const hal = await t.learner('hal');
      const result = await sit(gus, { exam_type: 'exam', answers: answersFor([true, false]) });
      const own = await t.api('GET', `/exams/results/${result.body.id}`, { token: gus.token });
      expect(own.status).toBe(200);
      expect(own.body).toEqual(result.body);

      const stranger = await t.api('GET', `/exams/results/${result.body.id}`, { token: hal.token });
      expect(stranger.status).toBe(403);
      expect(stranger.body.detail).toEqual(expect.any(String));
      expect(JSON.stringify(stranger.body)).not.toContain('selected_answers');

      const byAdmin = await t.api('GET', `/exams/results/${result.body.id}`, { token: admin });
      expect(byAdmin.status).toBe(200);
      expect(byAdmin.body.user_id).toBe(gus.id);

      expect((await t.api('GET', '/exams/results/999999', { token: gus.token })).status).toBe(404);
      expect((await t.api('GET', '/exams/results/abc', { token: gus.token })).status).toBe(400);
      expect((await t.api('GET', `/exams/results/${result.body.id}`)).status).toBe(401);
    });

    it('gives a result with its questions as the bank holds them now, to its owner and administrators', async () => {
      const ivy = await t.learner('ivy');
      const jon = await t.learner('jon');
      // Answered in another order than the bank's: the questions follow the answers.
      const answers = answersFor([true, false, true]).reverse();
      const result = await sit(ivy, { exam_type: 'exam', answers });
      const review = await t.api('GET', `/exams/results/${result.body.id}/review`, {
        token: ivy.token,
      });
      expect(review.status).toBe(200);
      expect(review.body.result).toEqual(result.body);
      expect(review.body.questions.map((q: { id: number }) => q.id)).toEqual(
        answers.map((answer) => answer.question_id),
      );
      const stored = await t.api('GET', `/admin/questions/${answers[0]?.question_id}`, {
        token: admin,
      });
      // As stored, in the course's language; a learner's copy carries no administrator's list of translations.
      expect(review.body.questions[0]).toEqual({ ...stored.body, translations: undefined });

      const byAdmin = await t.api('GET', `/exams/results/${result.body.id}/review`, {
        token: admin,
      });
      expect(byAdmin.body).toEqual(review.body);
      const stranger = await t.api('GET', `/exams/results/${result.body.id}/review`, {
        token: jon.token,
      });
      expect(stranger.status).toBe(403);
      expect(JSON.stringify(stranger.body)).not.toContain('question_text');
      expect(
        (await t.api('GET', '/exams/results/999999/review', { token: ivy.token })).status,
      ).toBe(404);
      expect((await t.api('GET', `/exams/results/${result.body.id}/review`)).status).toBe(401);
    });

    it('starts an exam session from the settings and closes it with the submitted result', async () => {
      const ida = await t.learner('ida');
      const started = await t.api('POST', '/exams/sessions', { token: ida.token });
      expect(started.status).toBe(201);
      expect(started.body).toMatchObject({
        exam_type: 'exam',
        time_limit_seconds: 2400,
        is_completed: false,
        result_id: null,
        completed_at: null,
      });
      expect(started.body.session_id).toBe(started.body.id);
      // The bank has five questions, fewer than the 40 an exam takes: all of them, each once.
      const drawn = started.body.questions.map((q: { id: number }) => q.id);
      expect([...drawn].sort((a, b) => a - b)).toEqual(bank.map((q) => q.id).sort((a, b) => a - b));

      const result = await submit(ida, {
        exam_type: 'exam',
        session_id: started.body.id,
        answers: answersFor([true, true, true, true, false]),
        time_taken: 600,
      });
      expect(result.status).toBe(201);
      const session = await db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('id', '=', started.body.id)
        .executeTakeFirstOrThrow();
      expect(session).toMatchObject({
        result_id: result.body.id,
        completed_at: result.body.created_at,
      });

      const training = await t.api('POST', '/exams/sessions', {
        token: ida.token,
        body: { exam_type: 'training' },
      });
      expect(training.body.exam_type).toBe('training');
      expect(
        (await t.api('POST', '/exams/sessions', { token: ida.token, body: { exam_type: 'quiz' } }))
          .status,
      ).toBe(400);
      expect((await t.api('POST', '/exams/sessions')).status).toBe(401);
    });

    it('completes only the own exam session, linking only the own result', async () => {
      const jo = await t.learner('jo');
      const kim = await t.learner('kim');
      const session = (await t.api('POST', '/exams/sessions', { token: jo.token })).body;
      const kimsResult = (await sit(kim, { exam_type: 'exam', answers: answersFor([true]) })).body;
      const josResult = (await sit(jo, { exam_type: 'exam', answers: answersFor([true]) })).body;

      const byStranger = await t.api('PUT', `/exams/sessions/${session.id}/complete`, {
        token: kim.token,
        body: {},
      });
      expect(byStranger.status).toBe(404);
      const foreignResult = await t.api('PUT', `/exams/sessions/${session.id}/complete`, {
        token: jo.token,
        body: { result_id: kimsResult.id },
      });
      expect(foreignResult.status).toBe(422);
      const stored = await db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('id', '=', session.id)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ completed_at: null, result_id: null });

      const done = await t.api('PUT', `/exams/sessions/${session.id}/complete`, {
        token: jo.token,
        body: { result_id: josResult.id },
      });
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({
        id: session.id,
        is_completed: true,
        result_id: josResult.id,
      });
      expect(done.body.completed_at).toEqual(expect.any(String));
      expect(done.body.questions).toEqual(session.questions);

      const again = await t.api('PUT', `/exams/sessions/${session.id}/complete`, {
        token: jo.token,
      });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({
        completed_at: done.body.completed_at,
        result_id: josResult.id,
      });
      expect(
        (await t.api('PUT', '/exams/sessions/999999/complete', { token: jo.token, body: {} }))
          .status,
      ).toBe(404);
      expect(
        (await t.api('PUT', `/exams/sessions/${session.id}/complete`, { body: {} })).status,
      ).toBe(401);
    });

    describe('the server holds the exam', () => {
      const byId = (id: number) => bank.find((question) => question.id === id) as BankQuestion;
      /** The answer to question `id`: its right answers, or a wrong one (2 is right nowhere). */
      const pick = (id: number, right: boolean) => ({
        question_id: id,
        selected_answers: right ? byId(id).right : [2],
      });
      const bankIds = () => bank.map((question) => question.id);
      /** An exam started as the exam page starts it. */
      const startExam = async (learner: Learner) => {
        const res = await t.api('POST', '/exams/sessions', { token: learner.token });
        expect(res.status).toBe(201);
        return {
          id: res.body.session_id as number,
          ids: res.body.questions.map((q: { id: number }) => q.id) as number[],
          mainCount: res.body.main_count as number,
        };
      };
      const statsOf = async (learner: Learner) =>
        (await t.api('GET', '/exams/stats', { token: learner.token })).body;

      it('refuses an exam without its session, and counts the questions a one-answer exam left out as unanswered', async () => {
        const mia = await t.learner('mia');
        const before = await resultCount();
        // The made-up exam: one question, answered right, would pass at 100 %.
        const bare = await submit(mia, { exam_type: 'exam', answers: [pick(bankIds()[0]!, true)] });
        expect(bare.status).toBe(422);
        expect(bare.body.detail).toMatch(/session_id/);
        expect(await resultCount()).toBe(before);

        const exam = await startExam(mia);
        expect(exam.ids).toHaveLength(5);
        expect(exam.mainCount).toBe(5);
        const one = await submit(mia, {
          exam_type: 'exam',
          session_id: exam.id,
          answers: [pick(exam.ids[0]!, true)],
        });
        expect(one.status).toBe(201);
        expect(one.body).toMatchObject({
          total_questions: 5,
          correct_answers: 1,
          score: 20,
          passed: false,
          mistakes: 4,
          unanswered: 4,
          over_time: false,
        });
        expect(one.body.answers.map((a: { question_id: number }) => a.question_id)).toEqual(
          exam.ids,
        );
        expect(
          one.body.answers.map((a: { selected_answers: number[] }) => a.selected_answers.length),
        ).toEqual([byId(exam.ids[0]!).right.length, 0, 0, 0, 0]);
        expect(await statsOf(mia)).toMatchObject({ total_exams: 1, passed_exams: 0 });
      });

      it('keeps one result per session: the same picks again get it back (200), other picks a 409', async () => {
        const ned = await t.learner('ned');
        const exam = await startExam(ned);
        const answers = exam.ids.map((id) => pick(id, true));
        const before = await resultCount();
        const first = await submit(ned, { exam_type: 'exam', session_id: exam.id, answers });
        expect(first.status).toBe(201);
        expect(first.body).toMatchObject({ passed: true, score: 100 });

        const again = await submit(ned, { exam_type: 'exam', session_id: exam.id, answers });
        expect(again.status).toBe(200);
        expect(again.body).toEqual(first.body);
        // The same picks in another order, claiming another time: the same exam.
        const reordered = await submit(ned, {
          exam_type: 'exam',
          session_id: exam.id,
          answers: [...answers].reverse(),
          time_taken: 5,
        });
        expect(reordered.status).toBe(200);
        expect(reordered.body.id).toBe(first.body.id);
        // Other picks for the same session: refused, the first result stands.
        const changed = await submit(ned, {
          exam_type: 'exam',
          session_id: exam.id,
          answers: [pick(exam.ids[0]!, false), ...answers.slice(1)],
        });
        expect(changed.status).toBe(409);
        expect(changed.body.detail).toMatch(/already has a result/);

        expect(await resultCount()).toBe(before + 1);
        expect(await statsOf(ned)).toMatchObject({ total_exams: 1, passed_exams: 1 });
        const session = await db
          .selectFrom('exam_sessions')
          .select(['result_id', 'completed_at'])
          .where('id', '=', exam.id)
          .executeTakeFirstOrThrow();
        expect(session).toEqual({ result_id: first.body.id, completed_at: first.body.created_at });
      });

      it('saves one result when two submissions of one session race, answering the other by its picks', async () => {
        const oda = await t.learner('oda');
        const before = await resultCount();
        const same = await startExam(oda);
        const answers = same.ids.map((id) => pick(id, true));
        const body = { exam_type: 'exam', session_id: same.id, answers };
        const sameRace = await Promise.all([submit(oda, body), submit(oda, body)]);
        expect(sameRace.map((res) => res.status).sort()).toEqual([200, 201]);
        expect(sameRace[0]?.body.id).toBe(sameRace[1]?.body.id);

        const other = await startExam(oda);
        const right = other.ids.map((id) => pick(id, true));
        const wrong = other.ids.map((id) => pick(id, false));
        const otherRace = await Promise.all([
          submit(oda, { exam_type: 'exam', session_id: other.id, answers: right }),
          submit(oda, { exam_type: 'exam', session_id: other.id, answers: wrong }),
        ]);
        expect(otherRace.map((res) => res.status).sort()).toEqual([201, 409]);
        expect(await resultCount()).toBe(before + 2);
        expect(await statsOf(oda)).toMatchObject({ total_exams: 2 });
      });

      it("refuses answers to questions the session did not draw, naming them, and a session that is not the learner's own exam", async () => {
        const ola = await t.learner('ola');
        const pia = await t.learner('pia');
        const [left, ...drawn] = bankIds() as [number, ...number[]];
        const session = await heldExam(t, ola.id, drawn);
        const before = await resultCount();
        const answers = [...drawn.map((id) => pick(id, true)), pick(left, true)];
        const foreign = await submit(ola, { exam_type: 'exam', session_id: session, answers });
        expect(foreign.status).toBe(422);
        expect(foreign.body.detail).toBe(`These questions are not in this exam: #${left}`);

        const theirs = await submit(pia, {
          exam_type: 'exam',
          session_id: session,
          answers: drawn.map((id) => pick(id, true)),
        });
        expect(theirs.status).toBe(422);
        expect(theirs.body.detail).toBe(
          `Exam session #${session} is not one of your exam sessions`,
        );
        const training = await t.api('POST', '/exams/sessions', {
          token: ola.token,
          body: { exam_type: 'training' },
        });
        const notAnExam = await submit(ola, {
          exam_type: 'exam',
          session_id: training.body.session_id,
          answers: [pick(left, true)],
        });
        expect(notAnExam.status).toBe(422);
        expect(
          (
            await submit(ola, {
              exam_type: 'exam',
              session_id: 999999,
              answers: [pick(left, true)],
            })
          ).status,
        ).toBe(422);
        expect(await resultCount()).toBe(before);
      });

      it("grades a 60 s exam sent after 66 s by the server's clock: answers given after the limit are dropped, and the result is over time", async () => {
        const rui = await t.learner('rui');
        const [q1, q2, q3, q4, q5] = bankIds() as [number, number, number, number, number];
        const startedAt = Date.now() - 66_000;
        const at = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
        const res = await sit(
          rui,
          {
            exam_type: 'exam',
            time_taken: 30,
            answers: [
              { ...pick(q1, true), answered_at: at(20) },
              { ...pick(q2, true), answered_at: at(40) },
              { ...pick(q3, true), answered_at: at(62) },
              { ...pick(q4, true), answered_at: at(65) },
              { question_id: q5, selected_answers: [] },
            ],
          },
          { startedAt: new Date(startedAt), timeLimitSeconds: 60 },
        );
        expect(res.status).toBe(201);
        // Claimed: 4 of 5 right in 30 s, a pass. Held: 2 of 5 in time, the limit's 60 s.
        expect(res.body).toMatchObject({
          over_time: true,
          time_taken: 60,
          correct_answers: 2,
          score: 40,
          passed: false,
          mistakes: 3,
          unanswered: 3,
        });
        expect(
          res.body.answers.map((a: { selected_answers: number[] }) => a.selected_answers),
        ).toEqual([[1], [1, 3], [], [], []]);
        // The dropped answers teach the learner's memory nothing.
        const memory = await db
          .selectFrom('question_memory')
          .select('question_id')
          .where('user_id', '=', rui.id)
          .orderBy('question_id')
          .execute();
        expect(memory.map((row) => row.question_id)).toEqual([q1, q2]);
        const history = await t.api('GET', '/exams/history', { token: rui.token });
        expect(history.body[0]).toMatchObject({ id: res.body.id, over_time: true });
      });

      it('marks a submission without answer times over time only past the limit and its 30 s grace, grading the answers given', async () => {
        const sol = await t.learner('sol');
        const answers = bankIds().map((id) => pick(id, true));
        const late = await sit(
          sol,
          { exam_type: 'exam', answers },
          { startedAt: new Date(Date.now() - 100_000), timeLimitSeconds: 60 },
        );
        expect(late.status).toBe(201);
        expect(late.body).toMatchObject({
          over_time: true,
          time_taken: 60,
          correct_answers: 5,
          passed: true,
        });
        const inGrace = await sit(
          sol,
          { exam_type: 'exam', answers },
          { startedAt: new Date(Date.now() - 66_000), timeLimitSeconds: 60 },
        );
        expect(inGrace.body).toMatchObject({ over_time: false, time_taken: 60, passed: true });
      });

      it('takes an exam finished offline and sent hours later from the outbox, its time ending with its last answer', async () => {
        const tom = await t.learner('tom');
        const startedAt = Date.now() - 2 * 3_600_000;
        const at = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
        const res = await sit(
          tom,
          {
            exam_type: 'exam',
            client_id: 'exam-offline-0001',
            answers: bankIds().map((id, index) => ({
              ...pick(id, index !== 4),
              answered_at: at(10 * (index + 1)),
            })),
          },
          { startedAt: new Date(startedAt), timeLimitSeconds: 60 },
        );
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({
          over_time: false,
          time_taken: 50,
          correct_answers: 4,
          score: 80,
          passed: true,
        });
      });

      it('takes an exam finished offline in 12 s and sent a minute later, within its limit, with the 12 s it took', async () => {
        const kai = await t.learner('kai');
        // Begun online 76 s ago (a 2400 s limit); its last answer, the finish, 12 s in; then a
        // minute with no connection before the outbox sent it.
        const startedAt = Date.now() - 76_000;
        const at = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
        const res = await sit(
          kai,
          {
            exam_type: 'exam',
            client_id: 'exam-offline-0002',
            time_taken: 12,
            answers: bankIds().map((id, index) => ({
              ...pick(id, true),
              answered_at: at([3, 5, 8, 10, 12][index]!),
            })),
          },
          { startedAt: new Date(startedAt) },
        );
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ over_time: false, time_taken: 12, passed: true });
        const history = await t.api('GET', '/exams/history', { token: kai.token });
        expect(history.body[0]).toMatchObject({ id: res.body.id, time_taken: 12 });
      });

      it('records the whole 60 s limit for an exam whose time ran out offline, sent hours later', async () => {
        const lea = await t.learner('lea');
        const startedAt = Date.now() - 2 * 3_600_000;
        const at = (seconds: number) => new Date(startedAt + seconds * 1000).toISOString();
        const [q1, q2, q3, q4, q5] = bankIds() as [number, number, number, number, number];
        const res = await sit(
          lea,
          {
            exam_type: 'exam',
            answers: [
              { ...pick(q1, true), answered_at: at(10) },
              { ...pick(q2, true), answered_at: at(20) },
              { ...pick(q3, true), answered_at: at(30) },
              { ...pick(q4, true), answered_at: at(40) },
              // The clock reached 60 s on the last question, before it was answered.
              { question_id: q5, selected_answers: [] },
            ],
          },
          { startedAt: new Date(startedAt), timeLimitSeconds: 60 },
        );
        expect(res.status).toBe(201);
        expect(res.body).toMatchObject({ time_taken: 60, unanswered: 1, correct_answers: 4 });
      });

      it("records the server's time, not the 86,400 s claimed", async () => {
        const uma = await t.learner('uma');
        const res = await sit(
          uma,
          { exam_type: 'exam', time_taken: 86_400, answers: answersFor([true, true, true]) },
          { startedAt: new Date(Date.now() - 125_000) },
        );
        expect(res.status).toBe(201);
        expect(res.body.time_taken).toBe(125);
      });

      it('refuses answers dated before the exam began or ahead of the server clock, naming them', async () => {
        const val = await t.learner('val');
        const [q1, q2] = bankIds() as [number, number];
        const startedAt = Date.now() - 60_000;
        const before = await resultCount();
        const early = await sit(
          val,
          {
            exam_type: 'exam',
            answers: [
              { ...pick(q1, true), answered_at: new Date(startedAt - 5_000).toISOString() },
              { ...pick(q2, true), answered_at: new Date(startedAt + 5_000).toISOString() },
            ],
          },
          { startedAt: new Date(startedAt) },
        );
        expect(early.status).toBe(422);
        expect(early.body.detail).toBe(
          `These answers are dated before the exam began or after now: #${q1}`,
        );
        const ahead = await sit(
          val,
          {
            exam_type: 'exam',
            answers: [
              { ...pick(q1, true), answered_at: new Date(Date.now() + 300_000).toISOString() },
            ],
          },
          { startedAt: new Date(startedAt) },
        );
        expect(ahead.status).toBe(422);
        expect(await resultCount()).toBe(before);
      });
    });
  });
});
