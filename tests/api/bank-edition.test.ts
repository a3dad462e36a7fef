import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../fixtures/png';
import {
  createCourse,
  createTestApp,
  DATABASES,
  importBankFile,
  multipartFile,
  type TestApp,
} from './helpers';

interface StoredQuestion {
  id: number;
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  right_answers: string;
  explanation: string | null;
  photo: string | null;
  translations?: Record<string, { question_text: string; answer_1: string } | undefined>;
}

interface ImportAnswer {
  imported: number;
  skipped: number;
  tickets: number;
  question_ids: number[];
  edited_rows: { line: number; question_id: number }[];
  updated_rows: { line: number; question_id: number }[];
  translated_rows: { line: number; question_id: number }[];
}

/**
 * A bank's new edition imported over the old one (`update_edited`): the questions whose text
 * the course has are updated where they are, not added beside them, so a school's learners
 * keep their progress and see no question twice.
 */
describe.each(DATABASES)('a new edition of a bank on %s', (kind) => {
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
  const newCourse = () => createCourse(t, admin, `Edition school ${(courses += 1)}`, 'en');

  const importCsv = (course: number, csv: string, query = '') =>
    importBankFile<ImportAnswer>(t, admin, course, csv, 'bank.csv', query);

  async function bankOf(course: number): Promise<StoredQuestion[]> {
    const res = await t.api<{ questions: StoredQuestion[] }>(
      'GET',
      `/admin/questions?course_id=${course}&limit=100`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    return res.body.questions.sort((a, b) => a.id - b.id);
  }

  const HEADER =
    'question_text,answer_1,answer_2,answer_3,right_answers,explanation,topics,ticket,question_text@ru,answer_1@ru,answer_2@ru,answer_3@ru';
  const FIRST_EDITION = [
    HEADER,
    'Speed limit in town?,50 km/h,60 km/h,,1,Old rule,Speed,1,Скорость в городе?,50 км/ч,60 км/ч,',
    'Who goes first?,The car on the right,The tram,,2,Trams first,Priority,1,Кто первый?,Машина справа,Трамвай,',
    'Overtake on a crossing?,Yes,No,,2,Never,Overtaking,2,Обгон на переходе?,Да,Нет,',
  ].join('\n');

  it('updates each question whose text the course has, where it is: its id, topic, ticket and learners keep it', async () => {
    const course = await newCourse();
    expect((await importCsv(course, FIRST_EDITION)).status).toBe(200);
    const [speed, priority, overtaking] = await bankOf(course);
    const { token: learner, id: learnerId } = await t.learner();
    const moved = await t.api('PUT', `/admin/users/${learnerId}`, {
      token: admin,
      body: { course_id: course },
    });
    expect(moved.status).toBe(200);
    expect((await t.api('PUT', `/bookmarks/${speed!.id}`, { token: learner })).status).toBe(200);

    const secondEdition = [
      HEADER,
      // New explanation and right answer; its Russian given anew.
      'Speed limit in town?,50 km/h,60 km/h,,2,New rule: 60 now,Speed,1,Скорость в городе?,50 км/ч,60 км/ч,',
      // Unchanged: a copy, skipped.
      'Who goes first?,The car on the right,The tram,,2,Trams first,Priority,1,Кто первый?,Машина справа,Трамвай,',
      // A third answer: the stored Russian (two answers) no longer fits and the row gives none.
      'Overtake on a crossing?,Yes,No,Only slowly,2,Never,Overtaking,2,,,,',
      'Brand new question?,Yes,No,,1,,Speed,2,,,,',
    ].join('\n');
    const edition = await importCsv(course, secondEdition, '&update_edited=true');
    expect(edition.status, JSON.stringify(edition.body)).toBe(200);
    expect(edition.body).toMatchObject({
      imported: 1,
      skipped: 1,
      edited_rows: [],
      updated_rows: [
        { line: 2, question_id: speed!.id },
        { line: 4, question_id: overtaking!.id },
      ],
    });

    // The activity feed keeps what the import did to the stored questions.
    const status = await t.api('GET', '/settings/system/status', { token: admin });
    expect(status.body.recent_activity[0]).toMatchObject({
      action: 'question.import',
      details: { count: 1, skipped: 1, updated: 2, tickets: 2 },
      summary:
        'Imported 1 questions from bank.csv; 1 already in the bank skipped; 2 updated in place; 2 tickets from the file',
    });

    const bank = await bankOf(course);
    expect(bank.map((question) => question.question_text)).toEqual([
      'Speed limit in town?',
      'Who goes first?',
      'Overtake on a crossing?',
      'Brand new question?',
    ]);
    expect(bank[0]).toMatchObject({
      id: speed!.id,
      right_answers: '2',
      explanation: 'New rule: 60 now',
    });
    expect(bank[1]).toEqual(priority);
    expect(bank[2]).toMatchObject({ id: overtaking!.id, answer_3: 'Only slowly' });

    const translated = await t.api<{ translations: StoredQuestion['translations'] }>(
      'GET',
      `/admin/questions/${speed!.id}`,
      { token: admin },
    );
    expect(translated.body.translations?.ru?.question_text).toBe('Скорость в городе?');
    const untranslated = await t.api<{ translations: StoredQuestion['translations'] }>(
      'GET',
      `/admin/questions/${overtaking!.id}`,
      { token: admin },
    );
    expect(untranslated.body.translations?.ru).toBeUndefined();

    // The learner's star stays on the question, which reads as the new edition has it.
    const bookmarks = await t.api<{ question_ids: number[] }>('GET', '/bookmarks', {
      token: learner,
    });
    expect(bookmarks.body.question_ids).toEqual([speed!.id]);
    const ticket = await t.api<{ questions: { id: number; explanation: string | null }[] }>(
      'GET',
      `/training-tickets/1?course_id=${course}`,
      { token: admin },
    );
    expect(ticket.body.questions.map((question) => question.id)).toEqual([speed!.id, priority!.id]);
    expect(ticket.body.questions[0]!.explanation).toBe('New rule: 60 now');
    // Found by the words of the new edition.
    const found = await t.api<{ questions: { id: number }[] }>(
      'GET',
      `/admin/questions?course_id=${course}&search=${encodeURIComponent('60 now')}`,
      { token: admin },
    );
    expect(found.body.questions.map((question) => question.id)).toEqual([speed!.id]);
  });

  it('adds beside them, naming them, without update_edited', async () => {
    const course = await newCourse();
    expect((await importCsv(course, FIRST_EDITION)).status).toBe(200);
    const [speed] = await bankOf(course);
    const edited = [HEADER, 'Speed limit in town?,50 km/h,60 km/h,,2,New rule,Speed,1,,,,'].join(
      '\n',
    );
    const answer = await importCsv(course, edited, '&skip_duplicates=true');
    expect(answer.body).toMatchObject({
      imported: 1,
      edited_rows: [{ line: 2, question_id: speed!.id }],
      updated_rows: [],
    });
    expect(await bankOf(course)).toHaveLength(4);
  });

  it('leaves alone a question whose text others share, as signs over different photos do', async () => {
    const course = await newCourse();
    for (const name of ['sign-a.png', 'sign-b.png']) {
      const upload = multipartFile(png(name === 'sign-a.png' ? 2 : 3), name);
      const stored = await t.api('POST', '/admin/questions/upload-image', {
        token: admin,
        body: upload.body,
        headers: upload.headers,
      });
      expect([200, 201]).toContain(stored.status);
    }
    const signs = [
      'question_text,answer_1,answer_2,right_answers,photo,explanation',
      'Which sign is this?,Stop,Give way,1,sign-a.png,',
      'Which sign is this?,Stop,Give way,2,sign-b.png,',
    ];
    expect((await importCsv(course, signs.join('\n'))).status).toBe(200);
    const before = await bankOf(course);
    const edition = [signs[0], 'Which sign is this?,Stop,Give way,1,sign-a.png,Now explained'].join(
      '\n',
    );
    const answer = await importCsv(course, edition, '&update_edited=true');
    expect(answer.body).toMatchObject({
      imported: 1,
      updated_rows: [],
      edited_rows: [{ line: 2, question_id: before[0]!.id }],
    });
    expect((await bankOf(course)).slice(0, 2)).toEqual(before);
  });

  it('updates a question once, by the one row of its text; two rows of it are added, named', async () => {
    const course = await newCourse();
    expect((await importCsv(course, FIRST_EDITION)).status).toBe(200);
    const [speed] = await bankOf(course);
    const twice = [
      HEADER,
      'Speed limit in town?,50 km/h,60 km/h,,2,Version A,,,,,,',
      'Speed limit in town?,50 km/h,60 km/h,,2,Version B,,,,,,',
    ].join('\n');
    const answer = await importCsv(course, twice, '&update_edited=true');
    expect(answer.body).toMatchObject({
      imported: 2,
      updated_rows: [],
      edited_rows: [
        { line: 2, question_id: speed!.id },
        { line: 3, question_id: speed!.id },
      ],
    });
    expect((await bankOf(course))[0]).toEqual(speed);
  });
  it('stores the translation columns of rows skipped as copies on the questions they copy, keeping other languages', async () => {
    const course = await newCourse();
    const first = [
      'question_text,answer_1,answer_2,right_answers,question_text@ko,answer_1@ko,answer_2@ko',
      'Stop sign shape?,Octagon,Circle,1,정지 표지판 모양?,팔각형,원형',
      'Horn near a hospital?,Allowed,Not allowed,2,,,',
      'Headlights in fog?,Dipped,Full,1,,,',
    ].join('\n');
    expect((await importCsv(course, first)).status).toBe(200);
    const [stop, horn, fog] = await bankOf(course);

    // The same bank again with Russian columns on two rows: a school adding a language.
    const withRussian = [
      'question_text,answer_1,answer_2,right_answers,question_text@ru,answer_1@ru,answer_2@ru',
      'Stop sign shape?,Octagon,Circle,1,Форма знака «Стоп»?,Восьмиугольник,Круг',
      'Horn near a hospital?,Allowed,Not allowed,2,,,',
      'Headlights in fog?,Dipped,Full,1,Фары в тумане?,Ближний,Дальний',
    ].join('\n');
    const again = await importCsv(course, withRussian, '&skip_duplicates=true');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({
      imported: 0,
      skipped: 3,
      translated_rows: [
        { line: 2, question_id: stop!.id },
        { line: 4, question_id: fog!.id },
      ],
    });
    const bank = await bankOf(course);
    expect(bank.map((question) => question.id)).toEqual([stop!.id, horn!.id, fog!.id]);
    expect(bank[0]!.translations).toMatchObject({
      ko: { question_text: '정지 표지판 모양?', answer_1: '팔각형' },
      ru: { question_text: 'Форма знака «Стоп»?', answer_1: 'Восьмиугольник' },
    });
    expect(bank[1]!.translations?.ru).toBeUndefined();
    expect(bank[2]!.translations?.ru).toMatchObject({ question_text: 'Фары в тумане?' });

    // Imported once more, nothing changes and no row says it did.
    const once = await importCsv(course, withRussian, '&skip_duplicates=true');
    expect(once.body).toMatchObject({ imported: 0, skipped: 3, translated_rows: [] });
  });
});
