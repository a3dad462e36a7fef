import { deflateSync, crc32 } from 'node:zlib';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import type { Database } from '../../server/db/schema';
import { createTestApp, DATABASES, multipartFile, type TestApp } from './helpers';

const HEADER =
  'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,explanation';

interface QuestionBody {
  id: number;
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  right_answers: string;
  points: number;
  photo: string | null;
  photo_alt: string | null;
  explanation: string | null;
  language?: string;
  translations?: Record<string, unknown>;
}

/** A real 1x1 PNG, chunk checksums and all, so any image decoder would accept it. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Small real images of the other accepted formats, as a browser made them (Chromium's canvas). */
const REAL_IMAGES = {
  jpeg: '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAWEAEBAQAAAAAAAAAAAAAAAAABABH/xAAUAQEAAAAAAAAAAAAAAAAAAAAB/8QAFxEAAwEAAAAAAAAAAAAAAAAAAAECMf/aAAwDAQACEQMRAD8An6q6uskhDWs//9k=',
  gif: 'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'webp (lossy)': 'UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA',
  'webp (lossless)': 'UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==',
  'webp (extended)':
    'UklGRl4AAABXRUJQVlA4WAoAAAAQAAAAAgAAAQAAQUxQSAcAAAAAgIAAAAAAAFZQOCAwAAAAcAEAnQEqAwACAALATCWgAnQBQAAA/vBTGbxLOSGdwHOuMy9v/wTGFbfj6//AAAAA',
};

const validQuestion = {
  question_text: 'What does a red octagonal sign mean?',
  answer_1: 'Stop',
  answer_2: 'Give way',
  answer_3: 'No entry',
  right_answers: '1',
  points: 2,
  explanation: 'The octagon is reserved for STOP.',
};

