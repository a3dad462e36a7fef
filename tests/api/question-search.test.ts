import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helpers';

interface QuestionPageBody {
  questions: { id: number; question_text: string }[];
  page: number;
  limit: number;
  totalPages: number;
  totalQuestions: number;
  /** On a refusal. */
  detail?: string;
}

const question = (text: string, extra: Record<string, string> = {}) => ({
  question_text: text,
  answer_1: 'Yes',
  answer_2: 'No',
  right_answers: '1',
  points: 1,
  ...extra,
});

describe.each(DATABASES)('question search and topic filter on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let learner: string;
  const ids: Record<string, number> = {};
  let topicId: number;

  const list = (query: string, headers: Record<string, string> = {}) =>
    t.api<QuestionPageBody>('GET', `/questions?mode=all-questions&${query}`, {
      token: learner,
      headers,
    });
  const adminList = (query: string) =>
    t.api<QuestionPageBody>('GET', `/admin/questions?${query}`, { token: admin });
  const idsOf = (body: QuestionPageBody) => body.questions.map((q) => q.id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    learner = (await t.learner('sam')).token;
    const bank = {
      stop: question('What does a STOP sign require?'),
      ru: question('Что означает знак «Главная дорога»?', { answer_1: 'ПРЕИМУЩЕСТВО' }),
      percent: question('Is 100% of the lane yours?'),
      explained: question('Who goes first?', { explanation: 'The vehicle on the Roundabout.' }),
    };
    for (const [name, body] of Object.entries(bank)) {
      const res = await t.api('POST', '/admin/questions', { token: admin, body });
      expect(res.status).toBe(201);
      ids[name] = res.body.id;
    }
    // Twelve more that all say "lane", to page through.
    for (let i = 1; i <= 12; i++) {
      await t.api('POST', '/admin/questions', {
        token: admin,
        body: question(`Lane discipline ${i}`),
      });
    }
    const topic = await t.api('POST', '/training-topics', {
      token: admin,
      body: { name: 'Signs', question_ids: [ids.ru, ids.stop] },
    });
    expect(topic.status).toBe(201);
    topicId = topic.body.id;
    // As a topic restored from an older backup may read: an id whose question is gone.
    await t.database.db
      .updateTable('topics')
      .set({ question_ids: JSON.stringify([ids.ru, 999999, ids.stop]) })
      .where('id', '=', topicId)
      .execute();
  });
  afterAll(async () => {
    await t.close();
  });

  it('keeps the whole bank when neither search nor topic is given', async () => {
    const res = await list('page=1&limit=40');
    expect(res.status).toBe(200);
    expect(res.body.totalQuestions).toBe(16);
    const blank = await list('page=1&limit=40&search=%20%20');
    expect(blank.body.totalQuestions).toBe(16);
  });

  it('finds text in any case, in the question, its answers and its explanation', async () => {
    expect(idsOf((await list('search=stop%20SIGN')).body)).toEqual([ids.stop]);
    expect(idsOf((await list('search=roundabout')).body)).toEqual([ids.explained]);
    expect(idsOf((await adminList('search=  roundABOUT  ')).body)).toEqual([ids.explained]);
  });

  it('finds Cyrillic text whatever its case', async () => {
    for (const words of ['главная', 'ГЛАВНАЯ ДОРОГА', 'преимущество']) {
      const res = await list(`search=${encodeURIComponent(words)}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual([ids.ru]);
    }
  });

  it('takes % and _ as plain characters', async () => {
    expect(idsOf((await list('search=100%25')).body)).toEqual([ids.percent]);
    expect((await list('search=_')).body.totalQuestions).toBe(0);
  });

  it('finds a question by its id as well as by a number in its text', async () => {
    const byId = await list(`search=${ids.ru}`);
    expect(idsOf(byId.body)).toContain(ids.ru);
    const byText = await list('search=100');
    expect(idsOf(byText.body)).toEqual([ids.percent]);
  });

  it('finds a question by its id written as the admin list writes it, #id', async () => {
    const fullWidth = (text: string) =>
      text.replace(/[#0-9]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
    for (const written of [`#${ids.ru}`, `# ${ids.ru}`, fullWidth(`#${ids.ru}`)]) {
      const res = await adminList(`search=${encodeURIComponent(written)}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual([ids.ru]);
    }
    expect((await adminList(`search=${encodeURIComponent('##1')}`)).body.totalQuestions).toBe(0);
  });

  it('counts and pages the matching questions only', async () => {
    const first = await list('search=lane&page=1&limit=5');
    expect(first.body).toMatchObject({ page: 1, limit: 5, totalQuestions: 13, totalPages: 3 });
    const last = await adminList('search=lane&page=3&limit=5');
    expect(last.body.questions).toHaveLength(3);
    const beyond = await list('search=lane&page=9&limit=5');
    expect(beyond.body.questions).toEqual([]);
    const none = await list('search=zebra%20crossing');
    expect(none.body).toMatchObject({ questions: [], totalQuestions: 0, totalPages: 1 });
  });

  it('filters by topic, skipping ids of questions that are gone, and combines with search', async () => {
    const topic = await list(`topic_id=${topicId}`);
    expect(idsOf(topic.body)).toEqual([ids.stop, ids.ru]);
    expect(topic.body.totalQuestions).toBe(2);
    const both = await adminList(`topic_id=${topicId}&search=${encodeURIComponent('дорога')}`);
    expect(idsOf(both.body)).toEqual([ids.ru]);
    const neither = await list(`topic_id=${topicId}&search=lane`);
    expect(neither.body.totalQuestions).toBe(0);
  });

  it('finds an edited question by its new words only', async () => {
    const res = await t.api('PUT', `/admin/questions/${ids.percent}`, {
      token: admin,
      body: question('Is the whole карман yours?'),
    });
    expect(res.status).toBe(200);
    expect((await list('search=100%25')).body.totalQuestions).toBe(0);
    expect(idsOf((await list('search=%D0%9A%D0%90%D0%A0%D0%9C%D0%90%D0%9D')).body)).toEqual([
      ids.percent,
    ]);
  });

  it('finds questions stored before search existed (no search text yet)', async () => {
    await t.database.db.updateTable('questions').set({ search_text: null }).execute();
    expect(idsOf((await list('search=STOP')).body)).toEqual([ids.stop]);
    expect((await list('search=lane')).body.totalQuestions).toBe(12);
  });

  it('refuses a search longer than 200 characters, a bad topic id and an unknown topic', async () => {
    const long = await list(`search=${'a'.repeat(201)}`);
    expect(long.status).toBe(400);
    expect(long.body.detail).toMatch(/search/);
    expect((await list(`search=${'a'.repeat(200)}`)).status).toBe(200);
    for (const bad of ['abc', '0', '1.5', '99999999999']) {
      const res = await adminList(`topic_id=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/topic_id/);
    }
    const unknown = await list('topic_id=424242');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'Topic not found' });
    const worded = await list('topic_id=424242', { 'accept-language': 'ru' });
    expect(worded.body).toEqual({ detail: 'Тема не найдена' });
  });

  it('lists the question whose number was searched first, then those whose words hold it', async () => {
    const res = await t.api('PUT', `/admin/questions/${ids.stop}`, {
      token: admin,
      body: question(`Is ${ids.explained} km/h too fast here?`),
    });
    expect(res.status).toBe(200);
    expect(ids.stop).toBeLessThan(ids.explained as number);
    const [first, ...others] = idsOf((await list(`search=${ids.explained}`)).body);
    expect(first).toBe(ids.explained);
    // ("Lane discipline 4" may hold the number too.)
    expect(others).toContain(ids.stop);
    expect(others).toEqual([...others].sort((a, b) => a - b));
  });
});

