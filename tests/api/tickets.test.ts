import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import { addQuestions, createTestApp, DATABASES, type TestApp } from './helpers';

interface Ticket {
  id: number;
  ticket_number: number;
  question_ids: string;
  question_count: number;
  max_points: number;
  created_at: string;
}

const idsOf = (ticket: Ticket): number[] => JSON.parse(ticket.question_ids);

describe.each(DATABASES)('training tickets on %s', (kind) => {
  let t: TestApp;
  // The app's database: it removes questions behind the API's back, the way a bank edit would, without the question module's own clean-up of tickets.
  let database: AppDatabase;
  let admin: string;
  let learner: string;
  const points = new Map<number, number>();

  const listTickets = async (): Promise<Ticket[]> =>
    (await t.api('GET', '/training-tickets', { token: admin })).body;

  beforeAll(async () => {
    t = await createTestApp(kind);
    database = t.database;
    admin = await t.adminToken();
    learner = (await t.learner('ticketeer')).token;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to generate tickets while the bank is smaller than one ticket, storing none', async () => {
    await addQuestions(t, [1, 2, 3]).then((ids) => ids.forEach((id, i) => points.set(id, i + 1)));
    const res = await t.api('POST', '/training-tickets/generate', { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/3 questions/);
    expect(await listTickets()).toEqual([]);
  });

  it('generates 25 tickets of 40 distinct existing questions by default, replacing old ones', async () => {
    const more = Array.from({ length: 97 }, (_, i) => (i % 3) + 1);
    (await addQuestions(t, more)).forEach((id, i) => points.set(id, more[i] as number));

    const small = await t.api('POST', '/training-tickets/generate', {
      token: admin,
      body: { questions_per_ticket: 5, total_tickets: 3 },
    });
    expect(small.status).toBe(200);
    expect(small.body).toEqual({
      message: 'Tickets generated successfully',
      total_tickets: 3,
      questions_per_ticket: 5,
    });
    expect((await listTickets()).map((ticket) => ticket.question_count)).toEqual([5, 5, 5]);

    const res = await t.api('POST', '/training-tickets/generate', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Tickets generated successfully',
      total_tickets: 25,
      questions_per_ticket: 40,
    });
    const tickets = await listTickets();
    expect(tickets.map((ticket) => ticket.ticket_number)).toEqual(
      Array.from({ length: 25 }, (_, i) => i + 1),
    );
    for (const ticket of tickets) {
      const ids = idsOf(ticket);
      expect(ids).toHaveLength(40);
      expect(new Set(ids).size).toBe(40);
      expect(ids.every((id) => points.has(id))).toBe(true);
      expect(ticket.question_count).toBe(40);
      expect(ticket.max_points).toBe(ids.reduce((sum, id) => sum + (points.get(id) ?? 0), 0));
    }
    // A bank of 100 is dealt out whole before any question comes round a second time.
    const dealt = tickets.flatMap(idsOf);
    expect(new Set(dealt.slice(0, 100)).size).toBe(100);
    expect(new Set(dealt)).toEqual(new Set(points.keys()));
  });

  it('refuses bad generation settings and keeps the tickets it had', async () => {
    const before = await listTickets();
    for (const body of [
      { questions_per_ticket: 0 },
      { total_tickets: 201 },
      { questions_per_ticket: '40' },
      { questions_per_ticket: 40, extra: true },
    ]) {
      const res = await t.api('POST', '/training-tickets/generate', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const tooBig = await t.api('POST', '/training-tickets/generate', {
      token: admin,
      body: { questions_per_ticket: 150, total_tickets: 2 },
    });
    expect(tooBig.status).toBe(409);
    expect(await listTickets()).toEqual(before);
  });

  it("lets a learner read a ticket's questions in the ticket's order with its points", async () => {
    const [first] = await listTickets();
    const res = await t.api('GET', '/training-tickets/1', { token: learner });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: first?.id,
      ticket_number: 1,
      max_points: first?.max_points,
    });
    expect(res.body.questions.map((q: { id: number }) => q.id)).toEqual(idsOf(first as Ticket));
    expect(res.body.questions[0]).toMatchObject({ answer_1: 'Yes', right_answers: '1' });
  });

  it('answers 404 for an unknown ticket number and 400 for one that is not a number', async () => {
    expect((await t.api('GET', '/training-tickets/26', { token: learner })).status).toBe(404);
    expect((await t.api('GET', '/training-tickets/0', { token: learner })).status).toBe(400);
    expect((await t.api('GET', '/training-tickets/abc', { token: learner })).status).toBe(400);
  });

  it('counts only questions that still exist, and a ticket missing one is no longer available', async () => {
    const before = await listTickets();
    const [gone] = idsOf(before[0] as Ticket);
    await database.db
      .deleteFrom('questions')
      .where('id', '=', gone as number)
      .execute();

    const after = await listTickets();
    const touched = before.filter((ticket) => idsOf(ticket).includes(gone as number));
    for (const ticket of after) {
      const hit = touched.some((other) => other.id === ticket.id);
      expect(ticket.question_count).toBe(hit ? 39 : 40);
      const ids = idsOf(ticket).filter((id) => id !== gone);
      expect(ticket.max_points).toBe(ids.reduce((sum, id) => sum + (points.get(id) ?? 0), 0));
    }
    const questions = await t.api('GET', '/training-tickets/1', { token: learner });
    expect(questions.body.questions).toHaveLength(39);
    expect(questions.body.max_points).toBe(after[0]?.max_points);

    const stats = await t.api('GET', '/training-tickets/stats/info', { token: learner });
    expect(stats.status).toBe(200);
    expect(stats.body).toEqual({ total_tickets: 25, tickets_available: 25 - touched.length });
    points.delete(gone as number);
  });

  it("reports each learner's progress on every ticket from their last answer to each question", async () => {
    const tickets = await listTickets();
    const answer = (token: string, questionId: number, selected: number) =>
      t.api('POST', '/training-modules/weak-spots/update', {
        token,
        body: { question_id: questionId, is_correct: selected === 1, selected_answers: [selected] },
      });
    const progressOf = async (token: string) => {
      const res = await t.api('GET', '/training-tickets/progress', { token });
      expect(res.status).toBe(200);
      return res.body as {
        ticket_number: number;
        question_count: number;
        answered: number;
        right: number;
      }[];
    };

    const untouched = await progressOf(learner);
    expect(untouched).toEqual(
      tickets.map((ticket) => ({
        ticket_number: ticket.ticket_number,
        question_count: ticket.question_count,
        answered: 0,
        right: 0,
      })),
    );

    // Right, wrong, then wrong and right again: the last answer to each question counts.
    const [a, b, c] = idsOf(tickets[1] as Ticket).filter((id) => points.has(id)) as [
      number,
      number,
      number,
    ];
    for (const [id, selected] of [
      [a, 1],
      [b, 2],
      [c, 2],
      [c, 1],
    ] as const) {
      expect((await answer(learner, id, selected)).status).toBe(200);
    }
    const after = await progressOf(learner);
    // The bank is smaller than 25 tickets of 40, so a question may sit in several tickets.
    const expected = tickets.map((ticket) => {
      const ids = idsOf(ticket);
      return {
        ticket_number: ticket.ticket_number,
        question_count: ticket.question_count,
        answered: ids.filter((id) => id === a || id === b || id === c).length,
        right: ids.filter((id) => id === a || id === c).length,
      };
    });
    expect(after).toEqual(expected);
    expect(after.find((entry) => entry.ticket_number === 2)).toMatchObject({
      answered: 3,
      right: 2,
    });
    // Another learner has answered nothing.
    const other = (await t.learner('ticket-newcomer')).token;
    expect(await progressOf(other)).toEqual(untouched);
  });

  it('keeps guests out and learners away from generating and deleting tickets', async () => {
    const before = await listTickets();
    for (const [method, url] of [
      ['POST', '/training-tickets/generate'],
      ['GET', '/training-tickets'],
      ['GET', '/training-tickets/1'],
      ['DELETE', '/training-tickets/all'],
      ['GET', '/training-tickets/stats/info'],
      ['GET', '/training-tickets/progress'],
    ] as const) {
      expect((await t.api(method, url)).status).toBe(401);
    }
    expect((await t.api('POST', '/training-tickets/generate', { token: learner })).status).toBe(
      403,
    );
    expect((await t.api('DELETE', '/training-tickets/all', { token: learner })).status).toBe(403);
    const listed = await t.api('GET', '/training-tickets', { token: learner });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(before);
  });

  it('uses every question of a 1000-question bank exactly once across 25 tickets of 40', async () => {
    await addQuestions(
      t,
      Array.from({ length: 1000 - points.size }, () => 1),
    );
    const bank = (await database.db.selectFrom('questions').select('id').execute()).map(
      (r) => r.id,
    );
    expect(bank).toHaveLength(1000);
    expect((await t.api('POST', '/training-tickets/generate', { token: admin })).status).toBe(200);
    const dealt = (await listTickets()).flatMap(idsOf);
    expect(dealt).toHaveLength(1000);
    expect(new Set(dealt)).toEqual(new Set(bank));
  }, 60_000);

  it('deletes every ticket and writes both changes to the audit log', async () => {
    const res = await t.api('DELETE', '/training-tickets/all', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'All tickets deleted successfully' });
    expect(await listTickets()).toEqual([]);
    const stats = await t.api('GET', '/training-tickets/stats/info', { token: admin });
    expect(stats.body).toEqual({ total_tickets: 0, tickets_available: 0 });
    expect((await t.api('GET', '/training-tickets/1', { token: admin })).status).toBe(404);

    const actions = await database.db
      .selectFrom('audit_log')
      .select(['action', 'username'])
      .where('action', 'like', 'ticket.%')
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      'ticket.generate',
      'ticket.generate',
      'ticket.generate',
      'ticket.delete_all',
    ]);
    expect(actions.every((entry) => entry.username === 'admin')).toBe(true);
  });
});