describe.each(DATABASES)('questions on %s', (kind) => {
  let t: TestApp;
  let database: AppDatabase;
  let db: Kysely<Database>;
  let admin: string;
  let learner: { token: string; id: number };

  beforeAll(async () => {
    t = await createTestApp(kind);
    // Direct access to check what was (or was not) stored, and to set up topics and tickets.
    database = t.database;
    db = database.db;
    admin = await t.adminToken();
    learner = await t.learner('quinn');
  });
  afterAll(async () => {
    await t.close();
  });

  const questionCount = async () =>
    Number(
      (
        await db
          .selectFrom('questions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const importCsv = (content: string | Buffer, filename = 'questions.csv', token = admin) => {
    const upload = multipartFile(content, filename, 'text/csv');
    return t.api('POST', '/admin/questions/import-csv', {
      token,
      body: upload.body,
      headers: upload.headers,
    });
  };

  const uploadImage = (content: Buffer, filename: string, token = admin) => {
    const upload = multipartFile(content, filename, 'image/png');
    return t.api('POST', '/admin/questions/upload-image', {
      token,
      body: upload.body,
      headers: upload.headers,
    });
  };

  /** Every question in id order, read page by page through the admin list. */
  async function allQuestions(): Promise<QuestionBody[]> {
    const questions: QuestionBody[] = [];
    for (let page = 1; ; page++) {
      const res = await t.api('GET', `/admin/questions?page=${page}&limit=100`, { token: admin });
      expect(res.status).toBe(200);
      questions.push(...res.body.questions);
      if (page >= res.body.totalPages) return questions;
    }
  }

  it('lets an administrator create, page through, replace and delete questions', async () => {
    const created = await t.api('POST', '/admin/questions', {
      token: admin,
      body: { ...validQuestion, answer_4: '', answer_5: null, right_answers: '3, 1' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      ...validQuestion,
      answer_4: null,
      answer_5: null,
      right_answers: '1,3',
      photo: null,
      photo_alt: null,
      language: 'en',
      translations: {},
    });

    const second = await t.api('POST', '/admin/questions', {
      token: admin,
      body: {
        question_text: 'Two answers only?',
        answer_1: 'Yes',
        answer_2: 'No',
        right_answers: '2',
      },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ points: 1, answer_3: null, explanation: null });

    const firstPage = await t.api('GET', '/admin/questions?page=1&limit=1', { token: admin });
    expect(firstPage.body).toMatchObject({ page: 1, limit: 1, totalPages: 2, totalQuestions: 2 });
    expect(firstPage.body.questions.map((q: QuestionBody) => q.id)).toEqual([created.body.id]);
    const secondPage = await t.api('GET', '/admin/questions?page=2&limit=1', { token: admin });
    expect(secondPage.body.questions.map((q: QuestionBody) => q.id)).toEqual([second.body.id]);

    const replaced = await t.api('PUT', `/admin/questions/${second.body.id}`, {
      token: admin,
      body: {
        question_text: 'Two answers, replaced',
        answer_1: 'Yes',
        answer_2: 'No',
        right_answers: '1',
        points: 3,
      },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({
      id: second.body.id,
      question_text: 'Two answers, replaced',
      points: 3,
    });

    const deleted = await t.api('DELETE', `/admin/questions/${second.body.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Question deleted successfully');
    expect(
      (await t.api('DELETE', `/admin/questions/${second.body.id}`, { token: admin })).status,
    ).toBe(404);
    expect(
      (
        await t.api('PUT', `/admin/questions/${second.body.id}`, {
          token: admin,
          body: validQuestion,
        })
      ).status,
    ).toBe(404);
    expect(await questionCount()).toBe(1);

    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('action', 'like', 'question.%')
      .execute();
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'question.create', summary: `Created question #${created.body.id}` },
        { action: 'question.delete', summary: `Deleted question #${second.body.id}` },
      ]),
    );
  });

  it('saves an edit made from the stored version, and refuses one made from an older version with 412', async () => {
    const created = await t.api('POST', '/admin/questions', { token: admin, body: validQuestion });
    const id = created.body.id as number;
    const opened = await t.api('GET', `/admin/questions/${id}`, { token: admin });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual(created.body);
    const tag = String(opened.headers.etag);
    expect(tag).toMatch(/^"[^"]+"$/);
    // Reading again gives the same tag: it names the stored version, not the read.
    expect((await t.api('GET', `/admin/questions/${id}`, { token: admin })).headers.etag).toBe(tag);

    // Ana saves from what she opened; the answer carries the new version's tag.
    const anas = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': tag },
      body: { ...validQuestion, question_text: "Ana's wording" },
    });
    expect(anas.status).toBe(200);
    const anasTag = String(anas.headers.etag);
    expect(anasTag).not.toBe(tag);
    expect((await t.api('GET', `/admin/questions/${id}`, { token: admin })).headers.etag).toBe(
      anasTag,
    );

    // Ben opened it before Ana saved: his save is refused and hers stays.
    const bens = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': tag },
      body: { ...validQuestion, question_text: "Ben's wording" },
    });
    expect(bens.status).toBe(412);
    expect(bens.body.detail).toMatch(/changed this question after you opened it/);
    const stored = await db.selectFrom('questions').selectAll().where('id', '=', id).execute();
    expect(stored[0]?.question_text).toBe("Ana's wording");
    // The refusal is worded in the caller's language.
    const inRussian = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': tag, 'accept-language': 'ru' },
      body: validQuestion,
    });
    expect(inRussian.status).toBe(412);
    expect(inRussian.body.detail).toMatch(/изменил этот вопрос/);

    // A weak tag never matches (strong comparison); `*` and a list naming the current one do.
    for (const ifMatch of [`W/${anasTag}`, '"nope"', '']) {
      const refused = await t.api('PUT', `/admin/questions/${id}`, {
        token: admin,
        headers: { 'if-match': ifMatch },
        body: validQuestion,
      });
      expect(refused.status, ifMatch).toBe(412);
    }
    const listed = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': `"old", ${anasTag}` },
      body: { ...validQuestion, question_text: 'Listed' },
    });
    expect(listed.status).toBe(200);
    const any = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': '*' },
      body: { ...validQuestion, question_text: 'Any version' },
    });
    expect(any.status).toBe(200);

    // Bad input is refused as such before the version is looked at; a gone question is a 404.
    const invalid = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': tag },
      body: { ...validQuestion, right_answers: '4' },
    });
    expect(invalid.status).toBe(422);
    await t.api('DELETE', `/admin/questions/${id}`, { token: admin });
    const gone = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': String(any.headers.etag) },
      body: validQuestion,
    });
    expect(gone.status).toBe(404);
    expect((await t.api('GET', `/admin/questions/${id}`, { token: admin })).status).toBe(404);
    expect((await t.api('GET', `/admin/questions/${id}`, { token: learner.token })).status).toBe(
      403,
    );
  });

  it('refuses a question the learner could not answer, and stores nothing', async () => {
    const before = await allQuestions();
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...validQuestion, right_answers: '4' }, 422, /answer 4, which is empty/],
      [
        { ...validQuestion, answer_3: '  ', answer_4: 'Fourth', right_answers: '1' },
        422,
        /answer_4 is filled but answer_3 is empty/,
      ],
      [{ ...validQuestion, answer_2: '   ' }, 422, /answer_2 is empty/],
      [{ ...validQuestion, photo: 'missing.png' }, 422, /Unknown photo "missing.png"/],
      [{ ...validQuestion, right_answers: '1 or 2' }, 400, /right_answers/],
      [{ ...validQuestion, answer_2: undefined }, 400, /answer_2/],
      [{ ...validQuestion, difficulty: 'hard' }, 400, /"difficulty" is not known/],
      [{ ...validQuestion, points: 0 }, 400, /points/],
    ];
    for (const [body, status, detail] of cases) {
      const res = await t.api('POST', '/admin/questions', { token: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.detail).toMatch(detail);
    }
    // A field over its limit is named in the answer, so a form can mark that field.
    for (const [field, length] of [
      ['question_text', 4001],
      ['answer_3', 1001],
      ['explanation', 4001],
    ] as const) {
      const tooLong = await t.api('POST', '/admin/questions', {
        token: admin,
        body: { ...validQuestion, [field]: 'x'.repeat(length) },
      });
      expect(tooLong.status).toBe(400);
      expect(tooLong.body).toMatchObject({ field });
    }
    const target = before[0] as QuestionBody;
    const badUpdate = await t.api('PUT', `/admin/questions/${target.id}`, {
      token: admin,
      body: { ...validQuestion, right_answers: '5' },
    });
    expect(badUpdate.status).toBe(422);
    expect(await allQuestions()).toEqual(before);
  });

  it('keeps guests out of every question operation and learners out of the admin ones', async () => {
    const csv = multipartFile(`${HEADER}\nQ,A,B,,,,1,,,\n`, 'q.csv');
    const png = multipartFile(tinyPng(), 'a.png');
    const adminCalls: [string, string, { body?: unknown; headers?: Record<string, string> }][] = [
      ['GET', '/admin/questions', {}],
      ['POST', '/admin/questions', { body: validQuestion }],
      ['PUT', '/admin/questions/1', { body: validQuestion }],
      ['DELETE', '/admin/questions/1', {}],
      ['POST', '/admin/questions/import-csv', csv],
      ['POST', '/admin/questions/upload-image', png],
      ['DELETE', '/admin/questions/all/delete', {}],
    ];
    const before = await allQuestions();
    for (const [method, url, init] of adminCalls) {
      const guest = await t.api(method as 'GET', url, init);
      expect(guest.status, `${method} ${url} as guest`).toBe(401);
      const plain = await t.api(method as 'GET', url, { ...init, token: learner.token });
      expect(plain.status, `${method} ${url} as learner`).toBe(403);
      expect(plain.body.detail).toEqual(expect.any(String));
    }
    expect((await t.api('GET', '/questions')).status).toBe(401);
    expect((await t.api('GET', '/questions?mode=training')).status).toBe(401);
    expect(await allQuestions()).toEqual(before);
    expect(await db.selectFrom('images').select('name').execute()).toEqual([]);
  });

  it('imports a CSV as a spreadsheet saves it and reads every cell back exactly', async () => {
    const before = await allQuestions();
    const lines = [
      'Question_Text;ANSWER_1;Answer_2;answer_3;answer_4;answer_5;Right_Answers;Points;Photo;Explanation',
      '"Which sign means ""Stop""; a circle, or an octagon?";"Red octagon, white ""STOP""";Blue circle;;;;1;2;;"Line one',
      'Line two; with a semicolon"',
      '"A question',
      'on two lines";Yes;No;"Maybe, sometimes";;;1,3;;;',
      'Что означает знак «Уступите дорогу»?;Уступить дорогу;Остановиться;Ехать прямо;Развернуться;Посигналить;1;3;;Треугольник вершиной вниз',
      ';;;;;;;;;',
    ];
    // A BOM and CRLF line breaks, as spreadsheets write them.
    const file = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(lines.join('\r\n') + '\r\n', 'utf8'),
    ]);
    const res = await importCsv(file);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Questions imported successfully',
      imported: 3,
      skipped: 0,
      photos: 0,
      topics: 0,
      tickets: 0,
      question_ids: [expect.any(Number), expect.any(Number), expect.any(Number)],
      renamed_photos: [],
      edited_rows: [],
      updated_rows: [],
      translated_rows: [],
    });
    // The new ids, in the order of the file's rows.
    const ids = res.body.question_ids as number[];
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // As stored, in the default course's language, with no translations.
    const imported = (await allQuestions())
      .slice(before.length)
      .map(({ id: _id, language, translations, ...rest }) => {
        expect({ language, translations }).toEqual({ language: 'en', translations: {} });
        return rest;
      });
    expect(imported).toEqual([
      {
        question_text: 'Which sign means "Stop"; a circle, or an octagon?',
        answer_1: 'Red octagon, white "STOP"',
        answer_2: 'Blue circle',
        answer_3: null,
        answer_4: null,
        answer_5: null,
        right_answers: '1',
        points: 2,
        photo: null,
        photo_alt: null,
        explanation: 'Line one\nLine two; with a semicolon',
      },
      {
        question_text: 'A question\non two lines',
        answer_1: 'Yes',
        answer_2: 'No',
        answer_3: 'Maybe, sometimes',
        answer_4: null,
        answer_5: null,
        right_answers: '1,3',
        points: 1,
        photo: null,
        photo_alt: null,
        explanation: null,
      },
      {
        question_text: 'Что означает знак «Уступите дорогу»?',
        answer_1: 'Уступить дорогу',
        answer_2: 'Остановиться',
        answer_3: 'Ехать прямо',
        answer_4: 'Развернуться',
        answer_5: 'Посигналить',
        right_answers: '1',
        points: 3,
        photo: null,
        photo_alt: null,
        explanation: 'Треугольник вершиной вниз',
      },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'question.import')
      .execute();
    expect(audit.map((a) => a.summary)).toContain('Imported 3 questions from questions.csv');
  });

  it('imports a comma CSV with its columns in another order and quoted right answers', async () => {
    const csv = [
      'right_answers,question_text,answer_2,answer_1,points',
      '"2,1",Pick both,Second,First,5',
      '2,Pick the second,B,A,',
    ].join('\n');
    const before = await questionCount();
    const res = await importCsv(csv);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(2);
    const [both, second] = (await allQuestions()).slice(before);
    expect(both).toMatchObject({
      question_text: 'Pick both',
      answer_1: 'First',
      answer_2: 'Second',
      right_answers: '1,2',
      points: 5,
    });
    expect(second).toMatchObject({
      question_text: 'Pick the second',
      right_answers: '2',
      points: 1,
      explanation: null,
    });
  });

  it('refuses a whole CSV with one bad row among good ones, naming its line, and imports nothing', async () => {
    const before = await questionCount();
    const csv = [
      HEADER, // line 1
      'Good one,A,B,,,,1,1,,', // line 2
      '"Spans', // line 3
      'two lines",A,B,C,,,"1,3",2,,', // line 4
      'Names an empty answer,A,B,,,,3,1,,', // line 5
      'Good again,A,B,,,,2,,,', // line 6
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: 'The file has 1 bad row; nothing was imported',
      errors: [{ line: 5, reason: 'right_answers names answer 3, which is empty' }],
    });
    expect(await questionCount()).toBe(before);
  });

  it('lists every bad line of a CSV with its reason', async () => {
    const before = await questionCount();
    const csv = [
      HEADER,
      'Gap,A,B,,D,,1,,,', // line 2
      'Too few cells,A,B,1', // line 3
      'Bad points,A,B,,,,1,many,,', // line 4
      ',A,B,,,,1,,,', // line 5
      'Unknown photo,A,B,,,,1,,nowhere.png,', // line 6
      'Fine,A,B,,,,1,,,', // line 7
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.status).toBe(422);
    // Every problem in one answer: the unknown photo of a row otherwise right too.
    expect(res.body.detail).toBe('The file has 5 bad rows; nothing was imported');
    expect(res.body.errors.map((e: { line: number }) => e.line)).toEqual([2, 3, 4, 5, 6]);
    expect(res.body.errors[0].reason).toMatch(/answer_4 is filled but answer_3 is empty/);
    expect(res.body.errors[1].reason).toMatch(/4 cells but the header has 10/);
    expect(res.body.errors[2].reason).toMatch(/points/);
    expect(res.body.errors[3].reason).toMatch(/question_text is empty/);
    expect(res.body.errors[4].reason).toBe('Unknown photo "nowhere.png"; upload the image first');

    // Alone, the unknown photo is reported on its own line.
    const photoOnly = await importCsv(
      [HEADER, 'Fine,A,B,,,,1,,,', 'Unknown photo,A,B,,,,1,,nowhere.png,'].join('\n'),
    );
    expect(photoOnly.status).toBe(422);
    expect(photoOnly.body.errors).toEqual([
      { line: 3, reason: 'Unknown photo "nowhere.png"; upload the image first' },
    ]);
    expect(await questionCount()).toBe(before);
  });

  it('refuses an empty CSV, a header without rows, a missing column, broken quoting and a missing file', async () => {
    const before = await questionCount();
    const empty = await importCsv('');
    expect(empty.status).toBe(422);
    expect(empty.body.detail).toBe('The file is empty');

    const headerOnly = await importCsv(`${HEADER}\r\n`);
    expect(headerOnly.status).toBe(422);
    expect(headerOnly.body.detail).toMatch(/no questions/);

    const missing = await importCsv('question_text,answer_1,answer_2\nQ,A,B\n');
    expect(missing.status).toBe(422);
    expect(missing.body.detail).toMatch(/right_answers/);
    expect(missing.body.errors).toEqual([
      { line: 1, reason: expect.stringMatching(/right_answers/) },
    ]);

    const unclosed = await importCsv(`${HEADER}\n"Never closed,A,B,,,,1,,,\n`);
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.errors[0].reason).toMatch(/quote that opens a cell is never closed/);

    const latin1 = await importCsv(Buffer.from(`${HEADER}\nStra\u00dfe,A,B,,,,1,,,\n`, 'latin1'));
    expect(latin1.status).toBe(422);
    expect(latin1.body.detail).toMatch(/UTF-8/);

    const boundary = '----no-file';
    const noFile = await t.api('POST', '/admin/questions/import-csv', {
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
      ),
    });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ detail: 'No file uploaded' });

    const cutOff = await t.api('POST', '/admin/questions/import-csv', {
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="q.csv"\r\n\r\n${HEADER}`,
      ),
    });
    expect(cutOff.status).toBe(400);
    expect(cutOff.body.detail).toMatch(/multipart/);
    const asJson = await t.api('POST', '/admin/questions/import-csv', {
      token: admin,
      body: { file: HEADER },
    });
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    expect(asJson.body.detail).toEqual(expect.any(String));
    expect(await questionCount()).toBe(before);
  });

  it('stores an uploaded PNG under its own name and serves it with an ETag, long caching at its versioned URL and 304 on revalidation', async () => {
    const png = tinyPng();
    const uploaded = await uploadImage(png, 'sign.png');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.filename).toBe('sign.png');
    expect(uploaded.body.status).toBe('created');
    expect(uploaded.body.url).toMatch(/^\/api\/v1\/images\/questions\/sign\.png\?v=[\w-]{16}$/);

    const image = await t.api('GET', uploaded.body.url);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    // Whatever an image row holds, opened on its own it may draw and nothing more.
    expect(image.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(image.raw.equals(png)).toBe(true);
    const etag = String(image.headers.etag);
    expect(etag).toMatch(/^".+"$/);

    const again = await t.api('GET', uploaded.body.url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    const stale = await t.api('GET', uploaded.body.url, {
      headers: { 'if-none-match': '"other"' },
    });
    expect(stale.status).toBe(200);

    // Without its version (or with an old one) the name's bytes may change: asked again each time.
    const bare = `/api/v1/images/questions/${uploaded.body.filename}`;
    expect((await t.api('GET', bare)).headers['cache-control']).toBe('no-cache');
    expect((await t.api('GET', `${bare}?v=old`)).headers['cache-control']).toBe('no-cache');

    const outside = await t.api('GET', `/images/questions/${uploaded.body.filename}`);
    expect(outside.status).toBe(301);
    expect(outside.headers.location).toBe(bare);

    const withPhoto = await t.api('POST', '/admin/questions', {
      token: admin,
      body: { ...validQuestion, photo: uploaded.body.filename },
    });
    expect(withPhoto.status).toBe(201);
    expect(withPhoto.body.photo).toBe(uploaded.body.filename);
    expect(withPhoto.body.photo_url).toBe(uploaded.body.url);
  });

  it('keeps what a photo shows with the question, only while it has a photo, from the form and from CSV', async () => {
    const photo = (await uploadImage(tinyPng(), 'scene.png')).body.filename as string;
    const described = 'A car waiting at a stop line; a cyclist crosses from the right';
    const created = await t.api<QuestionBody>('POST', '/admin/questions', {
      token: admin,
      body: { ...validQuestion, photo, photo_alt: `  ${described}  ` },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ photo, photo_alt: described });
    const page = await t.api<{ questions: QuestionBody[] }>(
      'GET',
      `/questions?mode=all-questions&search=${created.body.id}`,
      { token: learner.token },
    );
    expect(page.body.questions.find((q) => q.id === created.body.id)?.photo_alt).toBe(described);

    // Too long for anyone to listen to: refused, the stored description kept.
    const long = await t.api('PUT', `/admin/questions/${created.body.id}`, {
      token: admin,
      body: { ...validQuestion, photo, photo_alt: 'x'.repeat(301) },
    });
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/photo_alt/);
    expect(
      (
        await db
          .selectFrom('questions')
          .select('photo_alt')
          .where('id', '=', created.body.id)
          .executeTakeFirstOrThrow()
      ).photo_alt,
    ).toBe(described);

    // The photo taken away: there is nothing left to describe.
    const bare = await t.api<QuestionBody>('PUT', `/admin/questions/${created.body.id}`, {
      token: admin,
      body: { ...validQuestion, photo: null, photo_alt: described },
    });
    expect(bare.status).toBe(200);
    expect(bare.body).toMatchObject({ photo: null, photo_alt: null });

    // A CSV may carry the description in a column of its own, in any place.
    const csv = await importCsv(
      `photo_alt,${HEADER}\n"Two lanes merging",Merge?,Yes,No,,,,1,,${photo},\n,No photo?,Yes,No,,,,1,,,\n`,
    );
    expect(csv.status).toBe(200);
    const imported = await db
      .selectFrom('questions')
      .select(['question_text', 'photo_alt'])
      .where('question_text', 'in', ['Merge?', 'No photo?'])
      .orderBy('question_text')
      .execute();
    expect(imported).toEqual([
      { question_text: 'Merge?', photo_alt: 'Two lanes merging' },
      { question_text: 'No photo?', photo_alt: null },
    ]);
  });

  it('serves a stored SVG under the same policy, which lets it draw and nothing more', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
    await db
      .insertInto('images')
      .values({
        name: 'sign.svg',
        content_type: 'image/svg+xml',
        data: svg,
        etag: '"svg-1"',
        created_at: new Date().toISOString(),
      })
      .execute();
    const res = await t.api('GET', '/api/v1/images/questions/sign.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  });

  it('refuses a text file named .png, an image over 5 MB and an unknown image name', async () => {
    const before = await db.selectFrom('images').select('name').execute();
    const fake = await uploadImage(Buffer.from('<?php echo "not an image"; ?>'), 'photo.png');
    expect(fake.status).toBe(415);
    expect(fake.body.detail).toMatch(/PNG, JPEG, WebP or GIF/);

    const huge = await uploadImage(
      Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]),
      'huge.png',
    );
    expect(huge.status).toBe(413);
    expect(huge.body.detail).toMatch(/5 MB/);
    expect(await db.selectFrom('images').select('name').execute()).toEqual(before);

    const unknown = await t.api('GET', '/api/v1/images/questions/nothing-here.png');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Image not found' });
    expect((await t.api('GET', '/api/v1/images/questions/..%2Fsecret')).status).toBe(400);
  });

  it('refuses a file that only starts like an image (junk after the signature, or cut short) with 422, and stores nothing', async () => {
    const before = await db.selectFrom('images').select('name').execute();
    const png = tinyPng();
    const ihdrWithZeroWidth = Buffer.from(png);
    ihdrWithZeroWidth.writeUInt32BE(0, 16);
    const refused: Array<[string, Buffer, string]> = [
      [
        'PNG signature then junk',
        Buffer.concat([png.subarray(0, 8), Buffer.from('junk'.repeat(20))]),
        'PNG',
      ],
      ['PNG signature alone', png.subarray(0, 8), 'PNG'],
      ['PNG cut inside its image data', png.subarray(0, png.length - 16), 'PNG'],
      ['PNG with a zero width', ihdrWithZeroWidth, 'PNG'],
      [
        'JPEG start then junk',
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64, 0x41)]),
        'JPEG',
      ],
      [
        'JPEG cut before its frame header',
        Buffer.from(REAL_IMAGES.jpeg, 'base64').subarray(0, 100),
        'JPEG',
      ],
      ['GIF signature alone', Buffer.from('GIF89a'), 'GIF'],
      [
        'WebP header then junk',
        Buffer.concat([Buffer.from('RIFF\x40\0\0\0WEBPjunk', 'latin1'), Buffer.alloc(60, 0x41)]),
        'WebP',
      ],
      [
        'WebP cut short',
        Buffer.from(REAL_IMAGES['webp (lossy)'], 'base64').subarray(0, 30),
        'WebP',
      ],
    ];
    for (const [what, bytes, format] of refused) {
      const res = await uploadImage(bytes, 'photo.png');
      expect(res.status, what).toBe(422);
      expect(res.body, what).toEqual({
        detail: `The file starts like a ${format} image, but its header is damaged or cut short`,
      });
    }
    const cut = multipartFile(png.subarray(0, 8), 'photo.png', 'image/png');
    const russian = await t.api('POST', '/admin/questions/upload-image', {
      token: admin,
      body: cut.body,
      headers: { ...cut.headers, 'accept-language': 'ru' },
    });
    expect(russian.body.detail).toBe(
      'Файл начинается как изображение PNG, но его заголовок повреждён или обрезан',
    );
    expect(await db.selectFrom('images').select('name').execute()).toEqual(before);
  });

  it('still takes small real images of every accepted format', async () => {
    for (const [format, base64] of Object.entries(REAL_IMAGES)) {
      const name = `real-${format.replace(/\W+/g, '-')}`;
      const res = await uploadImage(Buffer.from(base64, 'base64'), name);
      expect(res.status, format).toBe(201);
      expect(res.body.filename, format).toBe(name);
    }
  });

  it('refuses an image over 5 MB sent over a socket, whatever its size, and stores nothing', async () => {
    // Over a socket the file arrives in chunks; one ending exactly at the limit used to come
    // back cut short but without an error, and was stored as a 5 MB image.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await db.selectFrom('images').select('name').execute();
    for (const extra of [64 * 1024, 15 * 1024 * 1024, 1]) {
      const form = new FormData();
      const bytes = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024 + extra, 0x41)]);
      form.append('file', new Blob([bytes], { type: 'image/png' }), `big-${extra}.png`);
      const response = await fetch(`${address}/api/v1/admin/questions/upload-image`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}` },
        body: form,
      });
      expect(response.status, `5 MB + ${extra} bytes`).toBe(413);
      expect(((await response.json()) as { detail: string }).detail).toMatch(/5 MB/);
    }
    expect(await db.selectFrom('images').select('name').execute()).toEqual(before);
  });

  it('gives learners a page of the bank and a random exam draw of the configured size', async () => {
    const total = await questionCount();
    const page = await t.api('GET', '/questions?mode=all-questions&page=1&limit=3', {
      token: learner.token,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      page: 1,
      limit: 3,
      totalQuestions: total,
      totalPages: Math.ceil(total / 3),
    });
    expect(page.body.questions).toHaveLength(3);
    const byDefault = await t.api('GET', '/questions', { token: learner.token });
    expect(byDefault.body).toMatchObject({ page: 1, limit: 10 });
    expect((await t.api('GET', '/questions?limit=101', { token: learner.token })).status).toBe(400);
    expect(
      (await t.api('GET', '/questions?mode=everything', { token: learner.token })).status,
    ).toBe(400);
    expect((await t.api('GET', '/questions?page=1e400', { token: learner.token })).status).toBe(
      400,
    );
    const beyond = await t.api('GET', '/questions?page=999999', { token: learner.token });
    expect(beyond.body).toMatchObject({ questions: [], page: 999999, totalQuestions: total });

    const small = await t.api('GET', '/questions?mode=training', { token: learner.token });
    expect(small.status).toBe(200);
    expect(small.body).toHaveLength(total);

    const rows = Array.from({ length: 45 }, (_, i) => `Drawn ${i},A,B,,,,1,,,`);
    expect((await importCsv([HEADER, ...rows].join('\n'))).status).toBe(200);
    const draw = await t.api('GET', '/questions?mode=training', { token: learner.token });
    expect(draw.body).toHaveLength(40);
    expect(new Set(draw.body.map((q: QuestionBody) => q.id)).size).toBe(40);
  });

  it('serves a change another connection made to the bank from the next request on', async () => {
    // `db` is a second connection, as another app process or a person with a SQL shell would be:
    // whatever this process keeps of the bank must not outlive a change made there.
    const created = await t.api('POST', '/admin/questions', {
      token: admin,
      body: { question_text: 'Kept by the app?', answer_1: 'A', answer_2: 'B', right_answers: '1' },
    });
    const id = created.body.id as number;
    const lastPage = async () => {
      const first = await t.api('GET', '/questions?limit=100', { token: learner.token });
      return t.api('GET', `/questions?limit=100&page=${first.body.totalPages}`, {
        token: learner.token,
      });
    };
    const find = async () =>
      ((await lastPage()).body.questions as QuestionBody[]).find((q) => q.id === id);
    expect(await find()).toMatchObject({ question_text: 'Kept by the app?' });
    await db
      .updateTable('questions')
      .set({ question_text: 'Edited behind the app', right_answers: '2' })
      .where('id', '=', id)
      .execute();
    expect(await find()).toMatchObject({
      question_text: 'Edited behind the app',
      right_answers: '2',
    });
    // Grading follows the new right answer too.
    const graded = await t.api('POST', '/exams/submit', {
      token: learner.token,
      body: { exam_type: 'training', answers: [{ question_id: id, selected_answers: [2] }] },
    });
    expect(graded.body).toMatchObject({ correct_answers: 1 });

    const page = await lastPage();
    const total = page.body.totalQuestions as number;
    await db.deleteFrom('questions').where('id', '=', id).execute();
    expect((await lastPage()).body.totalQuestions).toBe(total - 1);
    expect(await find()).toBeUndefined();
    const stale = await t.api('POST', '/exams/submit', {
      token: learner.token,
      body: { exam_type: 'training', answers: [{ question_id: id, selected_answers: [2] }] },
    });
    expect(stale.status).toBe(422);
  });

  it('takes a deleted question out of the topics and tickets that listed it', async () => {
    const [first, second] = await allQuestions();
    const a = (first as QuestionBody).id;
    const b = (second as QuestionBody).id;
    const now = new Date().toISOString();
    await db
      .insertInto('topics')
      .values([
        { name: 'Signs', question_ids: JSON.stringify([a, b]), created_at: now },
        { name: 'Leniently listed', question_ids: `${b}; ${a}`, created_at: now },
      ])
      .execute();
    await db
      .insertInto('tickets')
      .values({ ticket_number: 1, question_ids: JSON.stringify([b, a]), created_at: now })
      .execute();
    await db
      .insertInto('question_memory')
      .values({
        user_id: learner.id,
        question_id: a,
        topic_name: null,
        correct_count: 1,
        wrong_count: 0,
        last_correct: 1,
        stability: 1,
        difficulty: 5,
        reps: 1,
        lapses: 0,
        state: 2,
        elapsed_days: 0,
        scheduled_days: 1,
        learning_steps: 0,
        due_at: now,
        last_answered_at: now,
      })
      .execute();

    expect((await t.api('DELETE', `/admin/questions/${a}`, { token: admin })).status).toBe(200);
    const topics = await db
      .selectFrom('topics')
      .select(['name', 'question_ids'])
      .orderBy('id')
      .execute();
    expect(topics).toEqual([
      { name: 'Signs', question_ids: JSON.stringify([b]) },
      { name: 'Leniently listed', question_ids: JSON.stringify([b]) },
    ]);
    const tickets = await db.selectFrom('tickets').select('question_ids').execute();
    expect(tickets).toEqual([{ question_ids: JSON.stringify([b]) }]);
    expect(
      await db.selectFrom('question_memory').selectAll().where('question_id', '=', a).execute(),
    ).toEqual([]);
  });

  it('imports 10,000 rows in one transaction', async () => {
    const before = await questionCount();
    const rows = Array.from(
      { length: 10_000 },
      (_, i) =>
        `"Bulk question ${i}, with a comma",Answer one,Answer two,Answer three,,,"1,3",2,,Because ${i}`,
    );
    const res = await importCsv([HEADER, ...rows].join('\n'));
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(10_000);
    expect(await questionCount()).toBe(before + 10_000);
  });

  it('deletes the whole bank, the tickets, and empties the topics', async () => {
    const res = await t.api('DELETE', '/admin/questions/all/delete', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'All questions deleted successfully' });
    expect(await questionCount()).toBe(0);
    expect(await db.selectFrom('tickets').selectAll().execute()).toEqual([]);
    const topics = await db.selectFrom('topics').select('question_ids').execute();
    expect(topics.map((topic) => topic.question_ids)).toEqual(['[]', '[]']);
    const page = await t.api('GET', '/admin/questions', { token: admin });
    expect(page.body).toMatchObject({ questions: [], totalQuestions: 0, totalPages: 1 });
    expect((await t.api('GET', '/questions?mode=training', { token: learner.token })).body).toEqual(
      [],
    );
    const audit = await db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'question.delete_all')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
