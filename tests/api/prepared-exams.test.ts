/**
 * An exam drawn ahead for a start with no connection (POST /exams/sessions with `prepared`): it
 * counts nowhere until used, its submission claims its start, the server holds the claim to the
 * session's window and the answers to the claimed start plus the limit, and it takes one result.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helpers';

interface Learner {
  token: string;
  id: number;
}

interface BankQuestion {
  id: number;
  right: number[];
}

describe.each(DATABASES)('prepared exams on %s', (kind) => {
  let t: TestApp;
  const bank: BankQuestion[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    const admin = await t.adminToken();
    for (const [index, right] of ['1', '2', '3', '1', '4'].entries()) {
      const res = await t.api('POST', '/admin/questions', {
        token: admin,
        body: {
          question_text: `Prepared question ${index + 1}`,
          answer_1: 'A',
          answer_2: 'B',
          answer_3: 'C',
          answer_4: 'D',
          right_answers: right,
          points: 1,
        },
      });
      expect(res.status).toBe(201);
      bank.push({ id: res.body.id, right: [Number(right)] });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const byId = (id: number) => bank.find((question) => question.id === id)!;
  /** Question `id`'s right answer, or a wrong one (each has one right answer of four). */
  const pick = (id: number, right: boolean, answeredAt?: string) => ({
    question_id: id,
    selected_answers: right ? byId(id).right : [byId(id).right[0] === 1 ? 2 : 1],
    ...(answeredAt ? { answered_at: answeredAt } : {}),
  });
  const submit = (learner: Learner, body: Record<string, unknown>) =>
    t.api('POST', '/exams/submit', { token: learner.token, body });
  const resultCount = async () =>
    (await db().selectFrom('exam_results').select('id').execute()).length;
  const prepare = async (learner: Learner) => {
    const res = await t.api('POST', '/exams/sessions', {
      token: learner.token,
      body: { prepared: true },
    });
    expect(res.status).toBe(201);
    return {
      id: res.body.session_id as number,
      ids: (res.body.questions as { id: number }[]).map((question) => question.id),
      body: res.body,
    };
  };
  /** Dates the prepared session `id` as drawn at `drawnAt`, with a limit of `limitSeconds`. */
  const drawnEarlier = (id: number, drawnAt: Date, limitSeconds: number) =>
    db()
      .updateTable('exam_sessions')
      .set({
        prepared_at: drawnAt.toISOString(),
        started_at: drawnAt.toISOString(),
        time_limit_seconds: limitSeconds,
      })
      .where('id', '=', id)
      .execute();

  it('draws a prepared session like any other, and counts it nowhere while it is unused', async () => {
    const una = await t.learner('una');
    const before = Date.now();
    const prepared = await prepare(una);
    expect(prepared.body).toMatchObject({ exam_type: 'exam', prepared: true, main_count: 5 });
    expect([...prepared.ids].sort((a, b) => a - b)).toEqual(bank.map((q) => q.id));
    expect(Date.parse(prepared.body.started_at)).toBeGreaterThanOrEqual(before - 1000);
    const started = await t.api('POST', '/exams/sessions', { token: una.token });
    expect(started.body.prepared).toBe(false);

    const stats = await t.api('GET', '/exams/stats', { token: una.token });
    expect(stats.body).toMatchObject({ total_exams: 0, passed_exams: 0 });
    const history = await t.api('GET', '/exams/history', { token: una.token });
    expect(history.body).toEqual([]);
    const training = await t.api('GET', '/training-modules/sessions/stats', { token: una.token });
    expect(training.body).toMatchObject({ total_sessions: 0, completed_sessions: 0 });
  });

  it('refuses a claimed start for a session started when drawn, for a training run, and none for a prepared one', async () => {
    const vic = await t.learner('vic');
    const started = await t.api('POST', '/exams/sessions', { token: vic.token });
    const prepared = await prepare(vic);
    const before = await resultCount();
    const claimed = new Date().toISOString();
    const onStarted = await submit(vic, {
      exam_type: 'exam',
      session_id: started.body.session_id,
      started_at: claimed,
      answers: [pick(started.body.questions[0].id, true)],
    });
    expect(onStarted.status).toBe(422);
    expect(onStarted.body.detail).toBe(
      'started_at is only for an exam in a prepared session; this session started when it was drawn',
    );
    const training = await submit(vic, {
      exam_type: 'training',
      started_at: claimed,
      answers: [pick(bank[0]!.id, true)],
    });
    expect(training.status).toBe(422);
    const withoutStart = await submit(vic, {
      exam_type: 'exam',
      session_id: prepared.id,
      answers: [pick(prepared.ids[0]!, true)],
    });
    expect(withoutStart.status).toBe(422);
    expect(withoutStart.body.detail).toBe(
      'An exam in a prepared session is submitted with when it started (started_at)',
    );
    expect(await resultCount()).toBe(before);
  });

  it('refuses a claimed start before the session was drawn or after now, storing nothing', async () => {
    const wen = await t.learner('wen');
    const prepared = await prepare(wen);
    const drawnAt = new Date(Date.now() - 3_600_000);
    await drawnEarlier(prepared.id, drawnAt, 600);
    const before = await resultCount();
    const detail = 'The start is before this exam was prepared or after now';
    for (const claimed of [new Date(drawnAt.getTime() - 1000), new Date(Date.now() + 60_000)]) {
      const res = await submit(wen, {
        exam_type: 'exam',
        session_id: prepared.id,
        started_at: claimed.toISOString(),
        answers: [pick(prepared.ids[0]!, true)],
      });
      expect(res.status).toBe(422);
      expect(res.body.detail).toBe(detail);
    }
    expect(await resultCount()).toBe(before);
    const session = await db()
      .selectFrom('exam_sessions')
      .select(['result_id', 'started_at', 'completed_at'])
      .where('id', '=', prepared.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({
      result_id: null,
      started_at: drawnAt.toISOString(),
      completed_at: null,
    });
  });

  it('holds the answers to the claimed start plus the limit, dropping those after it, and keeps the start', async () => {
    const xia = await t.learner('xia');
    const prepared = await prepare(xia);
    await drawnEarlier(prepared.id, new Date(Date.now() - 3_600_000), 60);
    // Started offline 10 minutes ago, with a 60 s limit; sent now from the outbox.
    const start = Date.now() - 600_000;
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    const [q1, q2, q3, q4, q5] = prepared.ids as [number, number, number, number, number];
    const early = await submit(xia, {
      exam_type: 'exam',
      session_id: prepared.id,
      started_at: new Date(start).toISOString(),
      answers: [pick(q1, true, at(-5))],
    });
    expect(early.status).toBe(422);

    const res = await submit(xia, {
      exam_type: 'exam',
      session_id: prepared.id,
      started_at: new Date(start).toISOString(),
      time_taken: 30,
      client_id: 'exam-prepared-xia',
      answers: [
        pick(q1, true, at(20)),
        pick(q2, true, at(40)),
        pick(q3, true, at(62)),
        pick(q4, true, at(65)),
        { question_id: q5, selected_answers: [] },
      ],
    });
    expect(res.status).toBe(201);
    // Claimed: 4 of 5 right. Held: 2 of 5 in the 60 s after the claimed start.
    expect(res.body).toMatchObject({
      over_time: true,
      time_taken: 60,
      correct_answers: 2,
      score: 40,
      passed: false,
      unanswered: 3,
    });
    expect(
      res.body.answers.map((answer: { selected_answers: number[] }) => answer.selected_answers),
    ).toEqual([byId(q1).right, byId(q2).right, [], [], []]);
    const session = await db()
      .selectFrom('exam_sessions')
      .select(['result_id', 'started_at'])
      .where('id', '=', prepared.id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ result_id: res.body.id, started_at: new Date(start).toISOString() });
  });

  it('records the 12 s an exam started offline took when it is sent a minute later, within its limit', async () => {
    const yul = await t.learner('yul');
    const prepared = await prepare(yul);
    await drawnEarlier(prepared.id, new Date(Date.now() - 3_600_000), 1200);
    // Started offline; every answer given, the last (the finish) 12.6 s in, which the device
    // showed as 00:12; then a minute offline before the outbox sent it.
    const start = Date.now() - 72_600;
    const at = (ms: number) => new Date(start + ms).toISOString();
    const res = await submit(yul, {
      exam_type: 'exam',
      session_id: prepared.id,
      started_at: new Date(start).toISOString(),
      time_taken: 12,
      client_id: 'exam-prepared-yul',
      answers: prepared.ids.map((id, index) =>
        pick(id, true, at([2_100, 4_700, 7_000, 9_900, 12_600][index]!)),
      ),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ over_time: false, time_taken: 12, passed: true });
    const history = await t.api('GET', '/exams/history', { token: yul.token });
    expect(history.body[0]).toMatchObject({ id: res.body.id, time_taken: 12 });
  });

  it('takes one result: a second use with other picks is refused, the same picks get the first back', async () => {
    const yan = await t.learner('yan');
    const prepared = await prepare(yan);
    await drawnEarlier(prepared.id, new Date(Date.now() - 3_600_000), 600);
    const start = Date.now() - 120_000;
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    const answers = prepared.ids.map((id, index) => pick(id, true, at(10 + index)));
    const before = await resultCount();
    const first = await submit(yan, {
      exam_type: 'exam',
      session_id: prepared.id,
      started_at: new Date(start).toISOString(),
      client_id: 'exam-prepared-yan-1',
      answers,
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ passed: true, score: 100, over_time: false });

    // Started again on another device later: other picks, another start.
    const laterStart = Date.now() - 30_000;
    const again = await submit(yan, {
      exam_type: 'exam',
      session_id: prepared.id,
      started_at: new Date(laterStart).toISOString(),
      client_id: 'exam-prepared-yan-2',
      answers: prepared.ids.map((id) => pick(id, false, new Date(laterStart + 5000).toISOString())),
    });
    expect(again.status).toBe(409);
    const resent = await submit(yan, {
      exam_type: 'exam',
      session_id: prepared.id,
      started_at: new Date(start).toISOString(),
      client_id: 'exam-prepared-yan-3',
      answers,
    });
    expect(resent.status).toBe(200);
    expect(resent.body.id).toBe(first.body.id);
    expect(await resultCount()).toBe(before + 1);
    const stats = await t.api('GET', '/exams/stats', { token: yan.token });
    expect(stats.body).toMatchObject({ total_exams: 1, passed_exams: 1 });
  });
});
