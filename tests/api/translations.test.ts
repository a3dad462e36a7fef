/**
 * Learning in one's own language (issue 42): translations imported with the questions CSV, in a
 * bank package and in a translations CSV, exported again, edited through the question calls; a
 * learner's questions in their content language, with the exam's words beside when asked, in
 * every call that hands out questions; grading the same whatever language was shown.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, multipartFile, SHORT_EXAM_RULES, type TestApp } from './helpers';

interface Translation {
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  explanation: string | null;
  photo_alt: string | null;
}

interface Question {
  id: number;
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  right_answers: string;
  explanation: string | null;
  language?: string;
  missing_language?: string;
  explanation_language?: string;
  original?: { language: string; question_text: string; answer_1: string; answer_2: string };
  translations?: Record<string, Translation>;
}

// Three questions of a Korean course: the first translated into Russian and English (the English
// without an explanation), the second into Russian, the third not at all.
const QUESTIONS_CSV = [
  'question_text,answer_1,answer_2,answer_3,right_answers,points,explanation,question_text@ru,answer_1@ru,answer_2@ru,answer_3@ru,explanation@ru,question_text@en,answer_1@en,answer_2@en,answer_3@en',
  '정지 표지판에서는 어떻게 해야 합니까?,완전히 정지한다,서행한다,경적을 울린다,1,2,정지 표지판 앞에서는 반드시 멈춥니다.,Что нужно сделать у знака «Стоп»?,Полностью остановиться,Сбавить скорость,Подать звуковой сигнал,Перед знаком «Стоп» нужно остановиться всегда.,What must you do at a stop sign?,Stop completely,Slow down,Sound the horn',
  '황색 신호는 무엇을 뜻합니까?,정지할 준비,가속,,1,1,,Что означает жёлтый сигнал?,Приготовиться к остановке,Ускориться,,,,,,',
  '어린이 보호구역의 제한 속도는?,시속 30킬로미터,시속 60킬로미터,,1,1,,,,,,,,,,',
].join('\n');

describe.each(DATABASES)('translations (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let korea: number;
  let ids: number[];

  async function newCourse(name: string, language = 'ko'): Promise<number> {
    const res = await t.api<{ id: number }>('POST', '/admin/courses', {
      token: admin,
      body: { name, language, rules: SHORT_EXAM_RULES },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  function importCsv(courseId: number, csv: string | Buffer, name = 'questions.csv') {
    const upload = multipartFile(csv, name);
    return t.api('POST', `/admin/questions/import-csv?course_id=${courseId}`, {
      token: admin,
      body: upload.body,
      headers: upload.headers,
    });
  }

  function importTranslations(courseId: number, csv: string | Buffer) {
    const upload = multipartFile(csv, 'translations.csv');
    return t.api('POST', `/admin/questions/import-translations?course_id=${courseId}`, {
      token: admin,
      body: upload.body,
      headers: upload.headers,
    });
  }

  async function stored(id: number): Promise<Question> {
    const res = await t.api<Question>('GET', `/admin/questions/${id}`, { token: admin });
    expect(res.status).toBe(200);
    return res.body;
  }

  async function bankOf(courseId: number, query = ''): Promise<Question[]> {
    const res = await t.api<{ questions: Question[] }>(
      'GET',
      `/admin/questions?course_id=${courseId}&limit=100${query}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    return res.body.questions;
  }

  /** A learner of `courseId` whose interface speaks `language` (sent as Accept-Language). */
  async function learnerOf(courseId: number, name: string, language: string) {
    const res = await t.api<{ access_token: string; user: { id: number } }>(
      'POST',
      '/auth/register',
      {
        body: {
          username: name,
          email: `${name}@example.com`,
          password: `pw-${name}`,
          first_name: 'Lea',
          last_name: 'Rner',
          course_id: courseId,
        },
      },
    );
    expect(res.status).toBe(201);
    const token = res.body.access_token;
    const call = <T = any>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      t.api<T>(method, url, {
        token,
        headers: { 'accept-language': language },
        ...(body === undefined ? {} : { body }),
      });
    return { token, id: res.body.user.id, call };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    korea = await newCourse('Korea class 2');
    const imported = await importCsv(korea, QUESTIONS_CSV);
    expect(imported.status).toBe(200);
    ids = imported.body.question_ids;
    expect(ids).toHaveLength(3);
  });

  afterAll(async () => {
    await t.close();
  });

  it('keeps the translations a questions CSV brings, as written, beside the Korean question', async () => {
    const first = await stored(ids[0]!);
    expect(first.language).toBe('ko');
    expect(first.question_text).toBe('정지 표지판에서는 어떻게 해야 합니까?');
    expect(first.translations).toEqual({
      en: {
        question_text: 'What must you do at a stop sign?',
        answer_1: 'Stop completely',
        answer_2: 'Slow down',
        answer_3: 'Sound the horn',
        answer_4: null,
        answer_5: null,
        explanation: null,
        photo_alt: null,
      },
      ru: {
        question_text: 'Что нужно сделать у знака «Стоп»?',
        answer_1: 'Полностью остановиться',
        answer_2: 'Сбавить скорость',
        answer_3: 'Подать звуковой сигнал',
        answer_4: null,
        answer_5: null,
        explanation: 'Перед знаком «Стоп» нужно остановиться всегда.',
        photo_alt: null,
      },
    });
    expect(Object.keys((await stored(ids[1]!)).translations ?? {})).toEqual(['ru']);
    expect((await stored(ids[2]!)).translations).toEqual({});

    // The course now offers the languages its questions can be read in, its own first.
    const courses = await t.api<{ id: number; language: string; languages: string[] }[]>(
      'GET',
      '/courses',
    );
    expect(courses.body.find((course) => course.id === korea)).toMatchObject({
      language: 'ko',
      languages: ['ko', 'en', 'ru'],
    });
  });

  it('refuses a translation that does not fit its question and imports nothing', async () => {
    const target = await newCourse('Korea refusals');
    const bad = [
      'question_text,answer_1,answer_2,right_answers,question_text@ru,answer_1@ru,answer_2@ru,answer_3@ru',
      '질문 하나,예,아니요,1,Вопрос один,Да,Нет,Может быть',
      '질문 둘,예,아니요,2,,Да,Нет,',
    ].join('\n');
    const refused = await importCsv(target, bad);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        line: 2,
        reason:
          "The Russian translation must fill exactly the question's answers 1, 2 (it fills 1, 2, 3)",
      },
      { line: 3, reason: 'question_text@ru is empty' },
    ]);
    // The course's own language is no translation.
    const own = await importCsv(
      target,
      'question_text,answer_1,answer_2,right_answers,question_text@ko\n질문,예,아니요,1,질문',
    );
    expect(own.status).toBe(422);
    expect(own.body.errors[0]).toMatchObject({ line: 1 });
    expect(own.body.errors[0].reason).toMatch(/written in Korean/);
    expect(await bankOf(target)).toEqual([]);
  });

  it('exports the translations in the package, and the package imported elsewhere gives them back', async () => {
    const exported = await t.api('GET', `/admin/questions/export?course_id=${korea}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(exported.raw));
    const csv = new TextDecoder().decode(files['questions.csv']);
    const header =
      csv
        .replace(/^\uFEFF/, '')
        .split('\r\n')[0]
        ?.split(',') ?? [];
    // Only the languages present, each with every translated field.
    expect(header.filter((name) => name.includes('@'))).toEqual([
      'question_text@en',
      'answer_1@en',
      'answer_2@en',
      'answer_3@en',
      'answer_4@en',
      'answer_5@en',
      'explanation@en',
      'photo_alt@en',
      'question_text@ru',
      'answer_1@ru',
      'answer_2@ru',
      'answer_3@ru',
      'answer_4@ru',
      'answer_5@ru',
      'explanation@ru',
      'photo_alt@ru',
    ]);

    const copy = await newCourse('Korea copy');
    const upload = multipartFile(exported.raw, 'bank.zip');
    const imported = await t.api('POST', `/admin/questions/import-csv?course_id=${copy}`, {
      token: admin,
      body: upload.body,
      headers: upload.headers,
    });
    expect(imported.status).toBe(200);
    const withoutIds = (question: Question) => ({ ...question, id: 0 });
    expect((await bankOf(copy)).map(withoutIds)).toEqual((await bankOf(korea)).map(withoutIds));
  });

  it('takes a translations CSV by question id: the export filled in, imported back', async () => {
    const exported = await t.api('GET', `/admin/questions/export-translations?course_id=${korea}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);
    expect(String(exported.headers['content-type'])).toMatch(/^text\/csv/);
    const lines = String(exported.body)
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]?.split(',') ?? [];
    expect(header.slice(0, 9)).toEqual([
      'question_id',
      'question_text',
      'answer_1',
      'answer_2',
      'answer_3',
      'answer_4',
      'answer_5',
      'explanation',
      'photo_alt',
    ]);
    // Every language but the course's own, filled or to be filled.
    expect(header.filter((name) => name.startsWith('question_text@'))).toEqual([
      'question_text@en',
      'question_text@ru',
      'question_text@zh',
    ]);
    expect(lines).toHaveLength(4);

    // Imported as it came out, nothing changes.
    const before = await bankOf(korea);
    const unchanged = await importTranslations(korea, exported.raw);
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ questions: 2, translations: 3 });
    expect(await bankOf(korea)).toEqual(before);

    // A translator fills in the Chinese of the third question (a CSV of just what they wrote).
    const filled = await importTranslations(
      korea,
      [
        'question_id,question_text@zh,answer_1@zh,answer_2@zh',
        `${ids[2]},儿童保护区的限速是多少？,每小时30公里,每小时60公里`,
      ].join('\n'),
    );
    expect(filled.status).toBe(200);
    expect(filled.body).toEqual({
      message: 'Translations imported successfully',
      questions: 1,
      translations: 1,
    });
    expect((await stored(ids[2]!)).translations?.zh).toMatchObject({
      question_text: '儿童保护区的限速是多少？',
      answer_1: '每小时30公里',
      answer_2: '每小时60公里',
      answer_3: null,
    });

    // A question of another course, a missing answer, and an id twice: refused, nothing stored.
    const [other] = await t
      .api<{ questions: Question[] }>('GET', '/admin/questions?limit=1', { token: admin })
      .then((res) => res.body.questions);
    const otherId = other?.id ?? 999_999;
    const refused = await importTranslations(
      korea,
      [
        'question_id,question_text@zh,answer_1@zh,answer_2@zh',
        `${otherId},题,是,否`,
        `${ids[0]},停车标志前应该怎么做？,完全停车,`,
        `${ids[1]},黄灯是什么意思？,准备停车,加速`,
        `${ids[1]},黄灯？,准备停车,加速`,
      ].join('\n'),
    );
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      { line: 2, reason: `This course has no question #${otherId}` },
      {
        line: 3,
        reason:
          "The Chinese translation must fill exactly the question's answers 1, 2, 3 (it fills 1)",
      },
      { line: 5, reason: `Question #${ids[1]} is already on line 4` },
    ]);
    expect((await stored(ids[1]!)).translations?.zh).toBeUndefined();
  });

  it('lets an administrator edit a question in every language, list its languages and find those missing one', async () => {
    const id = ids[1]!;
    const before = await t.api<Question>('GET', `/admin/questions/${id}`, { token: admin });
    const etag = String(before.headers.etag);
    const base = {
      question_text: before.body.question_text,
      answer_1: before.body.answer_1,
      answer_2: before.body.answer_2,
      right_answers: before.body.right_answers,
    };
    const zh = { question_text: '黄灯是什么意思？', answer_1: '准备停车', answer_2: '加速' };
    const saved = await t.api<Question>('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': etag },
      body: { ...base, translations: { ru: before.body.translations?.ru, zh } },
    });
    expect(saved.status).toBe(200);
    expect(Object.keys(saved.body.translations ?? {})).toEqual(['ru', 'zh']);
    // Only the translations changed, yet it is a new version: the old tag no longer matches.
    expect(saved.headers.etag).not.toBe(etag);
    const stale = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      headers: { 'if-match': etag },
      body: { ...base, translations: {} },
    });
    expect(stale.status).toBe(412);
    expect((await stored(id)).translations?.zh?.question_text).toBe('黄灯是什么意思？');

    // Saved without translations, it keeps them...
    const kept = await t.api<Question>('PUT', `/admin/questions/${id}`, {
      token: admin,
      body: { ...base, explanation: '황색 신호에서는 정지할 준비를 합니다.' },
    });
    expect(kept.status).toBe(200);
    expect(Object.keys(kept.body.translations ?? {})).toEqual(['ru', 'zh']);
    // ...unless its answers change under them: then they must come along.
    const outdated = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      body: { ...base, answer_3: '경적', right_answers: '1' },
    });
    expect(outdated.status).toBe(422);
    expect(outdated.body).toMatchObject({ field: 'translations' });
    expect(outdated.body.detail).toMatch(/Russian; Chinese/);
    const misfit = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      body: { ...base, translations: { zh: { ...zh, answer_3: '鸣笛' } } },
    });
    expect(misfit.status).toBe(422);
    const ownLanguage = await t.api('PUT', `/admin/questions/${id}`, {
      token: admin,
      body: { ...base, translations: { ko: zh } },
    });
    expect(ownLanguage.status).toBe(422);
    expect((await stored(id)).answer_3).toBeNull();

    // The list carries each question's languages, and finds those that lack one.
    const listed = await bankOf(korea);
    expect(listed.map((question) => Object.keys(question.translations ?? {}))).toEqual([
      ['en', 'ru'],
      ['ru', 'zh'],
      ['zh'],
    ]);
    expect((await bankOf(korea, '&missing_language=ru')).map((q) => q.id)).toEqual([ids[2]]);
    expect((await bankOf(korea, '&missing_language=en')).map((q) => q.id)).toEqual([
      ids[1],
      ids[2],
    ]);
    expect(await bankOf(korea, '&missing_language=ko')).toEqual([]);
    // A search finds a question by its translation's words, within the filter too.
    expect(
      (await bankOf(korea, `&search=${encodeURIComponent('жёлтый')}`)).map((q) => q.id),
    ).toEqual([id]);
    expect(
      await bankOf(korea, `&search=${encodeURIComponent('жёлтый')}&missing_language=ru`),
    ).toEqual([]);

    // A translation made for a question goes with it.
    const created = await t.api<Question>('POST', `/admin/questions?course_id=${korea}`, {
      token: admin,
      body: {
        question_text: '임시 질문',
        answer_1: '예',
        answer_2: '아니요',
        right_answers: '1',
        translations: {
          ru: { question_text: 'Временный вопрос', answer_1: 'Да', answer_2: 'Нет' },
        },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations?.ru?.question_text).toBe('Временный вопрос');
    expect(
      (await t.api('DELETE', `/admin/questions/${created.body.id}`, { token: admin })).status,
    ).toBe(200);
    const left = await t.database.db
      .selectFrom('question_translations')
      .select('language')
      .where('question_id', '=', created.body.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('gives a learner each question in their language, the exam language beside when asked, and says which lack it', async () => {
    const vera = await learnerOf(korea, 'vera', 'ru');
    const me = await vera.call('GET', '/auth/me');
    expect(me.body.content_language).toBeNull();

    const page = await vera.call<{ questions: Question[] }>('GET', '/questions?limit=10');
    const [first, second, third] = page.body.questions;
    expect(first).toMatchObject({
      id: ids[0],
      language: 'ru',
      question_text: 'Что нужно сделать у знака «Стоп»?',
      answer_1: 'Полностью остановиться',
      answer_3: 'Подать звуковой сигнал',
      explanation: 'Перед знаком «Стоп» нужно остановиться всегда.',
      right_answers: '1',
    });
    expect(first?.original).toBeUndefined();
    expect(first?.translations).toBeUndefined();
    expect(second).toMatchObject({ language: 'ru', question_text: 'Что означает жёлтый сигнал?' });
    // No Russian for the third: it comes in Korean, saying so.
    expect(third).toMatchObject({
      language: 'ko',
      missing_language: 'ru',
      question_text: '어린이 보호구역의 제한 속도는?',
    });

    const beside = await vera.call<{ questions: Question[] }>(
      'GET',
      '/questions?limit=10&with_original=true',
    );
    expect(beside.body.questions[0]?.original).toEqual({
      language: 'ko',
      question_text: '정지 표지판에서는 어떻게 해야 합니까?',
      answer_1: '완전히 정지한다',
      answer_2: '서행한다',
      answer_3: '경적을 울린다',
      answer_4: null,
      answer_5: null,
      explanation: '정지 표지판 앞에서는 반드시 멈춥니다.',
      photo_alt: null,
    });
    // Shown in the exam language already, a question has no original beside it.
    expect(beside.body.questions[2]?.original).toBeUndefined();
    // A search in the learner's language finds the question.
    const found = await vera.call<{ questions: Question[] }>(
      'GET',
      `/questions?search=${encodeURIComponent('жёлтый')}`,
    );
    expect(found.body.questions.map((q) => q.id)).toEqual([ids[1]]);

    // An interface in a language the course lacks reads the exam's own.
    const yu = await learnerOf(korea, 'yu', 'ja');
    const inKorean = await yu.call<{ questions: Question[] }>('GET', '/questions?limit=10');
    expect(inKorean.body.questions.map((q) => [q.language, q.missing_language])).toEqual([
      ['ko', undefined],
      ['ko', undefined],
      ['ko', undefined],
    ]);

    // A language chosen in the profile wins over the interface's; English has no explanation of
    // its own here, so the Korean one comes, saying its language.
    const profile = await vera.call('PUT', '/user/profile', {
      username: 'vera',
      email: 'vera@example.com',
      first_name: 'Lea',
      last_name: 'Rner',
      content_language: 'en',
    });
    expect(profile.status).toBe(200);
    expect(profile.body.content_language).toBe('en');
    const english = await vera.call<{ questions: Question[] }>('GET', '/questions?limit=1');
    expect(english.body.questions[0]).toMatchObject({
      language: 'en',
      question_text: 'What must you do at a stop sign?',
      explanation: '정지 표지판 앞에서는 반드시 멈춥니다.',
      explanation_language: 'ko',
    });
    const reset = await vera.call('PUT', '/user/profile', {
      username: 'vera',
      email: 'vera@example.com',
      first_name: 'Lea',
      last_name: 'Rner',
      content_language: null,
    });
    expect(reset.body.content_language).toBeNull();
  });

  it('hands out every question in the learner’s language: exam, every training mode, review', async () => {
    const ivan = await learnerOf(korea, 'ivan', 'ru');
    expect(
      (
        await t.api('POST', `/training-tickets/generate?course_id=${korea}`, {
          token: admin,
          body: { questions_per_ticket: 3, total_tickets: 1 },
        })
      ).status,
    ).toBe(200);
    const topic = await t.api<{ id: number }>('POST', `/training-topics?course_id=${korea}`, {
      token: admin,
      body: { name: 'Signals', question_ids: JSON.stringify(ids) },
    });
    expect(topic.status).toBe(201);

    /** Each question's language, and whether its original came, by id. */
    const shape = (questions: Question[]) =>
      Object.fromEntries(
        questions.map((q) => [q.id, `${q.language}${q.original ? `+${q.original.language}` : ''}`]),
      );
    const expected = { [ids[0]!]: 'ru+ko', [ids[1]!]: 'ru+ko', [ids[2]!]: 'ko' };
    const questionsOf = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
      const res = await ivan.call(method, url, body);
      expect([url, res.status]).toEqual([url, method === 'GET' ? 200 : 201]);
      return (Array.isArray(res.body) ? res.body : res.body.questions) as Question[];
    };

    const session = await ivan.call<{
      session_id: number;
      language: string;
      questions: Question[];
    }>('POST', '/exams/sessions?with_original=true', {});
    expect(session.status).toBe(201);
    expect(session.body.language).toBe('ru');
    expect(shape(session.body.questions)).toEqual(expected);
    expect(shape(await questionsOf('GET', '/questions?mode=training&with_original=true'))).toEqual(
      expected,
    );
    expect(shape(await questionsOf('GET', '/training-tickets/1?with_original=true'))).toEqual(
      expected,
    );
    expect(
      shape(
        await questionsOf('GET', `/training-topics/${topic.body.id}/questions?with_original=true`),
      ),
    ).toEqual(expected);
    expect(
      shape(await questionsOf('GET', '/training-modules/daily-challenge?with_original=true')),
    ).toEqual(expected);
    expect(
      shape(
        await questionsOf('POST', '/training-modules/express-test/start?with_original=true', {}),
      ),
    ).toEqual(expected);
    expect(
      shape(await questionsOf('POST', '/training-modules/marathon/start?with_original=true', {})),
    ).toEqual(expected);
    expect(
      shape(
        await questionsOf(
          'GET',
          '/training-modules/recommendations/questions?count=3&with_original=true',
        ),
      ),
    ).toEqual(expected);
    // Without the flag, no original anywhere.
    expect(shape(await questionsOf('GET', '/training-tickets/1'))).toEqual({
      [ids[0]!]: 'ru',
      [ids[1]!]: 'ru',
      [ids[2]!]: 'ko',
    });

    // The exam, answered wrongly on the first question: its review, the weak spots and the
    // spaced review come in Russian too.
    const wrong = session.body.questions.map((question) => ({
      question_id: question.id,
      selected_answers: [question.id === ids[0] ? 2 : 1],
    }));
    const result = await ivan.call<{ id: number; language: string }>('POST', '/exams/submit', {
      exam_type: 'exam',
      session_id: session.body.session_id,
      answers: wrong,
    });
    expect(result.status).toBe(201);
    expect(result.body.language).toBe('ru');
    const review = await ivan.call<{ questions: Question[] }>(
      'GET',
      `/exams/results/${result.body.id}/review?with_original=true`,
    );
    expect(shape(review.body.questions)).toEqual(expected);
    const weak = await questionsOf(
      'GET',
      '/training-modules/weak-spots/questions?with_original=true',
    );
    expect(shape(weak)).toEqual({ [ids[0]!]: 'ru+ko' });
    const spots = await ivan.call<{ question_id: number; question_text: string }[]>(
      'GET',
      '/training-modules/weak-spots',
    );
    expect(spots.body.map((spot) => spot.question_text)).toEqual([
      'Что нужно сделать у знака «Стоп»?',
    ]);
    // Spaced review: due once its time has come (moved here to now).
    await t.database.db
      .updateTable('question_memory')
      .set({ due_at: new Date(Date.now() - 60_000).toISOString() })
      .where('user_id', '=', ivan.id)
      .where('question_id', '=', ids[0]!)
      .execute();
    expect(
      shape(await questionsOf('GET', '/training-modules/review/questions?with_original=true')),
    ).toEqual({ [ids[0]!]: 'ru+ko' });
    expect(
      shape(await questionsOf('POST', '/training-modules/review/start?with_original=true')),
    ).toEqual({ [ids[0]!]: 'ru+ko' });
  });

  it('grades an exam the same in whichever language it was sat, and says which', async () => {
    const olga = await learnerOf(korea, 'olga', 'ru');
    const sit = async (language?: string) => {
      const session = await olga.call<{
        session_id: number;
        language: string;
        questions: Question[];
      }>('POST', '/exams/sessions', language ? { language } : {});
      expect(session.status).toBe(201);
      // The same picks by number: right on the first two, wrong on the third.
      const answers = session.body.questions.map((question) => ({
        question_id: question.id,
        selected_answers: [question.id === ids[2] ? 2 : 1],
      }));
      const result = await olga.call('POST', '/exams/submit', {
        exam_type: 'exam',
        session_id: session.body.session_id,
        answers,
      });
      expect(result.status).toBe(201);
      return { session: session.body, result: result.body };
    };
    const inRussian = await sit();
    const inKorean = await sit('ko');
    expect(inRussian.session.language).toBe('ru');
    expect(inKorean.session.language).toBe('ko');
    expect(
      inKorean.session.questions.every((q) => q.language === 'ko' && !q.missing_language),
    ).toBe(true);
    const graded = (result: any) => ({
      correct_answers: result.correct_answers,
      score: result.score,
      passed: result.passed,
      total_points: result.total_points,
      answers: [...result.answers].sort((a: any, b: any) => a.question_id - b.question_id),
    });
    expect(graded(inRussian.result)).toEqual(graded(inKorean.result));
    expect(graded(inRussian.result)).toMatchObject({ correct_answers: 2, passed: true });
    expect([inRussian.result.language, inKorean.result.language]).toEqual(['ru', 'ko']);
    const history = await olga.call<{ language: string | null }[]>('GET', '/exams/history');
    expect(history.body.map((entry) => entry.language)).toEqual(['ko', 'ru']);
  });

  it("keeps a course's language from becoming one its questions are translated into", async () => {
    const res = await t.api('PUT', `/admin/courses/${korea}`, {
      token: admin,
      body: { name: 'Korea class 2', language: 'ru', rules: SHORT_EXAM_RULES },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ field: 'language' });
  });
});
