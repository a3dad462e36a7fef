import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createCourse,
  createTestApp,
  DATABASES,
  importBankFile,
  multipartFile,
  type TestApp,
} from './helpers';

/**
 * A published bank's official tickets, numbered by its rows (`ticket`): Russia's 40 tickets of
 * 20, each a fixed list a learner expects to find as "Билет 1".
 */
describe.each(DATABASES)('official tickets from a bank file on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  let courses = 0;
  const newCourse = () => createCourse(t, admin, `Tickets school ${(courses += 1)}`, 'ru');

  const importCsv = (course: number, csv: string | Buffer, query = '') =>
    importBankFile<{ imported: number; skipped: number; tickets: number; detail?: string }>(
      t,
      admin,
      course,
      csv,
      csv instanceof Buffer ? 'bank.zip' : 'bilety.csv',
      query,
    );

  /** The course's tickets: each number with its questions' texts, in the ticket's order. */
  async function ticketsOf(course: number): Promise<Record<number, string[]>> {
    const list = await t.api<{ ticket_number: number }[]>(
      'GET',
      `/training-tickets?course_id=${course}`,
      { token: admin },
    );
    expect(list.status).toBe(200);
    const tickets: Record<number, string[]> = {};
    for (const { ticket_number: number } of list.body) {
      const ticket = await t.api<{ questions: { question_text: string }[] }>(
        'GET',
        `/training-tickets/${number}?course_id=${course}`,
        { token: admin },
      );
      tickets[number] = ticket.body.questions.map((question) => question.question_text);
    }
    return tickets;
  }

  const row = (text: string, ticket: string) => `"${text}";Да;Нет;1;${ticket}`;
  const BILETY = [
    'question_text;answer_1;answer_2;right_answers;ticket',
    row('Билет 2, вопрос 1', '2'),
    row('Билет 1, вопрос 1', '1'),
    row('Билет 1, вопрос 2', '1'),
    row('В обоих билетах', '1|2'),
    row('Ни в одном билете', ''),
    row('Билет 2, вопрос 3', ' 2 '),
  ].join('\r\n');

  it('makes each numbered ticket of its rows in the file order, the others untouched', async () => {
    const course = await newCourse();
    const imported = await importCsv(course, BILETY);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 6, tickets: 2 });
    expect(await ticketsOf(course)).toEqual({
      1: ['Билет 1, вопрос 1', 'Билет 1, вопрос 2', 'В обоих билетах'],
      2: ['Билет 2, вопрос 1', 'В обоих билетах', 'Билет 2, вопрос 3'],
    });

    // A later file numbering ticket 3 alone adds it; tickets 1 and 2 stay as they were.
    const third = await importCsv(
      course,
      ['question_text;answer_1;answer_2;right_answers;ticket', row('Билет 3, вопрос 1', '3')].join(
        '\n',
      ),
    );
    expect(third.body).toMatchObject({ imported: 1, tickets: 1 });
    expect(Object.keys(await ticketsOf(course))).toEqual(['1', '2', '3']);
  });

  it('takes, for a row it skips as a copy, the stored question into the ticket', async () => {
    const course = await newCourse();
    expect((await importCsv(course, BILETY)).status).toBe(200);
    // The new edition: ticket 1 now holds the question of both tickets first, and a new one.
    const edition = [
      'question_text;answer_1;answer_2;right_answers;ticket',
      row('В обоих билетах', '1'),
      row('Билет 1, новый вопрос', '1'),
    ].join('\n');
    const again = await importCsv(course, edition, '&skip_duplicates=true');
    expect(again.body).toMatchObject({ imported: 1, skipped: 1, tickets: 1 });
    const tickets = await ticketsOf(course);
    expect(tickets[1]).toEqual(['В обоих билетах', 'Билет 1, новый вопрос']);
    expect(tickets[2]).toEqual(['Билет 2, вопрос 1', 'В обоих билетах', 'Билет 2, вопрос 3']);
  });

  it.each([
    ['0', '"0"'],
    ['1|два', '"два"'],
    ['201', '"201"'],
    ['1.5', '"1.5"'],
  ])('refuses a ticket cell of %s by its line, storing nothing', async (cell, named) => {
    const course = await newCourse();
    const before = await ticketsOf(course);
    const csv = [
      'question_text;answer_1;answer_2;right_answers;ticket',
      row('Хороший вопрос', '1'),
      row('Плохой номер', cell),
    ].join('\n');
    const upload = multipartFile(csv, 'bilety.csv');
    const refused = await t.api<{ errors: { line: number; reason: string }[] }>(
      'POST',
      `/admin/questions/import-csv?course_id=${course}`,
      { token: admin, body: upload.body, headers: { ...upload.headers, 'accept-language': 'en' } },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        line: 3,
        reason: `ticket must list ticket numbers from 1 to 200, separated by "|" (got ${named})`,
      },
    ]);
    expect(await ticketsOf(course)).toEqual(before);
    const bank = await t.api<{ totalQuestions: number }>(
      'GET',
      `/admin/questions?course_id=${course}`,
      { token: admin },
    );
    expect(bank.body.totalQuestions).toBe(0);
  });

  it('exports the tickets in the package, which gives them again in another course', async () => {
    const course = await newCourse();
    expect((await importCsv(course, BILETY)).status).toBe(200);
    const exported = await t.api('GET', `/admin/questions/export?course_id=${course}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(exported.raw));
    const header = new TextDecoder().decode(files['questions.csv']).split(/\r?\n/)[0];
    expect(header?.split(',')).toContain('ticket');

    const copy = await newCourse();
    const imported = await importCsv(copy, exported.raw);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body.tickets).toBe(2);
    expect(await ticketsOf(copy)).toEqual(await ticketsOf(course));
  });

  it('exports no ticket column from a course without tickets, whose packages read as before', async () => {
    const course = await newCourse();
    const plain = zipSync({
      'questions.csv': strToU8('question_text,answer_1,answer_2,right_answers\nQ,Yes,No,1\n'),
    });
    expect((await importCsv(course, Buffer.from(plain))).body).toMatchObject({ tickets: 0 });
    const exported = await t.api('GET', `/admin/questions/export?course_id=${course}`, {
      token: admin,
    });
    const files = unzipSync(new Uint8Array(exported.raw));
    const header = new TextDecoder().decode(files['questions.csv']).split(/\r?\n/)[0];
    expect(header?.split(',')).not.toContain('ticket');
    expect(await ticketsOf(course)).toEqual({});
  });
});
