/**
 * The upgrade to topics named in several languages (migration 0028) on a database made by the
 * version before it: every topic is kept as it was, with no name in another language, learners
 * and administrators read it as before, and a name in another language can then be given to it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/http/passwords';
import { DATABASES, type TestApp } from './helpers';
import { insertOldQuestions, upgradeScenario } from './upgrade-harness';

const BEFORE_TOPIC_TRANSLATIONS = '0027_exam_settings_follow';

describe.each(DATABASES)('upgrading a database made before topic translations (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('keeps every topic as it was, read alike by learners and administrators, and lets it be translated', async () => {
    const old = await scenario.openBefore(BEFORE_TOPIC_TRANSLATIONS, 'topicnames');
    // Frozen in time like the migrations: the tables as they were before topic translations.
    const db = old.db as any;
    await db
      .insertInto('users')
      .values({
        username: 'mira',
        email: 'mira@example.com',
        password_hash: await hashPassword('mira-password'),
        first_name: 'Mira',
        last_name: 'K',
        is_admin: 0,
        is_active: 1,
        created_at: '2026-11-01T08:00:00.000Z',
      })
      .execute();
    const questionIds = await insertOldQuestions(db, [
      'Who goes first?',
      'What does this sign mean?',
      'How fast in town?',
    ]);
    for (const [name, ids] of [
      ['Priority', questionIds.slice(0, 2)],
      ['Speed', questionIds.slice(2)],
    ] as const) {
      await db
        .insertInto('topics')
        .values({
          name,
          question_ids: JSON.stringify(ids),
          created_at: '2026-11-01T09:00:00.000Z',
        })
        .execute();
    }
    const before = (await db.selectFrom('topics').selectAll().orderBy('id').execute()) as Record<
      string,
      unknown
    >[];
    expect(before).toHaveLength(2);
    await old.close();

    t = await scenario.upgrade();
    const after = (await (t.database.db as any)
      .selectFrom('topics')
      .selectAll()
      .orderBy('id')
      .execute()) as Record<string, unknown>[];
    expect(after).toEqual(before.map((row) => ({ ...row, translations: null })));

    const admin = await t.adminToken();
    const listed = await t.api('GET', '/training-topics', { token: admin });
    expect(listed.status).toBe(200);
    expect(
      listed.body.map((topic: { name: string; translations: object; question_count: number }) => [
        topic.name,
        topic.translations,
        topic.question_count,
      ]),
    ).toEqual([
      ['Priority', {}, 2],
      ['Speed', {}, 1],
    ]);

    const login = await t.api('POST', '/auth/login', {
      body: { username: 'mira', password: 'mira-password' },
    });
    expect(login.status).toBe(200);
    const learner = login.body.access_token as string;
    const read = async () =>
      (
        await t.api('GET', '/training-topics', {
          token: learner,
          headers: { 'accept-language': 'ru' },
        })
      ).body.map((topic: { name: string }) => topic.name);
    expect(await read()).toEqual(['Priority', 'Speed']);

    // Named in Russian after the upgrade: a learner who reads Russian reads it so.
    const speed = listed.body[1] as { id: number };
    const renamed = await t.api('PUT', `/training-topics/${speed.id}`, {
      token: admin,
      body: { name: 'Speed', question_ids: [questionIds[2]], translations: { ru: 'Скорость' } },
    });
    expect(renamed.status).toBe(200);
    const profile = await t.api('PUT', '/user/profile', {
      token: learner,
      body: {
        username: 'mira',
        email: 'mira@example.com',
        first_name: 'Mira',
        last_name: 'K',
        content_language: 'ru',
      },
    });
    expect(profile.status).toBe(200);
    // In Russian order, as a learner reading Russian lists them: Cyrillic before Latin.
    expect(await read()).toEqual(['Скорость', 'Priority']);
  });
});
