import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { createTestApp, DATABASES, type TestApp } from './helpers';

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
      const body = {
        exam_type: 'exam',
        answers: answersFor([true, true, false, true, true]),
        time_taken: 300,
        client_id: 'exam-1795300000000',
      };
      const before = await resultCount();
      const first = await submit(learner, body);
      const again = await submit(learner, body);
      expect(first.status).toBe(201);
      expect(again.body.id).toBe(first.body.id);
      expect(await resultCount()).toBe(before + 1);
      const other = await t.learner('resender2');
      const theirs = await submit(other, body);
      expect(theirs.body.id).not.toBe(first.body.id);
      expect(await resultCount()).toBe(before + 2);
    });

    it('saves an attempt sent several times at once a single time, answering each send with it', async () => {
      const learner = await t.learner('racer');
      const body = {
        exam_type: 'exam',
        answers: answersFor([true, false, true, true, true]),
        client_id: 'exam-1795300000001',
      };
      const before = await resultCount();
      const answers = await Promise.all(Array.from({ length: 6 }, () => submit(learner, body)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
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
      const res = await submit(anna, {
        exam_type: 'exam',
        answers,
        time_taken: 1234,
        total_points: 999,
      });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        user_id: anna.id,
        exam_type: 'exam',
        total_questions: 5,
        correct_answers: 3,
        score: 60,
        passed: false,
        time_taken: 1234,
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
        details: JSON.stringify({ username: 'anna', exam_type: 'exam', passed: false, score: 60 }),
      });
    });

    it('takes answers to questions last answered under a clock ahead of the server', async () => {
      // A backup restored from a machine whose clock ran fast, or a clock set back since.
      const dora = await t.learner('dora');
      expect((await submit(dora, { exam_type: 'exam', answers: answersFor([true]) })).status).toBe(
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

      const later = await submit(dora, { exam_type: 'exam', answers: answersFor([false]) });
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
      expect((await submit(dora, { exam_type: 'exam', answers: answersFor([true]) })).status).toBe(
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
          submit(erik, { exam_type: 'exam', answers: answersFor([true]) }),
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
      const allRight = await submit(ben, {
        exam_type: 'exam',
        answers: answersFor([true, true, true, true, true]),
      });
      expect(allRight.body).toMatchObject({
        score: 100,
        passed: true,
        total_points: 8,
        max_points: 8,
      });

      const partial = await submit(ben, {
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
        time_taken: null,
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
      const cases: [Record<string, unknown>, number, RegExp][] = [
        [
          {
            exam_type: 'exam',
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
        const res = await submit(dan, body);
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
      const saved = await submit(erin, { exam_type: 'exam', answers: answersFor([true, false]) });
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
      await submit(other, { exam_type: 'exam', answers: answersFor([true]) });
      const first = await submit(eve, { exam_type: 'exam', answers: answersFor([true, false]) });
      const second = await submit(eve, { exam_type: 'training', answers: answersFor([true]) });
      const third = await submit(eve, { exam_type: 'exam', answers: answersFor([true, true]) });

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

      await submit(fay, {
        exam_type: 'exam',
        answers: answersFor([true, true, true, false, false]),
      }); // 60
      await submit(fay, { exam_type: 'exam', answers: answersFor([true, true, true, true, true]) }); // 100
      await submit(fay, {
        exam_type: 'exam',
        answers: answersFor([false, true, true, true, true]),
      }); // 80
      await submit(fay, {
        exam_type: 'exam',
        answers: answersFor([true, false, true, true, true]),
      }); // 80
      await submit(fay, { exam_type: 'exam', answers: answersFor([true, true, true, true, true]) }); // 100
      await submit(fay, { exam_type: 'exam', answers: answersFor([true, true, true, true, true]) }); // 100
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
      await submit(fay, { exam_type: 'exam', answers: answersFor([true, false]) });
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
      const first = await submit(gil, {
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
      await submit(gil, { exam_type: 'exam', answers: answersFor([true, false]) }); // 50
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
        const short = await submit(pam, {
          exam_type: 'exam',
          answers: answersFor([true, true, false]),
        });
        expect(short.body).toMatchObject({ score: 66, passed: false });
        await passPercent('66');
        const enough = await submit(pam, {
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
      const result = await submit(gus, { exam_type: 'exam', answers: answersFor([true, false]) });
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
      const result = await submit(ivy, { exam_type: 'exam', answers });
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
      expect(review.body.questions[0]).toEqual(stored.body);

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
      const kimsResult = (await submit(kim, { exam_type: 'exam', answers: answersFor([true]) }))
        .body;
      const josResult = (await submit(jo, { exam_type: 'exam', answers: answersFor([true]) })).body;

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
  });
});
