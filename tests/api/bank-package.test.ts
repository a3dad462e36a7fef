import { createHash } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema';
import { READ_IN_PLACE_BYTES } from '../../server/modules/questions/bank-package.thread';
import { png } from '../fixtures/png';
import { createTestApp, DATABASES, type TestApp } from './helpers';

interface Question {
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
  photo_url?: string;
  explanation: string | null;
}

/** A multipart body of several `file` parts, as a browser sends files dropped together. */
function multipart(files: { name: string; data: Buffer | Uint8Array }[]) {
  const boundary = `----bank${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((file) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    Buffer.from(file.data),
    Buffer.from('\r\n'),
  ]);
  return {
    body: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** `data` with every run of `from` swapped for `to`, of the same length. */
function replaceAll(data: Buffer, from: Buffer, to: Buffer): Buffer {
  const out = Buffer.from(data);
  for (let at = out.indexOf(from); at !== -1; at = out.indexOf(from, at + to.length)) {
    to.copy(out, at);
  }
  return out;
}

const HEADER =
  'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,photo_alt,explanation,topics';

describe.each(DATABASES)('bank packages on %s', (kind) => {
  let t: TestApp;
  let db: Kysely<Database>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    db = t.database.db;
    admin = await t.adminToken();
  });
  afterAll(async () => {
    await t.close();
  });

  async function newCourse(name: string, language = 'en'): Promise<number> {
    const res = await t.api<{ id: number }>('POST', '/admin/courses', {
      token: admin,
      body: {
        name,
        language,
        rules: {
          question_count: 40,
          time_limit_seconds: 2400,
          pass_rule: 'percent_questions',
          pass_value: 70,
          extra_questions_per_mistake: 0,
          extra_seconds_per_mistake: 0,
        },
      },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  const importFiles = (
    files: { name: string; data: Buffer | Uint8Array }[],
    query = '',
    headers: Record<string, string> = {},
  ) => {
    const upload = multipart(files);
    return t.api('POST', `/admin/questions/import-csv${query}`, {
      token: admin,
      body: upload.body,
      headers: { ...upload.headers, ...headers },
    });
  };

  /** A new course named `name` with the exported package `raw` imported into it, taken. */
  async function importedIntoNewCourse(name: string, raw: Buffer) {
    const course = await newCourse(name);
    const answer = await importFiles([{ name: 'export.zip', data: raw }], `?course_id=${course}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { course, answer };
  }

  const uploadPhoto = (name: string, data: Buffer, query = '') => {
    const upload = multipart([{ name, data }]);
    return t.api('POST', `/admin/questions/upload-image${query}`, {
      token: admin,
      body: upload.body,
      headers: upload.headers,
    });
  };

  /** A course's questions in id order, read through the admin list. */
  async function bankOf(courseId: number): Promise<Question[]> {
    const res = await t.api<{ questions: Question[] }>(
      'GET',
      `/admin/questions?course_id=${courseId}&limit=100`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    return res.body.questions;
  }

  /** A course's topics as names with their questions' texts, in order. */
  async function topicsOf(courseId: number) {
    const res = await t.api<{ name: string; question_ids: string }[]>(
      'GET',
      `/training-topics?course_id=${courseId}`,
      { token: admin },
    );
    const bank = await bankOf(courseId);
    const textOf = new Map(bank.map((question) => [question.id, question.question_text]));
    return res.body
      .map((topic) => ({
        name: topic.name,
        questions: (JSON.parse(topic.question_ids) as number[]).map((id) => textOf.get(id)),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  const imageCount = async () =>
    Number(
      (
        await db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('imports a zip whole: photos in a subfolder, a topics column and a topics CSV naming rows', async () => {
    const course = await newCourse('Package course');
    const stop = png(2);
    const lights = png(3);
    const csv = [
      HEADER,
      'What does this sign mean?,Stop,Give way,,,,1,2,stop-sign.png,A red octagon,Stop fully.,Signs|Junctions',
      'What do these lights say?,Go,Wait,Stop,,,3,1,lights_2.png,,,Lights',
      '"A question on',
      'two lines?",Yes,No,,,,1,,,,,',
    ].join('\r\n');
    const topicsCsv = 'name,question_rows\r\nJunctions,"2,3"\r\nNight driving,3\r\n';
    const zip = zipSync({
      'bank/questions.csv': strToU8(csv),
      'bank/media/signs/stop-sign.png': stop,
      'bank/media/lights_2.png': lights,
      'bank/topics.csv': strToU8(topicsCsv),
      '__MACOSX/bank/._questions.csv': strToU8('junk'),
    });
    const res = await importFiles([{ name: 'bank.zip', data: zip }], `?course_id=${course}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 3, photos: 2, topics: 4 });
    const bank = await bankOf(course);
    expect(res.body.question_ids).toEqual(bank.map((question) => question.id));
    expect(bank.map((question) => question.question_text)).toEqual([
      'What does this sign mean?',
      'What do these lights say?',
      'A question on\ntwo lines?',
    ]);
    expect(bank[0]).toMatchObject({
      points: 2,
      photo: 'stop-sign.png',
      photo_alt: 'A red octagon',
      explanation: 'Stop fully.',
    });
    // The photos keep their names and bytes, and learners get a URL that names the bytes.
    const served = await t.api('GET', bank[0]!.photo_url!);
    expect(served.raw.equals(stop)).toBe(true);
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await t.api('GET', bank[1]!.photo_url!)).raw.equals(lights)).toBe(true);
    expect(await topicsOf(course)).toEqual([
      {
        name: 'Junctions',
        questions: [
          'What do these lights say?',
          'A question on\ntwo lines?',
          'What does this sign mean?',
        ],
      },
      { name: 'Lights', questions: ['What do these lights say?'] },
      { name: 'Night driving', questions: ['A question on\ntwo lines?'] },
      { name: 'Signs', questions: ['What does this sign mean?'] },
    ]);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('action', '=', 'question.import_package')
      .execute();
    expect(audit.at(-1)?.summary).toBe('Imported from bank.zip: questions 3, photos 2, topics 4');
  });

  it('imports a CSV and its photos sent together, and adds to a topic the course has', async () => {
    const course = await newCourse('Dropped files');
    const first = await importFiles(
      [{ name: 'one.csv', data: Buffer.from(`${HEADER}\nFirst?,A,B,,,,1,,,,,Signs\n`) }],
      `?course_id=${course}`,
    );
    expect(first.status).toBe(200);
    const csv = `${HEADER}\nSecond?,A,B,,,,2,,drop-1.png,,,signs|Parking\nThird?,A,B,,,,1,,drop-2.png,,,\n`;
    const res = await importFiles(
      [
        { name: 'drop.csv', data: Buffer.from(csv) },
        { name: 'drop-1.png', data: png(4) },
        { name: 'drop-2.png', data: png(5) },
        { name: 'unused.png', data: png(6) },
      ],
      `?course_id=${course}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, photos: 2, topics: 2 });
    expect(await topicsOf(course)).toEqual([
      { name: 'Parking', questions: ['Second?'] },
      { name: 'Signs', questions: ['First?', 'Second?'] },
    ]);
    expect(
      (await db.selectFrom('images').select('name').where('name', '=', 'unused.png').execute())
        .length,
    ).toBe(0);
  });

  it('takes a photo whose file name differs from the CSV only in case, under the CSV name', async () => {
    const course = await newCourse('Made on Windows');
    const csv = `${HEADER}\nCase?,A,B,,,,1,,Sign-Case.JPG,,,\nTwins?,A,B,,,,1,,twin.png,,,\n`;
    const res = await importFiles(
      [
        { name: 'bank.csv', data: Buffer.from(csv) },
        { name: 'sign-case.jpg', data: png(7) },
        // Two files that differ only in case: which one the CSV means cannot be told.
        { name: 'TWIN.png', data: png(8) },
        { name: 'Twin.png', data: png(9) },
      ],
      `?course_id=${course}`,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { line: 3, reason: 'The photo "twin.png" is neither in the package nor on the server' },
    ]);

    const csvWithoutTwins = `${HEADER}\nCase?,A,B,,,,1,,Sign-Case.JPG,,,\n`;
    const fixed = await importFiles(
      [
        { name: 'bank.csv', data: Buffer.from(csvWithoutTwins) },
        { name: 'sign-case.jpg', data: png(7) },
      ],
      `?course_id=${course}`,
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ imported: 1, photos: 1 });
    const [question] = await bankOf(course);
    expect(question?.photo).toBe('Sign-Case.JPG');
    const served = await t.app.inject({ method: 'GET', url: question!.photo_url! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png(7))).toBe(true);
  });

  it('takes for a name in another case the one stored photo it means, and no photo of two', async () => {
    const course = await newCourse('Stored on Linux');
    for (const [name, width] of [
      ['UK_sign_21.png', 11],
      ['lamp.png', 12],
      ['LAMP.png', 13],
    ] as const) {
      expect([200, 201]).toContain((await uploadPhoto(name, png(width))).status);
    }
    const csv = `${HEADER}\nSign?,A,B,,,,1,,UK_SIGN_21.PNG,,,\nLamp?,A,B,,,,1,,Lamp.png,,,\n`;
    const res = await importFiles(
      [{ name: 'bank.csv', data: Buffer.from(csv) }],
      `?course_id=${course}`,
    );
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      { line: 3, reason: 'Unknown photo "Lamp.png"; upload the image first' },
    ]);

    const fixed = await importFiles(
      [{ name: 'bank.csv', data: Buffer.from(`${HEADER}\nSign?,A,B,,,,1,,UK_SIGN_21.PNG,,,\n`) }],
      `?course_id=${course}`,
    );
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expect(fixed.body).toMatchObject({ imported: 1, photos: 0, renamed_photos: [] });
    const [question] = await bankOf(course);
    expect(question?.photo).toBe('UK_sign_21.png');
  });

  it('finds photos named in Cyrillic, Chinese and Korean in zips that do not mark their names UTF-8', async () => {
    const course = await newCourse('Zipped on Windows');
    // Each photo's name as the bank's CSV writes it, and as its zip program wrote it: in the
    // Windows code page of its language (no mark in the zip says which), or in UTF-8 unmarked.
    const names = [
      { name: 'Знак.png', bytes: Buffer.from([0x87, 0xad, 0xa0, 0xaa]), width: 21 }, // CP866
      { name: '标志.png', bytes: Buffer.from([0xb1, 0xea, 0xd6, 0xbe]), width: 22 }, // GBK
      { name: '표지.png', bytes: Buffer.from([0xc7, 0xa5, 0xc1, 0xf6]), width: 23 }, // CP949
      { name: 'Стоп.png', bytes: Buffer.from('Стоп', 'utf8'), width: 24 }, // UTF-8, unmarked
    ];
    const csv = [
      HEADER,
      ...names.map((photo, index) => `Sign ${index + 1}?,A,B,,,,1,,${photo.name},,,`),
    ].join('\n');
    // Written with ASCII stand-ins of the same length (fflate marks only names beyond ASCII),
    // then the stand-ins' bytes in both of the zip's headers swapped for the real ones.
    const standIn = (index: number, length: number) =>
      Buffer.from(`photos/${String.fromCharCode(65 + index).repeat(length)}.png`);
    let zip: Buffer = Buffer.from(
      zipSync({
        'bank.csv': strToU8(csv),
        ...Object.fromEntries(
          names.map((photo, index) => [
            standIn(index, photo.bytes.length).toString(),
            png(photo.width),
          ]),
        ),
      }),
    );
    names.forEach((photo, index) => {
      const from = standIn(index, photo.bytes.length);
      const to = Buffer.concat([Buffer.from('photos/'), photo.bytes, Buffer.from('.png')]);
      zip = replaceAll(zip, from, to);
    });
    const res = await importFiles([{ name: 'bank.zip', data: zip }], `?course_id=${course}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 4, photos: 4 });
    const bank = await bankOf(course);
    expect(bank.map((question) => question.photo)).toEqual(names.map((photo) => photo.name));
    for (const [index, question] of bank.entries()) {
      const served = await t.app.inject({ method: 'GET', url: question.photo_url! });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png(names[index]!.width))).toBe(true);
    }
  });

  it("takes photos named as a school's bank names them (full-width brackets, commas, & ' # %) and serves each", async () => {
    const course = await newCourse('Named freely');
    const names = [
      '标志（3）.png',
      '图1，2.png',
      '图 5&6.png',
      "driver's view.png",
      '_hidden_start.png',
      'sign#4.png',
      '100% sure.png',
    ];
    const csv = [
      HEADER,
      // A cell with a comma is quoted, as a spreadsheet writes it.
      ...names.map((name, index) => `Sign ${index + 1}?,A,B,,,,1,,"${name}",,,`),
    ].join('\n');
    const zip = Buffer.from(
      zipSync({
        'bank.csv': strToU8(csv),
        ...Object.fromEntries(names.map((name, index) => [`photos/${name}`, png(40 + index)])),
      }),
    );
    const res = await importFiles([{ name: 'bank.zip', data: zip }], `?course_id=${course}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 7, photos: 7 });
    const bank = await bankOf(course);
    expect(bank.map((question) => question.photo)).toEqual(names);
    for (const [index, name] of names.entries()) {
      const served = await t.app.inject({
        method: 'GET',
        url: `/api/v1/images/questions/${encodeURIComponent(name)}`,
      });
      expect(served.statusCode, name).toBe(200);
      expect(served.rawPayload.equals(png(40 + index))).toBe(true);
    }
  });

  it("takes a photo chosen on a Mac for the CSV's name of it, and a stored one named in capitals", async () => {
    const course = await newCourse('Named on a Mac');
    // macOS gives a file's name decomposed (й as и and a combining breve).
    const mac = 'Пешеход й (2).png'.normalize('NFD');
    expect((await uploadPhoto('ЗНАК_ОСТАНОВКИ.PNG', png(31))).status).toBe(201);
    const csv = `${HEADER}\nWalk?,A,B,,,,1,,Пешеход й (2).png,,,\nStop?,A,B,,,,1,,знак_остановки.png,,,\n`;
    const res = await importFiles(
      [
        { name: 'bank.csv', data: Buffer.from(csv) },
        { name: mac, data: png(32) },
      ],
      `?course_id=${course}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, photos: 1 });
    const bank = await bankOf(course);
    expect(bank.map((question) => question.photo)).toEqual([
      'Пешеход й (2).png',
      'ЗНАК_ОСТАНОВКИ.PNG',
    ]);
    // The photo is found by its name as either system writes it.
    for (const name of ['Пешеход й (2).png', mac]) {
      const served = await t.app.inject({
        method: 'GET',
        url: `/api/v1/images/questions/${encodeURIComponent(name)}`,
      });
      expect(served.statusCode, name).toBe(200);
      expect(served.rawPayload.equals(png(32))).toBe(true);
    }
    // One photo uploaded alone from a Mac is stored composed too.
    const single = await uploadPhoto('Ёлка.png'.normalize('NFD'), png(33));
    expect(single.status).toBe(201);
    expect(single.body).toMatchObject({ filename: 'Ёлка.png' });
  });

  it('reads a sheet saved as Excel\'s "Unicode Text" and named .tsv: UTF-16, tab-separated', async () => {
    const course = await newCourse('Unicode Text');
    const sheet =
      'question_text\tanswer_1\tanswer_2\tright_answers\r\nКто первый?\tМашина справа\tТрамвай\t2\r\n';
    const res = await importFiles(
      [
        {
          name: 'bank.tsv',
          data: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(sheet, 'utf16le')]),
        },
      ],
      `?course_id=${course}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      (await bankOf(course)).map((question) => [question.question_text, question.answer_2]),
    ).toEqual([['Кто первый?', 'Трамвай']]);
  });

  it('imports nothing when one photo is missing or one row is bad, and names each line', async () => {
    const course = await newCourse('Refused');
    const imagesBefore = await imageCount();
    const csv = [
      HEADER,
      'Good?,A,B,,,,1,,fine.png,,,Topic',
      'Missing photo?,A,B,,,,1,,nowhere.png,,,',
      'Bad answer?,A,B,,,,4,,,,,',
      'Broken photo?,A,B,,,,1,,broken.png,,,',
      'Drawn photo?,A,B,,,,1,,sign.svg,,,',
    ].join('\n');
    const zip = zipSync({
      'q/questions.csv': strToU8(csv),
      'q/fine.png': png(7),
      'q/broken.png': png(8).subarray(0, 30),
      'q/sign.svg': strToU8('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'q/topics.csv': strToU8('name,question_rows\nToo far,9\n'),
    });
    const res = await importFiles([{ name: 'refused.zip', data: zip }], `?course_id=${course}`);
    expect(res.status).toBe(422);
    expect(res.body.detail).toBe('The file has 5 bad rows; nothing was imported');
    expect(res.body.errors).toEqual([
      { line: 3, reason: 'The photo "nowhere.png" is neither in the package nor on the server' },
      { line: 4, reason: 'right_answers names answer 4, which is empty' },
      {
        line: 5,
        reason: 'The photo "broken.png" starts like a PNG image, but it is damaged or cut short',
      },
      {
        line: 6,
        reason:
          'The photo "sign.svg" is not of a kind the server takes: give it as a PNG, JPEG, WebP or GIF image, named so (.png, .jpg, .webp or .gif)',
      },
      {
        line: 2,
        file: 'q/topics.csv',
        reason: 'The questions CSV has 5 questions; it has no row 9',
      },
    ]);
    expect(await bankOf(course)).toEqual([]);
    expect(await imageCount()).toBe(imagesBefore);
    expect(
      (await t.api('GET', `/training-topics?course_id=${course}`, { token: admin })).body,
    ).toEqual([]);

    // Said in the administrator's language too.
    const russian = await importFiles(
      [{ name: 'refused.zip', data: zip }],
      `?course_id=${course}`,
      {
        'accept-language': 'ru',
      },
    );
    expect(russian.body.errors[0].reason).toBe('Фото «nowhere.png» нет ни в пакете, ни на сервере');
  });

  it('replaces without asking a stored photo that no question shows, as one left by a discarded form', async () => {
    const course = await newCourse('Orphans');
    expect((await uploadPhoto('left-behind.png', png(41))).status).toBe(201);
    const again = await uploadPhoto('left-behind.png', png(42));
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ filename: 'left-behind.png', status: 'replaced' });
    const served = await t.app.inject({ method: 'GET', url: again.body.url });
    expect(served.rawPayload.equals(png(42))).toBe(true);

    // A package's photo of that name, other bytes again: taken without replace_photos.
    expect((await uploadPhoto('also-left.png', png(43))).status).toBe(201);
    const csv = Buffer.from(`${HEADER}\nLeft?,A,B,,,,1,,also-left.png,,,\n`);
    const imported = await importFiles(
      [
        { name: 'q.csv', data: csv },
        { name: 'also-left.png', data: png(44) },
      ],
      `?course_id=${course}`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toMatchObject({ imported: 1, photos: 1, renamed_photos: [] });
    const [question] = await bankOf(course);
    expect(question?.photo).toBe('also-left.png');
    const shown = await t.app.inject({ method: 'GET', url: question!.photo_url! });
    expect(shown.rawPayload.equals(png(44))).toBe(true);
  });

  it('keeps an uploaded photo under its name: the same bytes change nothing, other bytes need the replace flag', async () => {
    const course = await newCourse('Photos');
    const first = png(10);
    const created = await uploadPhoto('junction_1.png', first);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ filename: 'junction_1.png', status: 'created' });

    const again = await uploadPhoto('junction_1.png', first);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...created.body, status: 'unchanged' });

    const unsafe = await uploadPhoto('my photo: 1?.png', first);
    expect(unsafe.status).toBe(422);
    expect(unsafe.body.detail).toMatch(/^The file name "my photo: 1\?\.png" cannot name a photo: /);

    const question = await t.api<Question>('POST', `/admin/questions?course_id=${course}`, {
      token: admin,
      body: {
        question_text: 'Who goes first?',
        answer_1: 'Me',
        answer_2: 'You',
        right_answers: '2',
        photo: 'junction_1.png',
      },
    });
    expect(question.body.photo_url).toBe(created.body.url);
    // Read once, so the page is kept by the server: the replacement must not leave it stale.
    expect((await bankOf(course))[0]?.photo_url).toBe(created.body.url);

    const second = png(11);
    const taken = await uploadPhoto('junction_1.png', second);
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({
      detail:
        'A different photo named junction_1.png is already stored; replace it to show the new one in every question using it',
      photos: ['junction_1.png'],
      photo_courses: ['Photos'],
    });
    expect((await t.api('GET', created.body.url)).raw.equals(first)).toBe(true);

    const replaced = await uploadPhoto('junction_1.png', second, '?replace=true');
    expect(replaced.status).toBe(200);
    expect(replaced.body.status).toBe('replaced');
    expect(replaced.body.url).not.toBe(created.body.url);
    // Every question using it shows the new photo, at a new URL no browser has kept.
    const [shown] = await bankOf(course);
    expect(shown?.photo_url).toBe(replaced.body.url);
    expect((await t.api('GET', replaced.body.url)).raw.equals(second)).toBe(true);
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', 'like', 'question.image%')
      .orderBy('id')
      .execute();
    expect(audit.slice(-2).map((entry) => entry.action)).toEqual([
      'question.image_upload',
      'question.image_replace',
    ]);

    // A package bringing other bytes under a stored name asks first too.
    const third = png(12);
    const csv = Buffer.from(`${HEADER}\nAgain?,A,B,,,,1,,junction_1.png,,,\n`);
    const files = [
      { name: 'q.csv', data: csv },
      { name: 'junction_1.png', data: third },
    ];
    const conflict = await importFiles(files, `?course_id=${course}`);
    expect(conflict.status).toBe(409);
    expect(conflict.body.photos).toEqual(['junction_1.png']);
    expect(await bankOf(course)).toHaveLength(1);
    const forced = await importFiles(files, `?course_id=${course}&replace_photos=true`);
    expect(forced.status).toBe(200);
    expect(forced.body).toMatchObject({ imported: 1, photos: 1 });
    expect((await bankOf(course)).every((q) => q.photo_url === (forced.body && q.photo_url))).toBe(
      true,
    );
    const urls = new Set((await bankOf(course)).map((q) => q.photo_url));
    expect(urls.size).toBe(1);
    expect((await t.api('GET', [...urls][0]!)).raw.equals(third)).toBe(true);
  });

  it('exports a bank and imports it into an empty course as the same bank, formula-looking cells as text', async () => {
    const source = await newCourse('Source bank');
    const photos = { 'rt-a.png': png(20), 'rt-b.png': png(21, 5000) };
    const csv = [
      HEADER,
      '=SUM(A1:A2) is what?,+1 lane,-5 °C,@home,,,"1,3",3,rt-a.png,"Alt, with a comma",=cmd|calc,Signs|=Danger',
      `''=x stays text,'plain quote,'''=two,A3,A4,A5,5,100,rt-b.png,,"Line one\nLine two",Signs`,
      'No photo?,Yes,No,,,,2,1,,,,',
    ].join('\r\n');
    const imported = await importFiles(
      [
        { name: 'rt.csv', data: Buffer.from(csv) },
        ...Object.entries(photos).map(([name, data]) => ({ name, data })),
      ],
      `?course_id=${source}`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const bank = await bankOf(source);
    // An escaped cell reads back as the text it escapes: `''=x` is the text `'=x`.
    expect(bank[0]).toMatchObject({
      question_text: '=SUM(A1:A2) is what?',
      answer_1: '+1 lane',
      answer_2: '-5 °C',
      answer_3: '@home',
      explanation: '=cmd|calc',
    });
    expect(bank[1]).toMatchObject({
      question_text: "'=x stays text",
      answer_1: "'plain quote",
      answer_2: "''=two",
    });
    // A topic emptied by deleting its questions is carried too.
    const empty = await t.api('POST', `/training-topics?course_id=${source}`, {
      token: admin,
      body: { name: 'Later', question_ids: [bank[2]!.id] },
    });
    expect(empty.status).toBe(201);
    await t.api('PUT', `/training-topics/${empty.body.id}`, {
      token: admin,
      body: { name: '@Later', question_ids: [bank[2]!.id] },
    });

    const exported = await t.api('GET', `/admin/questions/export?course_id=${source}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-type']).toBe('application/zip');
    expect(exported.headers['content-disposition']).toMatch(
      /^attachment; filename="bank_course-\d+_\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(exported.raw));
    expect(Object.keys(files).sort()).toEqual([
      'photos/rt-a.png',
      'photos/rt-b.png',
      'questions.csv',
      'topics.csv',
    ]);
    const questionsCsv = Buffer.from(files['questions.csv']!).toString('utf8');
    // Escaped for spreadsheets: a formula-looking cell starts with a quote.
    expect(questionsCsv).toContain("'=SUM(A1:A2) is what?,'+1 lane,'-5 °C,'@home");
    expect(questionsCsv).toContain(`''=x stays text,'plain quote,'''=two`);
    expect(Buffer.from(files['topics.csv']!).toString('utf8')).toBe(
      '\uFEFFname,question_rows\r\nSigns,"1,2"\r\n\'=Danger,1\r\n\'@Later,3\r\n',
    );

    const { course: target, answer: again } = await importedIntoNewCourse(
      'Empty course',
      exported.raw,
    );
    expect(again.body).toMatchObject({ imported: 3, photos: 0, topics: 3 });
    const copy = await bankOf(target);
    const fields = ({ id: _id, ...rest }: Question) => rest;
    expect(copy.map(fields)).toEqual(bank.map(fields));
    expect(await topicsOf(target)).toEqual(await topicsOf(source));
    for (const question of copy.filter((q) => q.photo)) {
      const served = await t.api('GET', question.photo_url!);
      expect(served.raw.equals(photos[question.photo as keyof typeof photos])).toBe(true);
    }

    // And its package, exported again, is the same files byte for byte.
    const twice = await t.api('GET', `/admin/questions/export?course_id=${target}`, {
      token: admin,
    });
    const filesTwice = unzipSync(new Uint8Array(twice.raw));
    for (const [name, bytes] of Object.entries(files)) {
      expect(Buffer.from(filesTwice[name]!).equals(Buffer.from(bytes)), name).toBe(true);
    }
  });

  it('reads a large package in a worker thread, the event loop free meanwhile', async () => {
    const course = await newCourse('Large');
    const count = 40;
    const photos = Object.fromEntries(
      Array.from({ length: count }, (_, at) => [`big/p-${at}.png`, png(30 + at, 40_000)]),
    );
    const rows = Array.from(
      { length: count },
      (_, at) => `Large ${at}?,A,B,,,,1,,p-${at}.png,,,Big`,
    );
    const zip = zipSync({ 'questions.csv': strToU8([HEADER, ...rows].join('\n')), ...photos });
    expect(zip.length).toBeGreaterThan(READ_IN_PLACE_BYTES);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const res = await importFiles([{ name: 'large.zip', data: zip }], `?course_id=${course}`);
    clearInterval(timer);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: count, photos: count, topics: 1 });
    expect(ticks).toBeGreaterThan(0);
    const bank = await bankOf(course);
    expect((await t.api('GET', bank[7]!.photo_url!)).raw.equals(photos['big/p-7.png']!)).toBe(true);
  });

  it('takes up to 200 MB in all and refuses more with 413, storing nothing', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const before = await imageCount();
    const boundary = '----bank413';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.zip"\r\nContent-Type: application/zip\r\n\r\n`,
    );
    const megabyte = Buffer.alloc(1024 * 1024, 0x41);
    let sent = 0;
    // 201 MB made as it is sent, never held whole here.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent < 201) {
          controller.enqueue(megabyte);
          sent += 1;
        } else {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const response = await fetch(`${address}/api/v1/admin/questions/import-csv`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    // The server answers as soon as the limit is passed; it may close before all is sent.
    if (response instanceof Response) {
      expect(response.status).toBe(413);
      expect(((await response.json()) as { detail: string }).detail).toBe(
        'The upload is larger than 200 MB in all; nothing was imported',
      );
    }
    expect(sent).toBeGreaterThan(190);
    expect(await imageCount()).toBe(before);
  });

  it('imports the export of a course whose questions were all deleted: its topics, with none', async () => {
    const source = await newCourse('Emptied bank');
    const csv = [HEADER, 'Q one?,A,B,,,,1,1,,,,Signs', 'Q two?,A,B,,,,2,1,,,,Signs|Speed'].join(
      '\n',
    );
    const imported = await importFiles(
      [{ name: 'q.csv', data: Buffer.from(csv) }],
      `?course_id=${source}`,
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const topicList = async (courseId: number) =>
      (
        await t.api<{ name: string; question_count: number; translations: object }[]>(
          'GET',
          `/training-topics?course_id=${courseId}`,
          { token: admin },
        )
      ).body.map(({ name, question_count, translations }) => ({
        name,
        question_count,
        translations,
      }));
    const [signs] = (
      await t.api<{ id: number; name: string }[]>('GET', `/training-topics?course_id=${source}`, {
        token: admin,
      })
    ).body;
    expect(signs?.name).toBe('Signs');
    const named = await t.api('PUT', `/training-topics/${signs!.id}`, {
      token: admin,
      body: { name: 'Signs', question_ids: [], translations: { ru: 'Знаки' } },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    const emptied = await t.api('DELETE', `/admin/questions/all/delete?course_id=${source}`, {
      token: admin,
    });
    expect(emptied.status).toBe(200);
    expect(await topicList(source)).toEqual([
      { name: 'Signs', question_count: 0, translations: { ru: 'Знаки' } },
      { name: 'Speed', question_count: 0, translations: {} },
    ]);

    const exported = await t.api('GET', `/admin/questions/export?course_id=${source}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(exported.raw));
    expect(Buffer.from(files['questions.csv']!).toString('utf8').trim().split('\r\n')).toHaveLength(
      1,
    );

    const { course: target, answer: again } = await importedIntoNewCourse(
      'Emptied copy',
      exported.raw,
    );
    expect(again.body).toMatchObject({ imported: 0, photos: 0, topics: 2 });
    expect(await topicList(target)).toEqual(await topicList(source));
    expect(await bankOf(target)).toEqual([]);

    // Without a topics file, a header alone brings nothing and is refused as before.
    for (const upload of [
      { name: 'q.csv', data: Buffer.from(`${HEADER}\n`) },
      { name: 'q.zip', data: zipSync({ 'questions.csv': strToU8(`${HEADER}\n`) }) },
    ]) {
      const refused = await importFiles([upload], `?course_id=${target}`);
      expect([upload.name, refused.status, refused.body.detail]).toEqual([
        upload.name,
        422,
        'The file has a header but no questions',
      ]);
    }
  });

  it("imports a bank as Excel saves it: a sep=; line, empty columns at the end, topics' rows split by |", async () => {
    const csv = [
      'sep=;',
      'question_text;answer_1;answer_2;right_answers;topics;;',
      'Stop here?;Yes;No;1;Signs;;',
      ';;;;;;',
      'Give way?;Yes;No;2;;;',
    ].join('\r\n');
    const alone = await newCourse('Saved by Excel');
    const single = await importFiles(
      [{ name: 'excel.csv', data: Buffer.from(`\uFEFF${csv}\r\n`) }],
      `?course_id=${alone}`,
    );
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body).toMatchObject({ imported: 2, topics: 1 });
    expect(await topicsOf(alone)).toEqual([{ name: 'Signs', questions: ['Stop here?'] }]);
    expect((await bankOf(alone)).map((question) => question.question_text)).toEqual([
      'Stop here?',
      'Give way?',
    ]);

    const packaged = await newCourse('Packaged by Excel');
    const zip = zipSync({
      'excel/questions.csv': strToU8(csv),
      'excel/topics.csv': strToU8('sep=;\r\nname;question_rows;;\r\nPriority;1|2;;\r\n'),
    });
    const res = await importFiles([{ name: 'excel.zip', data: zip }], `?course_id=${packaged}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await topicsOf(packaged)).toEqual([
      { name: 'Priority', questions: ['Stop here?', 'Give way?'] },
      { name: 'Signs', questions: ['Stop here?'] },
    ]);

    // A bad row is named at its line in the file, the sep= line counted.
    const bad = await importFiles(
      [{ name: 'excel.csv', data: Buffer.from(`${csv}\r\nWhich?;A;B;3;;;\r\n`) }],
      `?course_id=${alone}`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual([
      { line: 6, reason: 'right_answers names answer 3, which is empty' },
    ]);
    expect(await bankOf(alone)).toHaveLength(2);
  });

  it('refuses a value under a header cell left empty, naming its line and column, and imports nothing', async () => {
    const course = await newCourse('Stray note');
    const csv = [
      'question_text,answer_1,answer_2,right_answers,,',
      'Kept?,A,B,1,,',
      'Noted?,A,B,1,,see page 12',
    ].join('\n');
    const res = await importFiles(
      [{ name: 'notes.csv', data: Buffer.from(csv) }],
      `?course_id=${course}`,
    );
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      detail: 'The file has 1 bad row; nothing was imported',
      errors: [
        {
          line: 3,
          reason:
            'Column 6 has no name in the header, but this row has "see page 12" in it; name the column in the header or empty its cells',
        },
      ],
    });
    expect(await bankOf(course)).toEqual([]);
    const russian = await importFiles(
      [{ name: 'notes.csv', data: Buffer.from(csv) }],
      `?course_id=${course}`,
      { 'accept-language': 'ru' },
    );
    expect(russian.body.errors[0].reason).toMatch(/^У столбца 6 нет названия в заголовке/);
  });

  it("lists as expected only the translation columns a Russian course takes, and refuses its own language's at the header line", async () => {
    const course = await newCourse('Russian bank', 'ru');
    const unknown = await importFiles(
      [
        {
          name: 'ru.csv',
          data: Buffer.from(
            'question_text,answer_1,answer_2,right_answers,цвет\nВопрос?,Да,Нет,1,red\n',
          ),
        },
      ],
      `?course_id=${course}`,
    );
    expect(unknown.status).toBe(422);
    const [refusal] = unknown.body.errors as { line: number; reason: string }[];
    expect(refusal?.line).toBe(1);
    expect(refusal?.reason).toContain('question_text@en/zh/ko, answer_1@en/zh/ko');
    expect(refusal?.reason).not.toContain('@ru');

    // Read in place and, past READ_IN_PLACE_BYTES, in the worker thread: the same answer.
    const own =
      'sep=,\nquestion_text,answer_1,answer_2,right_answers,question_text@ru\nВопрос?,Да,Нет,1,\n';
    for (const padding of [
      [],
      [{ name: 'padding.png', data: Buffer.alloc(READ_IN_PLACE_BYTES + 1024, 1) }],
    ]) {
      const res = await importFiles(
        [{ name: 'ru.csv', data: Buffer.from(own) }, ...padding],
        `?course_id=${course}`,
      );
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual([
        { line: 2, reason: expect.stringMatching(/written in Russian/) },
      ]);
    }
    expect(await bankOf(course)).toEqual([]);
  });

  it('refuses a zip beside other files, a broken zip, and a package without a questions CSV', async () => {
    const zip = zipSync({ 'questions.csv': strToU8(`${HEADER}\nQ?,A,B,,,,1,,,,,\n`) });
    const beside = await importFiles([
      { name: 'a.zip', data: zip },
      { name: 'b.png', data: png(1) },
    ]);
    expect(beside.status).toBe(422);
    expect(beside.body.detail).toBe(
      'Send a package (.zip) on its own, or a questions CSV with its photos',
    );
    const broken = await importFiles([{ name: 'broken.zip', data: zip.subarray(0, 20) }]);
    expect(broken.status).toBe(422);
    expect(broken.body.detail).toBe('The file is not a readable zip archive; nothing was imported');
    const photosOnly = await importFiles([{ name: 'p.zip', data: zipSync({ 'p.png': png(2) }) }]);
    expect(photosOnly.status).toBe(422);
    expect(photosOnly.body.detail).toMatch(/^The package holds no questions CSV/);
  });

  it('imports its own export again with skip_duplicates as nothing new, and without it as a second copy', async () => {
    const course = await newCourse('Imported twice');
    const csv = [
      `${HEADER},question_text@ru,answer_1@ru,answer_2@ru`,
      '=Formula-looking?,+1,-1,,,,2,1,twice.png,A sign,"Two\nlines",Signs|Lights,Формула?,Да,Нет',
      'Plain?,Yes,No,Maybe,,,"1,3",3,,,,Signs,,,',
    ].join('\n');
    const first = await importFiles(
      [
        { name: 'twice.csv', data: Buffer.from(csv) },
        { name: 'twice.png', data: png(40) },
      ],
      `?course_id=${course}&skip_duplicates=true`,
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ imported: 2, skipped: 0, photos: 1, topics: 2 });
    const bank = await bankOf(course);
    const topics = await topicsOf(course);
    const exported = await t.api('GET', `/admin/questions/export?course_id=${course}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);

    const again = await importFiles(
      [{ name: 'export.zip', data: exported.raw }],
      `?course_id=${course}&skip_duplicates=true`,
    );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toEqual({
      message: 'Questions imported successfully',
      imported: 0,
      skipped: 2,
      photos: 0,
      topics: 0,
      tickets: 0,
      question_ids: [],
      renamed_photos: [],
      edited_rows: [],
      updated_rows: [],
      translated_rows: [],
    });
    expect(await bankOf(course)).toEqual(bank);
    expect(await topicsOf(course)).toEqual(topics);
    const audit = await db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'question.import_package')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.summary).toBe(
      'Imported from export.zip: questions 0, photos 0, topics 0; 2 already in the bank skipped',
    );

    // Another course holds none of them: there the same package is all new.
    const other = await newCourse('Imported once');
    const elsewhere = await importFiles(
      [{ name: 'export.zip', data: exported.raw }],
      `?course_id=${other}&skip_duplicates=true`,
    );
    expect(elsewhere.body).toMatchObject({ imported: 2, skipped: 0 });

    // Without the flag every row is a new question, as before.
    const doubled = await importFiles(
      [{ name: 'export.zip', data: exported.raw }],
      `?course_id=${course}`,
    );
    expect(doubled.body).toMatchObject({ imported: 2, skipped: 0 });
    expect((await bankOf(course)).map((question) => question.question_text)).toEqual([
      '=Formula-looking?',
      'Plain?',
      '=Formula-looking?',
      'Plain?',
    ]);
  });

  it('with skip_duplicates adds only new rows, and the topics take the questions skipped rows copy', async () => {
    const course = await newCourse('Partly known');
    const known = await importFiles(
      [{ name: 'known.csv', data: Buffer.from(`${HEADER}\nKnown?,A,B,,,,1,,,,,Signs\n`) }],
      `?course_id=${course}`,
    );
    expect(known.status).toBe(200);
    const [knownId] = known.body.question_ids as number[];
    const csv = [
      `${HEADER},question_text@ru,answer_1@ru,answer_2@ru`,
      // 1: the stored question again, with a translation and another topic.
      'Known?,A,B,,,,1,,,,,Parking,Известный?,А,Б',
      // 2: the same text with another right answer: a question of its own.
      'Known?,A,B,,,,2,,,,,,,,',
      // 3: new, translated.
      'New?,A,B,,,,1,,,,,,Новый?,А,Б',
      // 4: row 3 again, naming a topic.
      'New?,A,B,,,,1,,,,,Signs,,,',
    ].join('\n');
    const res = await importFiles(
      [
        { name: 'mixed.csv', data: Buffer.from(csv) },
        { name: 'topics.csv', data: Buffer.from('name,question_rows\nBy rows,"1,4"\n') },
      ],
      `?course_id=${course}&skip_duplicates=true`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ imported: 2, skipped: 2, topics: 3 });
    // Line 3 (row 2) has the stored question's text with another right answer: said so.
    expect(res.body.edited_rows).toEqual([{ line: 3, question_id: knownId }]);
    const bank = await bankOf(course);
    expect(bank.map((question) => [question.question_text, question.right_answers])).toEqual([
      ['Known?', '1'],
      ['Known?', '2'],
      ['New?', '1'],
    ]);
    expect(bank[0]!.id).toBe(knownId);
    expect(res.body.question_ids).toEqual([bank[1]!.id, bank[2]!.id]);
    expect(await topicsOf(course)).toEqual([
      { name: 'By rows', questions: ['Known?', 'New?'] },
      { name: 'Parking', questions: ['Known?'] },
      { name: 'Signs', questions: ['Known?', 'New?'] },
    ]);
    // A skipped row changes none of the fields of the question it copies, but its translation
    // is stored on it (a school adding a language to its bank), and the answer names the row.
    expect(res.body.translated_rows).toEqual([{ line: 2, question_id: knownId }]);
    const translated = await db
      .selectFrom('question_translations')
      .select(['question_id', 'question_text'])
      .where('question_id', 'in', [knownId!, bank[2]!.id])
      .orderBy('question_id')
      .execute();
    expect(translated).toEqual([
      { question_id: knownId, question_text: 'Известный?' },
      { question_id: bank[2]!.id, question_text: 'Новый?' },
    ]);
  });

  it("stores a package's photo under a name of its own when another school's bank uses its name for another photo", async () => {
    const seoul = await newCourse('Seoul school');
    const leeds = await newCourse('Leeds school');
    const seoulPhoto = png(31);
    const leedsPhoto = png(32);
    const bankWith = (text: string, photo: Buffer) => [
      {
        name: 'bank.zip',
        data: Buffer.from(
          zipSync({
            'questions.csv': strToU8(`${HEADER}\n${text},A,B,,,,1,,1.png,,,\n`),
            'photos/1.png': photo,
          }),
        ),
      },
    ];
    const first = await importFiles(bankWith('Seoul?', seoulPhoto), `?course_id=${seoul}`);
    expect(first.status).toBe(200);
    expect(first.body.renamed_photos).toEqual([]);

    // The sha1 of the bytes, base64url, as every photo's entity tag: its first 8 characters.
    const tag = createHash('sha1').update(leedsPhoto).digest('base64url').slice(0, 8);
    const second = await importFiles(
      bankWith('Leeds?', leedsPhoto),
      `?course_id=${leeds}&skip_duplicates=true`,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({
      imported: 1,
      photos: 1,
      renamed_photos: [{ from: '1.png', to: `1-${tag}.png` }],
    });
    const [seoulQuestion] = await bankOf(seoul);
    const [leedsQuestion] = await bankOf(leeds);
    expect(seoulQuestion?.photo).toBe('1.png');
    expect(leedsQuestion?.photo).toBe(`1-${tag}.png`);
    expect((await t.api('GET', seoulQuestion!.photo_url!)).raw.equals(seoulPhoto)).toBe(true);
    expect((await t.api('GET', leedsQuestion!.photo_url!)).raw.equals(leedsPhoto)).toBe(true);

    // The same package again: the same name, its row a copy, nothing stored twice.
    const images = await imageCount();
    const again = await importFiles(
      bankWith('Leeds?', leedsPhoto),
      `?course_id=${leeds}&skip_duplicates=true`,
    );
    expect(again.body).toMatchObject({
      imported: 0,
      skipped: 1,
      photos: 0,
      renamed_photos: [{ from: '1.png', to: `1-${tag}.png` }],
    });
    expect(await imageCount()).toBe(images);

    // Its own course's photo of that name is still the course's to replace, asked first.
    const replacing = await importFiles(bankWith('Seoul again?', png(33)), `?course_id=${seoul}`);
    expect(replacing.status).toBe(409);
    expect(replacing.body).toMatchObject({ photos: ['1.png'], photo_courses: ['Seoul school'] });
    // A photo uploaded alone has no rows to follow a new name: the 409 says whose questions use
    // it, for the prompt to warn before another school's pictures change.
    const alone = await uploadPhoto('1.png', png(34));
    expect(alone.status).toBe(409);
    expect(alone.body.photo_courses).toEqual(['Seoul school']);
  });
});