describe.each(DATABASES)('demo tickets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
  });
  afterAll(() => t.close());

  it('starts with 25 complete tickets of 40 questions', async () => {
    const token = (await t.learner('demo')).token;
    const tickets = await t.api('GET', '/training-tickets', { token });
    expect(tickets.body).toHaveLength(25);
    expect(tickets.body.every((ticket: Ticket) => ticket.question_count === 40)).toBe(true);
    const stats = await t.api('GET', '/training-tickets/stats/info', { token });
    expect(stats.body).toEqual({ total_tickets: 25, tickets_available: 25 });
  });

  it("describes each demo photo for screen readers with the picture's own title", async () => {
    const token = (await t.learner('reader')).token;
    const questions: { photo: string | null; photo_alt: string | null }[] = [];
    for (let page = 1; ; page++) {
      const answer = await t.api('GET', `/questions?mode=all-questions&page=${page}&limit=100`, {
        token,
      });
      questions.push(...answer.body.questions);
      if (page >= answer.body.totalPages) break;
    }
    const withPhoto = questions.filter((question) => question.photo !== null);
    expect(withPhoto.length).toBeGreaterThan(0);
    for (const question of withPhoto) {
      const svg = (await t.api('GET', `/api/v1/images/questions/${question.photo}`)).raw.toString(
        'utf8',
      );
      const title = /<title>([^<]*)<\/title>/.exec(svg)?.[1];
      expect(question.photo_alt, question.photo ?? '').toBe(title?.replace(/&amp;/g, '&'));
    }
    expect(questions.filter((q) => q.photo === null).every((q) => q.photo_alt === null)).toBe(true);
  });
});
