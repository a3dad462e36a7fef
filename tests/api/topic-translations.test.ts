/**
 * Topics named in the learner's language: a topic of a Korean course may carry its name in
 * Russian, English or Chinese (the topic calls, the topics CSV and the bank package carry them),
 * and every topic name a learner reads (the topics list, a topic's questions, the statistics,
 * weak spots and readiness) comes in their content language, the Korean name where it has none.
 */
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, multipartFile, SHORT_EXAM_RULES, type TestApp } from './helpers';
import { answerInTraining, rightChoice, wrongChoice } from './training-answers';

interface Topic {
  id: number;
  name: string;
  translations?: Record<string, string>;
  question_count: number;
}

// Four questions in two topics named in Korean by the questions CSV: signs (1, 2), speed (3, 4);
// all translated into Russian, the first into English, so both can be a learner's language.
const QUESTIONS_CSV = [
  'question_text,answer_1,answer_2,right_answers,topics,question_text@ru,answer_1@ru,answer_2@ru,question_text@en,answer_1@en,answer_2@en',
  '정지 표지판에서는?,정지한다,서행한다,1,표지판,У знака «Стоп»?,Остановиться,Сбавить скорость,At a stop sign?,Stop,Slow down',
  '양보 표지판에서는?,양보한다,가속한다,1,표지판,У знака «Уступи дорогу»?,Уступить,Ускориться,,,',
  '어린이 보호구역의 제한 속도는?,시속 30킬로미터,시속 60킬로미터,1,속도,Скорость в школьной зоне?,30 км/ч,60 км/ч,,,',
  '고속도로의 최저 속도는?,시속 50킬로미터,시속 10킬로미터,1,속도,Минимальная скорость на автомагистрали?,50 км/ч,10 км/ч,,,',
  // More questions in no topic, so that readiness (which needs ten met) has some left to study.
  ...Array.from({ length: 8 }, (_, at) => `질문 ${at + 5},예,아니요,1,,Вопрос ${at + 5},Да,Нет,,,`),
].join('\n');

// The topics' names in Russian and English; speed has none in English.
const TOPICS_CSV = [
  'name,question_ids,name@ru,name@en',
  '표지판,{signs},Знаки,Road signs',
  '속도,{speed},Скорость,',
].join('\n');