describe.each(DATABASES)('question search reading ё as е on %s', (kind) => {
  let t: TestApp;

  afterAll(async () => {
    await t.close();
  });

  it('finds a word written with ё by е, one written with е by ё, and a translation alike', async () => {
    t = await createTestApp(kind);
    const admin = await t.adminToken();
    const add = async (body: Record<string, unknown>) => {
      const res = await t.api('POST', '/admin/questions', { token: admin, body });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const yo = await add(question('Кто первым проезжает перекрёсток?'));
    const ye = await add(question('Что означает желтый сигнал?'));
    const translated = await add({
      ...question('Who goes first at the junction?'),
      translations: {
        ru: {
          question_text: 'Кто первым въезжает на перекрёсток?',
          answer_1: 'Да',
          answer_2: 'Нет',
        },
      },
    });
    const found = async (words: string) => {
      const res = await t.api<QuestionPageBody>(
        'GET',
        `/admin/questions?search=${encodeURIComponent(words)}`,
        { token: admin },
      );
      expect(res.status).toBe(200);
      return res.body.questions.map((q) => q.id).sort((a, b) => a - b);
    };
    expect(await found('перекресток')).toEqual([yo, translated]);
    expect(await found('ПЕРЕКРЁСТОК')).toEqual([yo, translated]);
    expect(await found('жёлтый')).toEqual([ye]);
  });
});