describe.each(DATABASES)('topic names in the learner’s language (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let korea: number;
  let ids: number[];

  async function newCourse(name: string): Promise<number> {
    const res = await t.api<{ id: number }>('POST', '/admin/courses', {
      token: admin,
      body: { name, language: 'ko', rules: SHORT_EXAM_RULES },
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  function upload(path: string, courseId: number, content: string | Buffer, name: string) {
    const file = multipartFile(content, name);
    return t.api(`POST`, `${path}?course_id=${courseId}`, {
      token: admin,
      body: file.body,
      headers: file.headers,
    });
  }

  async function adminTopics(courseId: number): Promise<Topic[]> {
    const res = await t.api<Topic[]>('GET', `/training-topics?course_id=${courseId}`, {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** A learner of the Korean course whose interface speaks `language` (Accept-Language). */
  async function learner(name: string, language: string) {
    const res = await t.api<{ access_token: string }>('POST', '/auth/register', {
      body: {
        username: name,
        email: `${name}@example.com`,
        password: `pw-${name}-long`,
        first_name: 'Lea',
        last_name: 'Rner',
        course_id: korea,
      },
    });
    expect(res.status).toBe(201);
    const token = res.body.access_token;
    const get = async <T = any>(url: string, acceptLanguage = language) => {
      const answer = await t.api<T>('GET', url, {
        token,
        headers: { 'accept-language': acceptLanguage },
      });
      expect(answer.status).toBe(200);
      return answer.body;
    };
    return { token, get };
  }

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    korea = await newCourse('Korea class 2');
    const imported = await upload('/admin/questions/import-csv', korea, QUESTIONS_CSV, 'q.csv');
    expect(imported.status).toBe(200);
    ids = imported.body.question_ids;
    const topics = TOPICS_CSV.replace('{signs}', `"${ids[0]},${ids[1]}"`).replace(
      '{speed}',
      `"${ids[2]},${ids[3]}"`,
    );
    const named = await upload('/training-topics/import-csv', korea, topics, 'topics.csv');
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({ imported: 2, replaced: 2 });
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives an administrator each topic as stored, with its names in other languages', async () => {
    expect(
      (await adminTopics(korea)).map(({ name, translations }) => ({ name, translations })),
    ).toEqual([
      { name: '속도', translations: { ru: 'Скорость' } },
      { name: '표지판', translations: { en: 'Road signs', ru: 'Знаки' } },
    ]);
  });

  it('lists the topics, and a topic with its questions, in the learner’s language, Korean where none', async () => {
    const russian = await learner('topics-ru', 'ru');
    // In the order of the names as read: Знаки before Скорость, where the Korean names (and so
    // the administrator's list) put 속도 (speed) first.
    const names = (topics: Topic[]) => topics.map((topic) => topic.name);
    expect(names(await russian.get<Topic[]>('/training-topics'))).toEqual(['Знаки', 'Скорость']);
    const [speed] = (await adminTopics(korea)).filter((topic) => topic.name === '속도');
    expect(
      (await russian.get<{ name: string }>(`/training-topics/${speed!.id}/questions`)).name,
    ).toBe('Скорость');
    // A learner never gets the other languages' names.
    expect((await russian.get<Topic[]>('/training-topics'))[0]).not.toHaveProperty('translations');

    const english = await learner('topics-en', 'en');
    expect(names(await english.get<Topic[]>('/training-topics'))).toEqual(['Road signs', '속도']);
    // Chinese: no question is translated into it, so the learner reads Korean, topics too.
    const chinese = await learner('topics-zh', 'zh');
    expect(names(await chinese.get<Topic[]>('/training-topics'))).toEqual(['속도', '표지판']);
  });

  it('names the topics of the statistics, weak spots and readiness in the learner’s language', async () => {
    const russian = await learner('stats-ru', 'ru');
    // Ten answered, one wrong: the fourth (a speed question), answered in the topics mode, which
    // keeps the topic's name as the learner read it then (in Russian). The third (speed too) is
    // left for readiness to suggest.
    for (const [at, id] of ids.entries()) {
      if (at === 2 || at > 10) continue;
      const question = { id, right_answers: '1', points: 1 };
      const res = await answerInTraining(
        t,
        russian.token,
        question,
        at === 3 ? wrongChoice(question) : rightChoice(question),
        at === 3 ? { topic_name: 'Скорость' } : {},
      );
      expect(res.status).toBe(200);
    }

    const stats = await russian.get<{ topics: { topic_name: string; accuracy: number }[] }>(
      '/exams/stats',
    );
    expect(stats.topics.map(({ topic_name, accuracy }) => [topic_name, accuracy]).sort()).toEqual([
      ['Знаки', 100],
      ['Скорость', 0],
    ]);
    // The same learner reading in English a moment later: the statistics follow at once.
    const inEnglish = await russian.get<typeof stats>('/exams/stats', 'en');
    expect(inEnglish.topics.map((topic) => topic.topic_name).sort()).toEqual([
      'Road signs',
      '속도',
    ]);

    const analysis = await russian.get<{ topics: { topic_name: string }[] }>(
      '/training-modules/weak-spots/analysis',
    );
    expect(analysis.topics.map((topic) => topic.topic_name).sort()).toEqual(['Знаки', 'Скорость']);

    // The weak spot named its topic in Russian when answered; read in English it is the
    // topic's Korean name, since speed has no English one.
    const weakInRussian = await russian.get<{ question_id: number; topic_name: string }[]>(
      '/training-modules/weak-spots',
    );
    expect(weakInRussian.map((spot) => [spot.question_id, spot.topic_name])).toEqual([
      [ids[3], 'Скорость'],
    ]);
    const weakInEnglish = await russian.get<typeof weakInRussian>(
      '/training-modules/weak-spots',
      'en',
    );
    expect(weakInEnglish.map((spot) => spot.topic_name)).toEqual(['속도']);

    const readiness = await russian.get<{
      enough_data: boolean;
      topics: { topic_name: string }[];
      reasons: { topic_name: string | null }[];
      focus: { question_text: string }[];
    }>('/readiness');
    expect(readiness.enough_data).toBe(true);
    expect(readiness.topics.map((topic) => topic.topic_name).sort()).toEqual(['Знаки', 'Скорость']);
    // The unanswered speed question is among those to study; the others are in no topic.
    expect(readiness.reasons.map((reason) => reason.topic_name)).toContain('Скорость');
    for (const reason of readiness.reasons) {
      expect(['Знаки', 'Скорость', null]).toContain(reason.topic_name);
    }
    // The questions to study next are in Russian as well, as every question this learner reads.
    expect(readiness.focus.length).toBeGreaterThan(0);
    for (const focus of readiness.focus) expect(focus.question_text).toMatch(/^[А-Яа-яЁё]/);
  });

  it('keeps the names a topic has when an update leaves them out, and changes or removes them when given', async () => {
    const [signs] = (await adminTopics(korea)).filter((topic) => topic.name === '표지판');
    const put = (body: object) =>
      t.api<Topic>('PUT', `/training-topics/${signs!.id}`, { token: admin, body });
    const questionIds = [ids[0], ids[1]];

    const renamed = await put({ name: '교통 표지판', question_ids: questionIds });
    expect(renamed.status).toBe(200);
    expect(renamed.body.translations).toEqual({ en: 'Road signs', ru: 'Знаки' });

    const changed = await put({
      name: '교통 표지판',
      question_ids: questionIds,
      translations: { ru: '  Дорожные знаки ', en: '', zh: '交通标志' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.translations).toEqual({ ru: 'Дорожные знаки', zh: '交通标志' });
    // No question is in Chinese: a learner who chose Chinese all the same reads this name in it.
    const chinese = await learner('renamed-zh', 'zh');
    expect((await chinese.get<Topic[]>('/training-topics')).map((topic) => topic.name)).toContain(
      '교통 표지판',
    );
    const chosen = await t.api('PUT', '/user/profile', {
      token: chinese.token,
      body: {
        username: 'renamed-zh',
        email: 'renamed-zh@example.com',
        first_name: 'Lea',
        last_name: 'Rner',
        content_language: 'zh',
      },
    });
    expect(chosen.status).toBe(200);
    expect((await chinese.get<Topic[]>('/training-topics')).map((topic) => topic.name)).toContain(
      '交通标志',
    );

    const created = await t.api<Topic>('POST', `/training-topics?course_id=${korea}`, {
      token: admin,
      body: { name: '주차', question_ids: [ids[2]], translations: { ru: 'Стоянка' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({ ru: 'Стоянка' });
  });

  it('refuses a name in the course’s own language or too long, changing nothing', async () => {
    const before = await adminTopics(korea);
    const [speed] = before.filter((topic) => topic.name === '속도');
    const ownLanguage = await t.api('PUT', `/training-topics/${speed!.id}`, {
      token: admin,
      body: { name: '속도', question_ids: [ids[2], ids[3]], translations: { ko: '속력' } },
    });
    expect(ownLanguage.status).toBe(422);
    expect(ownLanguage.body.detail).toBe(
      "The course's exam language is Korean: the topic's name is its name in it, not a translation",
    );
    const tooLong = await t.api('POST', `/training-topics?course_id=${korea}`, {
      token: admin,
      body: { name: '길이', question_ids: [ids[2]], translations: { ru: 'Я'.repeat(201) } },
    });
    expect(tooLong.status).toBe(400);

    const csv = ['name,question_ids,name@ko,name@ru', `속도,"${ids[2]}",속력,Скорость`].join('\n');
    const refused = await upload('/training-topics/import-csv', korea, csv, 'topics.csv');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        line: 2,
        reason:
          "The course's exam language is Korean: the topic's name is its name in it, not a translation",
      },
    ]);
    expect(await adminTopics(korea)).toEqual(before);
  });

  it('exports the names in the topics CSV and the bank package, and both bring them back', async () => {
    const topicsFile = await t.api('GET', `/training-topics/export?course_id=${korea}`, {
      token: admin,
    });
    expect(topicsFile.status).toBe(200);
    const lines = topicsFile.raw
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines[0]).toBe('name,question_ids,name@ru,name@zh');
    expect(lines).toContain('속도,' + `"[${ids[2]},${ids[3]}]"` + ',Скорость,');

    const before = await adminTopics(korea);
    const again = await upload('/training-topics/import-csv', korea, topicsFile.raw, 't.csv');
    expect(again.status).toBe(200);
    expect(await adminTopics(korea)).toEqual(before);

    const exported = await t.api('GET', `/admin/questions/export?course_id=${korea}`, {
      token: admin,
    });
    expect(exported.status).toBe(200);
    const files = unzipSync(new Uint8Array(exported.raw));
    const packaged = new TextDecoder().decode(files['topics.csv']).replace(/^\uFEFF/, '');
    expect(packaged.split('\r\n')[0]).toBe('name,question_rows,name@ru,name@zh');

    const copy = await newCourse('Korea copy');
    const imported = await upload('/admin/questions/import-csv', copy, exported.raw, 'bank.zip');
    expect(imported.status).toBe(200);
    const shape = (topics: Topic[]) =>
      topics.map(({ name, translations, question_count }) => ({
        name,
        translations,
        question_count,
      }));
    expect(shape(await adminTopics(copy))).toEqual(shape(await adminTopics(korea)));
  });

  it('keeps a topic’s names in the languages a topics file has no column of, and takes a blank cell as none', async () => {
    const nameOf = async (name: string) =>
      (await adminTopics(korea)).find((topic) => topic.name === name)?.translations;
    const before = await nameOf('속도');
    expect(before).toMatchObject({ ru: 'Скорость' });
    const plain = ['name,question_ids', `속도,"${ids[2]},${ids[3]}"`].join('\n');
    expect((await upload('/training-topics/import-csv', korea, plain, 't.csv')).status).toBe(200);
    expect(await nameOf('속도')).toEqual(before);

    const blankRussian = [
      'name,question_ids,name@ru,name@en',
      `속도,"${ids[2]},${ids[3]}",,Speed`,
    ].join('\n');
    expect((await upload('/training-topics/import-csv', korea, blankRussian, 't.csv')).status).toBe(
      200,
    );
    expect(await nameOf('속도')).toEqual({ ...before, ru: undefined, en: 'Speed' });
  });

  it('refuses a package whose topics name the course’s own language, importing nothing', async () => {
    const target = await newCourse('Korea refused package');
    const zip = (await import('fflate')).zipSync({
      'questions.csv': new TextEncoder().encode(QUESTIONS_CSV),
      'topics.csv': new TextEncoder().encode(
        'name,question_rows,name@ko\n표지판,"1,2",교통 표지\n',
      ),
    });
    const refused = await upload('/admin/questions/import-csv', target, Buffer.from(zip), 'b.zip');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      {
        line: 2,
        file: 'topics.csv',
        reason:
          "The course's exam language is Korean: the topic's name is its name in it, not a translation",
      },
    ]);
    expect(await adminTopics(target)).toEqual([]);
  });
});
