import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../../server/db/database';
import { TABLES_IN_ORDER } from '../../server/db/schema';
import { BACKUPS_KEPT, backupsDir } from '../../server/modules/maintenance/backup';
import { searchTextOf } from '../../server/modules/questions/question-search';
import {
  createCourse,
  createTestApp,
  DATABASES,
  importBankFile,
  multipartFile,
  type TestApp,
} from './helpers';

type Setting = {
  id: number;
  key: string;
  value: string;
  data_type: string;
  is_public: boolean;
  description: string | null;
};

// A PNG's signature, then every byte value, to prove binary data survives both ways.
const IMAGE_BYTES = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
]);

describe.each(DATABASES)('settings and maintenance on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let learner: { token: string; id: number };
  // The app's database, to seed rows and check what is stored.
  let direct: AppDatabase;
  const scratch = mkdtempSync(path.join(tmpdir(), 'trainer-settings-test-'));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    learner = await t.learner('settingslearner');
    direct = t.database;
  });
  afterAll(async () => {
    await t.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  const settingsByKey = async () => {
    const rows = await direct.db.selectFrom('settings').selectAll().orderBy('key').execute();
    return rows;
  };
  const rowCounts = async () => {
    const counts: Record<string, number> = {};
    for (const table of TABLES_IN_ORDER) {
      const row = await direct.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      counts[table] = Number(row.n);
    }
    return counts;
  };
  const createSetting = async (body: Record<string, unknown>) => {
    const res = await t.api('POST', '/settings', { token: admin, body });
    expect(res.status).toBe(201);
    return res.body as Setting;
  };

  it('shows public settings to anyone and every setting only to an administrator', async () => {
    await createSetting({ key: 'secret_flag', value: 'hidden', is_public: false });

    const guest = await t.api('GET', '/settings?public_only=true');
    expect(guest.status).toBe(200);
    const keys = guest.body.map((s: Setting) => s.key);
    expect(keys).toContain('support_email');
    expect(keys).not.toContain('secret_flag');
    expect(guest.body.every((s: Setting) => s.is_public)).toBe(true);
    expect(keys).toEqual([...keys].sort());

    expect(
      (await t.api('GET', '/settings?public_only=true', { token: learner.token })).status,
    ).toBe(200);
    const guestAll = await t.api('GET', '/settings');
    expect(guestAll.status).toBe(401);
    expect(guestAll.body.detail).toEqual(expect.any(String));
    expect((await t.api('GET', '/settings', { token: learner.token })).status).toBe(403);
    expect(
      (await t.api('GET', '/settings?public_only=false', { token: learner.token })).status,
    ).toBe(403);

    const all = await t.api('GET', '/settings', { token: admin });
    expect(all.status).toBe(200);
    const allKeys = all.body.map((s: Setting) => s.key);
    expect(allKeys).toContain('secret_flag');
    expect(allKeys).toEqual([...allKeys].sort());
    expect((await t.api('GET', '/settings?public_only=maybe', { token: admin })).status).toBe(400);
  });

  it("words built-in settings' descriptions in the reader's language until one is rewritten", async () => {
    const read = async (language: string) => {
      const res = await t.api<Setting[]>('GET', '/settings', {
        token: admin,
        headers: { 'accept-language': language },
      });
      return res.body.find((setting) => setting.key === 'exam_pass_percent') as Setting;
    };
    const english = await read('en');
    expect(english.description).toBe(
      'Percent of right answers needed to pass in the default course (other courses: the Courses tab)',
    );
    const russian = await read('ru-RU,ru;q=0.9');
    expect(russian.description).toBe(
      'Процент правильных ответов, нужный для сдачи, в курсе по умолчанию (у других курсов — вкладка «Курсы»)',
    );
    expect((await read('ko')).description).toBe(
      '기본 과정의 합격에 필요한 정답 비율(%). 다른 과정은 과정 탭에서 정합니다',
    );

    // Saved back from a Russian edit form unchanged, it stays the built-in one for everyone.
    const saved = await t.api<Setting>('PUT', `/settings/${russian.id}`, {
      token: admin,
      headers: { 'accept-language': 'ru' },
      body: { value: '75', description: russian.description },
    });
    expect(saved.body.description).toBe(russian.description);
    expect((await read('zh')).description).toBe(
      '默认课程通过考试所需的正确率（百分比）；其他课程在“课程”标签页中设置',
    );
    const stored = (await settingsByKey()).find((row) => row.key === 'exam_pass_percent');
    expect(stored?.description).toBe(english.description);

    // A description an administrator wrote is shown as written, in every language.
    await t.api('PUT', `/settings/${russian.id}`, {
      token: admin,
      headers: { 'accept-language': 'ru' },
      body: { value: '70', description: 'Порог сдачи' },
    });
    expect((await read('en')).description).toBe('Порог сдачи');
    expect((await read('ko')).description).toBe('Порог сдачи');
    await t.api('PUT', `/settings/${russian.id}`, {
      token: admin,
      body: { description: english.description },
    });
  });

  it('creates a setting as text by default and refuses a taken key, a bad value or a bad key', async () => {
    const created = await t.api('POST', '/settings', {
      token: admin,
      body: { key: 'welcome_text', value: 'Hello', description: 'Greeting' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: 'welcome_text',
      value: 'Hello',
      data_type: 'string',
      is_public: false,
    });
    const before = await settingsByKey();

    const taken = await t.api('POST', '/settings', {
      token: admin,
      body: { key: 'welcome_text', value: 'x' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.field).toBe('key');
    // A taken key is said first, whatever type the new value was given.
    const takenAsJson = await t.api('POST', '/settings', {
      token: admin,
      body: { key: 'welcome_text', value: '{"a":1}', data_type: 'json' },
    });
    expect(takenAsJson.status).toBe(409);
    expect(takenAsJson.body).toEqual({
      detail: 'A setting with the key welcome_text already exists',
      field: 'key',
    });
    const badNumber = await t.api('POST', '/settings', {
      token: admin,
      body: { key: 'max_retries', value: 'three', data_type: 'number' },
    });
    expect(badNumber.status).toBe(422);
    expect(badNumber.body.detail).toMatch(/max_retries.*not a number/);
    expect(badNumber.body.field).toBe('value');
    // The data type is named in the reader's language too.
    const badNumberInRussian = await t.api('POST', '/settings', {
      token: admin,
      headers: { 'accept-language': 'ru' },
      body: { key: 'max_retries', value: 'three', data_type: 'number' },
    });
    expect(badNumberInRussian.body.detail).toMatch(
      /^Недопустимое значение для max_retries \(число\)/,
    );
    for (const body of [
      { key: 'has space', value: 'x' },
      { key: 'ok_key', value: 'x', data_type: 'date' },
      { key: 'ok_key', value: 5 },
      { key: 'ok_key', value: 'x', extra: true },
      { value: 'x' },
    ]) {
      expect((await t.api('POST', '/settings', { token: admin, body })).status).toBe(400);
    }
    expect(await settingsByKey()).toEqual(before);

    expect((await t.api('POST', '/settings', { body: { key: 'g', value: 'x' } })).status).toBe(401);
    expect(
      (await t.api('POST', '/settings', { token: learner.token, body: { key: 'g', value: 'x' } }))
        .status,
    ).toBe(403);
    expect(await settingsByKey()).toEqual(before);
  });

  it('reads one setting by id for an administrator only', async () => {
    const setting = await createSetting({ key: 'by_id', value: '1', data_type: 'number' });
    const res = await t.api('GET', `/settings/${setting.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ key: 'by_id', value: '1', data_type: 'number' });
    expect((await t.api('GET', '/settings/999999', { token: admin })).status).toBe(404);
    expect((await t.api('GET', '/settings/abc', { token: admin })).status).toBe(400);
    expect((await t.api('GET', `/settings/${setting.id}`, { token: learner.token })).status).toBe(
      403,
    );
    expect((await t.api('GET', `/settings/${setting.id}`)).status).toBe(401);
  });

  describe.each([
    { type: 'string', start: 'plain', valid: 'any text at all', invalid: undefined },
    { type: 'number', start: '5', valid: '-12.5e2', invalid: '12abc' },
    { type: 'boolean', start: 'true', valid: 'false', invalid: 'yes' },
    { type: 'json', start: '{"a":1}', valid: '[1,{"b":null}]', invalid: '{a:1}' },
  ])('a $type setting', ({ type, start, valid, invalid }) => {
    it('takes a valid value by id and by key and refuses an invalid one, keeping the old value', async () => {
      const setting = await createSetting({ key: `edit_${type}`, value: start, data_type: type });
      const byId = await t.api('PUT', `/settings/${setting.id}`, {
        token: admin,
        body: { value: valid },
      });
      expect(byId.status).toBe(200);
      expect(byId.body).toMatchObject({ key: `edit_${type}`, value: valid, data_type: type });
      const byKey = await t.api('PUT', `/settings/key/edit_${type}`, {
        token: admin,
        body: { value: start },
      });
      expect(byKey.status).toBe(200);
      expect(byKey.body.value).toBe(start);

      if (invalid !== undefined) {
        const refusedById = await t.api('PUT', `/settings/${setting.id}`, {
          token: admin,
          body: { value: invalid },
        });
        expect(refusedById.status).toBe(422);
        expect(refusedById.body.detail).toContain(`edit_${type}`);
        const refusedByKey = await t.api('PUT', `/settings/key/edit_${type}`, {
          token: admin,
          body: { value: invalid },
        });
        expect(refusedByKey.status).toBe(422);
      }
      const stored = await t.api('GET', `/settings/key/edit_${type}`, { token: admin });
      expect(stored.body.value).toBe(start);
    });
  });

  it('checks the kept value against a new data type and never changes the key', async () => {
    const setting = await createSetting({ key: 'retyped', value: 'abc' });
    const refused = await t.api('PUT', `/settings/${setting.id}`, {
      token: admin,
      body: { data_type: 'number' },
    });
    expect(refused.status).toBe(422);
    const both = await t.api('PUT', `/settings/${setting.id}`, {
      token: admin,
      body: { data_type: 'number', value: '42', description: 'Now a number', is_public: true },
    });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({
      key: 'retyped',
      value: '42',
      data_type: 'number',
      is_public: true,
    });
    const renamed = await t.api('PUT', `/settings/${setting.id}`, {
      token: admin,
      body: { key: 'other' },
    });
    expect(renamed.status).toBe(400);
    expect((await t.api('PUT', `/settings/${setting.id}`, { token: admin, body: {} })).status).toBe(
      400,
    );
    expect(
      (await t.api('PUT', '/settings/999999', { token: admin, body: { value: 'x' } })).status,
    ).toBe(404);
    expect(
      (
        await t.api('PUT', `/settings/${setting.id}`, {
          token: learner.token,
          body: { value: '1' },
        })
      ).status,
    ).toBe(403);
    expect((await t.api('PUT', `/settings/${setting.id}`, { body: { value: '1' } })).status).toBe(
      401,
    );
    const stored = await t.api('GET', `/settings/${setting.id}`, { token: admin });
    expect(stored.body).toMatchObject({ key: 'retyped', value: '42', data_type: 'number' });
  });

  it('keeps a setting the app reads to its type, to whole numbers in range and to visible text', async () => {
    const before = await settingsByKey();
    const byKey = (key: string, value: string) =>
      t.api('PUT', `/settings/key/${key}`, { token: admin, body: { value } });
    for (const [key, value, reason] of [
      ['daily_challenge_size', '2.5', /whole number from 1 to 200/],
      ['express_question_count', '1e-9', /whole number/],
      ['exam_pass_percent', '-1', /from 1 to 100/],
      ['exam_pass_percent', '1000000000', /from 1 to 100/],
      ['exam_question_count', '0', /from 1 to 200/],
      ['express_time_limit_seconds', '1.5', /whole number/],
      ['site_name', '   ', /empty/],
    ] as const) {
      const refused = await byKey(key, value);
      expect(refused.status, `${key}=${value}`).toBe(422);
      expect(refused.body.detail, `${key}=${value}`).toMatch(reason);
    }
    const id = before.find((row) => row.key === 'exam_question_count')?.id;
    const retyped = await t.api('PUT', `/settings/${id}`, {
      token: admin,
      body: { data_type: 'string', value: 'abc' },
    });
    expect(retyped.status).toBe(422);
    expect(retyped.body.detail).toContain('exam_question_count is a number setting');
    const bulk = await t.api('POST', '/settings/bulk-update', {
      token: admin,
      body: { settings: [{ key: 'marathon_question_count', value: '99999' }] },
    });
    expect(bulk.status).toBe(422);
    expect(await settingsByKey()).toEqual(before);

    // A value the API would refuse, put there behind its back (a restore, a SQL shell), reads
    // as the default, and the modes page keeps working.
    await direct.db
      .updateTable('settings')
      .set({ value: '2.5' })
      .where('key', '=', 'daily_challenge_size')
      .execute();
    const modes = await t.api('GET', '/training-modules/modes', { token: learner.token });
    expect(modes.status).toBe(200);
    expect(JSON.stringify(modes.body)).not.toContain('2.5');
    await direct.db
      .updateTable('settings')
      .set({ value: '10' })
      .where('key', '=', 'daily_challenge_size')
      .execute();
  });

  it('refuses a too-long site name, a support address that is no e-mail and a notice the banner cannot read, keeping the stored value', async () => {
    const before = await settingsByKey();
    const idOf = (key: string) => before.find((row) => row.key === key)?.id;
    const longName = 'Fahrschule Müller & Söhne – Online-Theorietrainer Klasse B, Wien';
    for (const [key, value, reason] of [
      ['site_name', longName, /has 64 characters; at most 60/],
      ['site_name', 'x'.repeat(300), /at most 60/],
      ['support_email', 'not an email', /'not an email' is not an e-mail address/],
      ['support_email', 'help@school', /not an e-mail address/],
      [
        'maintenance_notice',
        '{"enable":true,"message":"Down tonight"}',
        /"enabled": true or false/,
      ],
      ['maintenance_notice', '{"enabled":"true","message":"Down tonight"}', /"enabled"/],
      ['maintenance_notice', '{"enabled":true}', /"message"/],
      ['maintenance_notice', '[1,2]', /maintenance notice must be/],
      ['maintenance_notice', 'null', /maintenance notice must be/],
      ['maintenance_notice', '{"enabled":true,"message":"x","extra":1}', /nothing else/],
      ['maintenance_notice', '{"enabled":true,"message":"  "}', /needs a message/],
      [
        'maintenance_notice',
        '{"enabled":true,"message":"","messages":{"ko":" ","ru":""}}',
        /needs a message/,
      ],
      ['maintenance_notice', '{"enabled":true,"message":"x","messages":{"de":"y"}}', /"ko"/],
      ['maintenance_notice', '{"enabled":true,"message":"x","messages":{"ko":1}}', /"ko"/],
      ['maintenance_notice', '{"enabled":true,"message":"x","messages":["y"]}', /"ko"/],
      [
        'maintenance_notice',
        JSON.stringify({ enabled: true, message: 'x', messages: { zh: '维'.repeat(501) } }),
        /has 501 characters; at most 500/,
      ],
      [
        'maintenance_notice',
        JSON.stringify({ enabled: false, message: 'm'.repeat(501) }),
        /has 501 characters; at most 500/,
      ],
      ['donation_details', '["SBP: +7 900"]', /donation details must be/],
      ['donation_details', '{"de":"Überweisung: DE00"}', /donation details must be/],
      ['donation_details', '{"ru":["SBP"]}', /donation details must be/],
      ['donation_details', 'null', /donation details must be/],
      [
        'donation_details',
        JSON.stringify({ ko: '계'.repeat(2001) }),
        /have 2001 characters in one language; at most 2000/,
      ],
    ] as const) {
      for (const attempt of [
        () => t.api('PUT', `/settings/key/${key}`, { token: admin, body: { value } }),
        () => t.api('PUT', `/settings/${idOf(key)}`, { token: admin, body: { value } }),
        () =>
          t.api('POST', '/settings/bulk-update', {
            token: admin,
            body: { settings: [{ key, value }] },
          }),
      ]) {
        const refused = await attempt();
        expect(refused.status, `${key}=${value}`).toBe(422);
        expect(refused.body.detail, `${key}=${value}`).toMatch(reason);
      }
    }
    expect(await settingsByKey()).toEqual(before);

    const russian = await t.api('PUT', '/settings/key/site_name', {
      token: admin,
      body: { value: longName },
      headers: { 'accept-language': 'ru' },
    });
    expect(russian.status).toBe(422);
    expect(russian.body.detail).toContain('64 символа, допускается не больше 60');

    // What fits is taken: 60 characters (umlauts count once), an address, a notice either way.
    for (const [key, value] of [
      ['site_name', 'Fahrschule Müller & Söhne – Online-Theorietrainer Klasse B'.padEnd(60, '!')],
      ['support_email', 'hilfe@fahrschule-mueller.at'],
      ['maintenance_notice', '{"enabled":true,"message":"Down tonight from 22:00."}'],
      ['maintenance_notice', '{"message":"","enabled":false}'],
      // A text per language; one in Korean alone is enough to show the notice.
      [
        'maintenance_notice',
        '{"enabled":true,"message":"","messages":{"ko":"오늘 밤 점검이 있습니다.","ru":""}}',
      ],
      ['donation_details', '{"ru":"СБП: +7 900 123-45-67","ko":"토스: 010-1234-5678"}'],
      ['donation_details', '{}'],
    ]) {
      const saved = await t.api('PUT', `/settings/key/${key}`, { token: admin, body: { value } });
      expect(saved.status, `${key}=${value}`).toBe(200);
      expect(saved.body.value).toBe(value);
    }
    for (const row of before) {
      await direct.db
        .updateTable('settings')
        .set({ value: row.value, updated_at: row.updated_at })
        .where('id', '=', row.id)
        .execute();
    }
  });

  it("tells with each built-in setting what its value must be, and nothing for one of the administrator's own", async () => {
    await createSetting({ key: 'own_rule_less', value: '5', data_type: 'number' });
    const list = await t.api('GET', '/settings', { token: admin });
    const ruleOf = (key: string) =>
      (list.body as (Setting & { rule: unknown })[]).find((s) => s.key === key)?.rule;
    // With the value the app uses while it is missing; an exam setting follows the default
    // course's rules, which stay, so it names none.
    expect(ruleOf('exam_pass_percent')).toEqual({ kind: 'whole_number', min: 1, max: 100 });
    expect(ruleOf('site_name')).toEqual({
      kind: 'text',
      max_length: 60,
      default: 'Theory Trainer',
    });
    expect(ruleOf('support_email')).toMatchObject({ kind: 'email' });
    expect(ruleOf('registration_open')).toEqual({ kind: 'boolean', default: 'true' });
    expect(ruleOf('express_question_count')).toEqual({
      kind: 'whole_number',
      min: 1,
      max: 200,
      default: '10',
    });
    expect(ruleOf('maintenance_notice')).toEqual({
      kind: 'notice',
      max_length: 500,
      default: JSON.stringify({ enabled: false, message: '' }),
    });
    expect(ruleOf('own_rule_less')).toBeNull();
    const one = await t.api('GET', '/settings/key/exam_question_count', { token: admin });
    expect(one.body.rule).toEqual({ kind: 'whole_number', min: 1, max: 200 });
  });

  it('uses the default a built-in setting names while the setting is deleted', async () => {
    await t.api('PUT', '/settings/key/express_time_limit_seconds', {
      token: admin,
      body: { value: '120' },
    });
    const setting = await t.api('GET', '/settings/key/express_time_limit_seconds', {
      token: admin,
    });
    expect(setting.body.rule.default).toBe('300');
    const expressTime = async () =>
      (
        (await t.api('GET', '/training-modules/modes', { token: learner.token })).body as {
          id: string;
          time_limit_seconds: number | null;
        }[]
      ).find((mode) => mode.id === 'express')?.time_limit_seconds;
    expect(await expressTime()).toBe(120);
    await t.api('DELETE', `/settings/${setting.body.id}`, { token: admin });
    expect(await expressTime()).toBe(300);
    await t.api('POST', '/settings/initialize-defaults', { token: admin });
    expect((await t.api('GET', '/settings/key/express_time_limit_seconds')).body.value).toBe('300');
  });

  it('lets anyone read a public setting by key but only an administrator a private one', async () => {
    await createSetting({ key: 'private_key', value: 'p' });
    const publicOne = await t.api('GET', '/settings/key/support_email');
    expect(publicOne.status).toBe(200);
    expect(publicOne.body.is_public).toBe(true);
    expect((await t.api('GET', '/settings/key/private_key')).status).toBe(401);
    expect((await t.api('GET', '/settings/key/private_key', { token: learner.token })).status).toBe(
      403,
    );
    expect((await t.api('GET', '/settings/key/private_key', { token: admin })).body.value).toBe(
      'p',
    );
    expect((await t.api('GET', '/settings/key/no_such_key', { token: admin })).status).toBe(404);
    expect((await t.api('GET', '/settings/key/bad%20key', { token: admin })).status).toBe(400);
  });

  it('applies a changed setting at once: closing registration refuses new accounts', async () => {
    // Reading the setting first puts it in the cache; the change must still win.
    expect(
      (
        await t.api('POST', '/auth/register', {
          body: {
            username: 'early',
            email: 'early@example.com',
            password: 'pw',
            first_name: 'E',
            last_name: 'R',
          },
        })
      ).status,
    ).toBe(201);
    const closed = await t.api('PUT', '/settings/key/registration_open', {
      token: admin,
      body: { value: 'false' },
    });
    expect(closed.status).toBe(200);
    const refused = await t.api('POST', '/auth/register', {
      body: {
        username: 'late',
        email: 'late@example.com',
        password: 'pw',
        first_name: 'L',
        last_name: 'A',
      },
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await t.api('PUT', '/settings/key/registration_open', {
          token: learner.token,
          body: { value: 'true' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await t.api('PUT', '/settings/key/registration_open', {
          token: admin,
          body: { value: 'true' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.api('PUT', '/settings/key/no_such_key', { token: admin, body: { value: 'x' } }))
        .status,
    ).toBe(404);
  });

  it('deletes a setting once, for an administrator only', async () => {
    const setting = await createSetting({ key: 'doomed', value: 'x' });
    expect(
      (await t.api('DELETE', `/settings/${setting.id}`, { token: learner.token })).status,
    ).toBe(403);
    expect((await t.api('DELETE', `/settings/${setting.id}`)).status).toBe(401);
    const deleted = await t.api('DELETE', `/settings/${setting.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toEqual(expect.any(String));
    expect((await t.api('DELETE', `/settings/${setting.id}`, { token: admin })).status).toBe(404);
    expect((await t.api('GET', '/settings/key/doomed', { token: admin })).status).toBe(404);
  });

  it('updates several settings at once, or none when one key or value is wrong', async () => {
    const ok = await t.api('POST', '/settings/bulk-update', {
      token: admin,
      body: {
        settings: [
          { key: 'exam_pass_percent', value: '60' },
          { key: 'site_name', value: 'Trainer KR' },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: expect.any(String), updated: 2 });
    expect((await t.api('GET', '/settings/key/exam_pass_percent')).body.value).toBe('60');
    const before = await settingsByKey();

    const unknown = await t.api('POST', '/settings/bulk-update', {
      token: admin,
      body: {
        settings: [
          { key: 'exam_pass_percent', value: '80' },
          { key: 'nope_key', value: '1' },
        ],
      },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toContain('nope_key');
    const badValue = await t.api('POST', '/settings/bulk-update', {
      token: admin,
      body: {
        settings: [
          { key: 'site_name', value: 'Changed' },
          { key: 'exam_question_count', value: 'forty' },
        ],
      },
    });
    expect(badValue.status).toBe(422);
    expect(badValue.body.detail).toContain('exam_question_count');
    expect(
      (await t.api('POST', '/settings/bulk-update', { token: admin, body: { settings: [] } }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.api('POST', '/settings/bulk-update', {
          token: learner.token,
          body: { settings: [{ key: 'site_name', value: 'x' }] },
        })
      ).status,
    ).toBe(403);
    expect(await settingsByKey()).toEqual(before);
    expect((await t.api('GET', '/settings/key/site_name')).body.value).toBe('Trainer KR');
  });

  it('reports the system status with real counts and the recent activity', async () => {
    const res = await t.api('GET', '/settings/system/status', { token: admin });
    expect(res.status).toBe(200);
    const counts = await rowCounts();
    expect(res.body).toMatchObject({
      status: 'ok',
      version: expect.any(String),
      database: kind,
      node_version: process.version,
      counts: {
        users: counts.users,
        admins: 1,
        questions: counts.questions,
        exams: 0,
        settings: counts.settings,
      },
    });
    expect(res.body.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(res.body.memory_rss_bytes).toBeGreaterThan(0);
    expect(res.body.recent_activity.length).toBeLessThanOrEqual(20);
    expect(res.body.recent_activity[0].action).toBe('setting.bulk_update');
    // Each entry keeps the values its English summary is made of, for the reader's language.
    const update = res.body.recent_activity.find(
      (a: { action: string }) => a.action === 'setting.update',
    );
    expect(update.details).toEqual({ key: expect.any(String) });
    expect(update.summary).toBe(`Updated setting ${update.details.key}`);
    expect(res.body.recent_activity.map((a: { action: string }) => a.action)).toContain(
      'setting.update',
    );
    expect((await t.api('GET', '/settings/system/status', { token: learner.token })).status).toBe(
      403,
    );
    expect((await t.api('GET', '/settings/system/status')).status).toBe(401);
  });

  it('clears the cache and says how many entries went', async () => {
    await t.api('GET', '/settings/key/site_name');
    await t.api('POST', '/auth/register', {
      body: {
        username: 'cachey',
        email: 'c@example.com',
        password: 'pw',
        first_name: 'C',
        last_name: 'C',
      },
    });
    const res = await t.api('POST', '/settings/maintenance/clear_cache', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      message: 'Cache cleared successfully',
      cleared_entries: expect.any(Number),
    });
    expect(res.body.cleared_entries).toBeGreaterThan(0);
    const again = await t.api('POST', '/settings/maintenance/clear_cache', { token: admin });
    expect(again.body.cleared_entries).toBe(0);
    expect(
      (await t.api('POST', '/settings/maintenance/clear_cache', { token: learner.token })).status,
    ).toBe(403);
  });

  it('creates the missing default settings and keeps existing values', async () => {
    const support = await t.api('GET', '/settings/key/support_email', { token: admin });
    await t.api('DELETE', `/settings/${support.body.id}`, { token: admin });
    // An exam setting deleted comes back as the default course holds it (27), not as its
    // default (40), which would change the course's rules.
    await t.api('PUT', '/settings/key/exam_question_count', {
      token: admin,
      body: { value: '27' },
    });
    const count = await t.api('GET', '/settings/key/exam_question_count', { token: admin });
    await t.api('DELETE', `/settings/${count.body.id}`, { token: admin });
    const res = await t.api('POST', '/settings/initialize-defaults', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Default settings initialized successfully', created: 2 });
    expect((await t.api('GET', '/settings/key/exam_question_count')).body.value).toBe('27');
    expect((await t.api('GET', '/courses')).body[0].rules.question_count).toBe(27);
    expect((await t.api('GET', '/settings/key/support_email')).status).toBe(200);
    expect((await t.api('GET', '/settings/key/site_name')).body.value).toBe('Trainer KR');
    expect(
      (await t.api('POST', '/settings/initialize-defaults', { token: admin })).body.created,
    ).toBe(0);
    expect(
      (await t.api('POST', '/settings/initialize-defaults', { token: learner.token })).status,
    ).toBe(403);
  });

  it('lists the maintenance actions', async () => {
    const res = await t.api('GET', '/settings/maintenance/actions', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((a: { action: string }) => a.action)).toEqual([
      'clear_cache',
      'backup_database',
      'export_data',
      'restore_database',
      'initialize_defaults',
    ]);
    for (const action of res.body) {
      expect(action).toEqual({
        action: expect.any(String),
        name: expect.any(String),
        description: expect.any(String),
        method: 'POST',
        path: expect.stringMatching(/^\/settings\//),
      });
    }
    expect(
      (await t.api('GET', '/settings/maintenance/actions', { token: learner.token })).status,
    ).toBe(403);
    expect((await t.api('GET', '/settings/maintenance/actions')).status).toBe(401);
  });

  /** One row in every table, so backups and restores have something to carry. */
  async function seedEveryTable() {
    const now = new Date().toISOString();
    const question = await direct.db
      .insertInto('questions')
      .values({
        question_text: 'Who goes first at an unmarked crossroads?',
        answer_1: 'The vehicle from the right',
        answer_2: 'The faster vehicle',
        answer_3: null,
        answer_4: null,
        answer_5: null,
        right_answers: '1',
        points: 2,
        photo: 'crossroads.png',
        explanation: 'Priority to the right.',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await direct.db
      .insertInto('images')
      .values({
        name: 'crossroads.png',
        content_type: 'image/png',
        data: IMAGE_BYTES,
        etag: '"abc"',
        created_at: now,
      })
      .execute();
    await direct.db
      .insertInto('tickets')
      .values({ ticket_number: 1, question_ids: `[${question.id}]`, created_at: now })
      .execute();
    await direct.db
      .insertInto('topics')
      .values({ name: 'Right of way', question_ids: `[${question.id}]`, created_at: now })
      .execute();
    const result = await direct.db
      .insertInto('exam_results')
      .values({
        user_id: learner.id,
        exam_type: 'exam',
        total_questions: 1,
        correct_answers: 1,
        score: 100,
        passed: 1,
        time_taken: 30,
        total_points: 2,
        max_points: 2,
        answers: '[]',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await direct.db
      .insertInto('exam_sessions')
      .values({
        user_id: learner.id,
        exam_type: 'exam',
        question_ids: `[${question.id}]`,
        time_limit_seconds: 2400,
        result_id: result.id,
        started_at: now,
        completed_at: now,
      })
      .execute();
    await direct.db
      .insertInto('training_sessions')
      .values({
        user_id: learner.id,
        session_type: 'express',
        question_ids: `[${question.id}]`,
        time_limit_seconds: 300,
        questions_answered: 1,
        correct_answers: 1,
        total_points: 2,
        time_spent_seconds: 20,
        is_completed: 1,
        completed_at: now,
        created_at: now,
      })
      .execute();
    await direct.db
      .insertInto('question_memory')
      .values({
        user_id: learner.id,
        question_id: question.id,
        topic_name: 'Right of way',
        correct_count: 1,
        wrong_count: 2,
        last_correct: 1,
        stability: 2.5,
        difficulty: 5.25,
        reps: 3,
        lapses: 1,
        state: 2,
        elapsed_days: 1,
        scheduled_days: 3,
        learning_steps: 0,
        due_at: now,
        last_answered_at: now,
      })
      .execute();
    await direct.db
      .insertInto('bookmarks')
      .values({ user_id: learner.id, question_id: question.id, created_at: now })
      .execute();
    await direct.db
      .insertInto('question_translations')
      .values({
        question_id: question.id,
        language: 'ru',
        question_text: 'Кто проезжает первым на нерегулируемом перекрёстке?',
        answer_1: 'Транспортное средство справа',
        answer_2: 'Более быстрое транспортное средство',
        answer_3: null,
        answer_4: null,
        answer_5: null,
        explanation: 'Помеха справа.',
        photo_alt: null,
      })
      .execute();
    await direct.db
      .insertInto('readiness_days')
      .values({
        user_id: learner.id,
        course_id: 1,
        day: now.slice(0, 10),
        answers: 3,
        probability: 0.625,
      })
      .execute();
    await direct.db
      .insertInto('readiness_evidence')
      .values({
        user_id: learner.id,
        course_id: 1,
        first_answers: 1,
        first_right: 0,
        seen_answers: 2,
        seen_retrievability: 1.5,
        seen_right: 1,
        updated_at: now,
      })
      .execute();
  }

  async function everyRow() {
    const rows: Record<string, unknown[]> = {};
    for (const table of TABLES_IN_ORDER) {
      rows[table] = await direct.db.selectFrom(table).selectAll().execute();
    }
    // A counter the triggers keep (migration 0007), not data: restoring results moves it.
    for (const user of rows.users as { activity_revision?: unknown }[])
      delete user.activity_revision;
    // Order by the first column(s) for a stable comparison whatever the scan order.
    for (const list of Object.values(rows))
      list.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    return rows;
  }

  async function backupBytes() {
    const res = await t.api('POST', '/settings/maintenance/backup_database', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Database backup initiated',
      filename: expect.stringMatching(/^backup-[0-9A-Za-z-]+\.sqlite$/),
      size_bytes: expect.any(Number),
      created_at: expect.any(String),
    });
    expect(res.body.download_url).toBe(`/settings/maintenance/backups/${res.body.filename}`);
    const download = await t.api('GET', res.body.download_url, { token: admin });
    expect(download.status).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.sqlite3');
    expect(String(download.headers['content-disposition'])).toBe(
      `attachment; filename="${res.body.filename}"`,
    );
    expect(download.raw.length).toBe(res.body.size_bytes);
    return {
      bytes: download.raw,
      filename: res.body.filename as string,
      url: res.body.download_url as string,
    };
  }

  it('backs up every table into an SQLite file whose rows match the live ones', async () => {
    await seedEveryTable();
    const live = await rowCounts();
    for (const table of TABLES_IN_ORDER) expect(live[table], table).toBeGreaterThan(0);
    const { bytes, url } = await backupBytes();
    expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');

    const file = path.join(scratch, 'downloaded.sqlite');
    writeFileSync(file, bytes);
    const copy = new SqliteDatabase(file, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      for (const table of TABLES_IN_ORDER) {
        const { n } = copy.prepare(`select count(*) as n from ${table}`).get() as { n: number };
        // Counted before the backup: its own audit entry is written after the copy.
        expect(n, table).toBe(live[table]);
      }
      const image = copy.prepare('select data from images').get() as { data: Buffer };
      expect(Buffer.compare(image.data, IMAGE_BYTES)).toBe(0);
      const memory = copy.prepare('select stability, difficulty from question_memory').get();
      expect(memory).toEqual({ stability: 2.5, difficulty: 5.25 });
    } finally {
      copy.close();
    }

    expect((await t.api('GET', url, { token: learner.token })).status).toBe(403);
    expect((await t.api('GET', url)).status).toBe(401);
    expect(
      (await t.api('POST', '/settings/maintenance/backup_database', { token: learner.token }))
        .status,
    ).toBe(403);
    const unknown = await t.api(
      'GET',
      '/settings/maintenance/backups/backup-2020-01-01-nothing.sqlite',
      { token: admin },
    );
    expect(unknown.status).toBe(404);
    for (const name of [
      '..%2Ftrainer.sqlite',
      'backup-..%2F..%2Ftrainer.sqlite',
      'trainer.sqlite',
      'backup-x.sqlite.partial',
    ]) {
      const res = await t.api('GET', `/settings/maintenance/backups/${name}`, { token: admin });
      expect([400, 404], name).toContain(res.status);
    }
  });

  it(`keeps the newest ${BACKUPS_KEPT} backups, removing the oldest as new ones are made`, async () => {
    const made: string[] = [];
    for (let i = 0; i < BACKUPS_KEPT + 2; i++) made.push((await backupBytes()).url);
    const kept = readdirSync(backupsDir(t.dataDir)).filter((name) => name.endsWith('.sqlite'));
    expect(kept).toHaveLength(BACKUPS_KEPT);
    for (const [index, url] of made.entries()) {
      const res = await t.api('GET', url, { token: admin });
      expect(res.status, `backup ${index}`).toBe(index < 2 ? 404 : 200);
    }
  });

  it('restores a backup: changes made since are undone and new rows still get fresh ids', async () => {
    const before = await everyRow();
    const { bytes } = await backupBytes();

    // Change a bit of everything after the backup.
    await t.api('PUT', '/settings/key/site_name', {
      token: admin,
      body: { value: 'Changed after backup' },
    });
    await createSetting({ key: 'added_after_backup', value: 'x' });
    const latecomer = await t.learner('latecomer');
    await direct.db.deleteFrom('questions').execute();
    await direct.db.deleteFrom('images').execute();
    expect((await t.api('GET', '/settings/key/site_name')).body.value).toBe('Changed after backup');

    const upload = multipartFile(bytes, 'backup.sqlite');
    const res = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...upload,
    });
    expect(res.status, res.body.detail).toBe(200);
    expect(res.body.message).toBe('Database restored successfully');
    for (const table of TABLES_IN_ORDER) {
      expect(res.body.tables[table], table).toBe(before[table]!.length);
    }

    const after = await everyRow();
    for (const table of TABLES_IN_ORDER) {
      if (table === 'audit_log' || table === 'questions') continue;
      expect(after[table], table).toEqual(before[table]);
    }
    // Each question comes back with its search text worked out, not left for the first search.
    expect(after.questions).toEqual(
      (before.questions as Parameters<typeof searchTextOf>[0][]).map((question) => ({
        ...question,
        search_text: searchTextOf(question),
      })),
    );
    // The audit log is back as it was, plus the entry of the restore itself.
    expect(after.audit_log).toEqual(expect.arrayContaining(before.audit_log!));
    expect(after.audit_log!.length).toBe(before.audit_log!.length + 1);
    expect((await t.api('GET', '/settings/key/site_name')).body.value).toBe('Trainer KR');
    expect((await t.api('GET', '/settings/key/added_after_backup', { token: admin })).status).toBe(
      404,
    );
    expect((await t.api('GET', '/auth/me', { token: latecomer.token })).status).toBe(401);

    // Ids continue after the restored ones (on PostgreSQL this needs the sequences reset).
    const fresh = await t.api('POST', '/settings', {
      token: admin,
      body: { key: 'after_restore', value: 'y' },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.id).toBeGreaterThan(
      Math.max(...(before.settings as { id: number }[]).map((s) => s.id)),
    );
    // Never the id of the user the restore removed: their token must not name someone new.
    const newcomer = await t.learner('afterrestore');
    expect(newcomer.id).toBeGreaterThan(latecomer.id);
    expect((await t.api('GET', '/auth/me', { token: latecomer.token })).status).toBe(401);
    const status = await t.api('GET', '/settings/system/status', { token: admin });
    expect(
      status.body.recent_activity.some(
        (a: { action: string }) => a.action === 'maintenance.restore',
      ),
    ).toBe(true);
  });

  it('restores a backup made before a nullable column was added, reading it as null', async () => {
    // A real backup, edited back to the audit log of before migration 0005.
    const older = path.join(scratch, 'older.sqlite');
    writeFileSync(older, (await backupBytes()).bytes);
    const edit = new SqliteDatabase(older);
    const entries = (edit.prepare('select count(*) as n from audit_log').get() as { n: number }).n;
    edit.exec('alter table audit_log drop column details');
    edit.close();

    const res = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(older), 'older.sqlite'),
    });
    expect(res.status).toBe(200);
    expect(res.body.tables.audit_log).toBe(entries);
    const kept = await direct.db.selectFrom('audit_log').select(['action', 'details']).execute();
    expect(kept.filter((entry) => entry.details === null)).toHaveLength(entries);
    const status = await t.api('GET', '/settings/system/status', { token: admin });
    const oldEntry = status.body.recent_activity.find(
      (a: { action: string }) => a.action !== 'maintenance.restore',
    );
    expect(oldEntry.details).toBeNull();
  });

  it('restores a backup made before some settings existed with them added, exam rules as its course held them', async () => {
    await t.api('PUT', '/settings/key/exam_question_count', {
      token: admin,
      body: { value: '33' },
    });
    // A real backup, edited back to a version without these settings.
    const older = path.join(scratch, 'fewer-settings.sqlite');
    writeFileSync(older, (await backupBytes()).bytes);
    const edit = new SqliteDatabase(older);
    edit.exec(`delete from settings where key in ('daily_goal', 'exam_question_count')`);
    edit.close();
    await t.api('PUT', '/settings/key/exam_question_count', {
      token: admin,
      body: { value: '40' },
    });

    const res = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(older), 'fewer-settings.sqlite'),
    });
    expect(res.status).toBe(200);
    const setting = async (key: string) =>
      (await t.api('GET', `/settings/key/${key}`, { token: admin })).body.value;
    expect(await setting('daily_goal')).toBe('20');
    // The backup's course had 33 questions: the setting comes back as that, not as 40.
    expect(await setting('exam_question_count')).toBe('33');
    expect((await t.api('GET', '/courses')).body[0].rules.question_count).toBe(33);
  });

  it('restores a backup whose exam time was over 6 hours with the 6 hours its exams had', async () => {
    // A real backup, edited back to what a version before migration 0027 let an admin save.
    const older = path.join(scratch, 'long-exam.sqlite');
    writeFileSync(older, (await backupBytes()).bytes);
    const edit = new SqliteDatabase(older);
    edit.exec(`update settings set value = '30000' where key = 'exam_time_limit_seconds'`);
    edit.close();

    const res = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(older), 'long-exam.sqlite'),
    });
    expect(res.status).toBe(200);
    expect((await t.api('GET', '/settings/key/exam_time_limit_seconds')).body.value).toBe('21600');
    expect((await t.api('GET', '/courses')).body[0].rules.time_limit_seconds).toBe(21600);
  });

  it('restores a backup made before courses: its rows go into the default course, made from its exam settings', async () => {
    // A real backup, edited back to the tables of before migration 0013.
    const older = path.join(scratch, 'before-courses.sqlite');
    writeFileSync(older, (await backupBytes()).bytes);
    const edit = new SqliteDatabase(older);
    const questions = (edit.prepare('select count(*) as n from questions').get() as { n: number })
      .n;
    edit.exec(`
      update settings set value = '33' where key = 'exam_question_count';
      drop trigger settings_insert_follow_exam_rules;
      drop trigger settings_update_follow_exam_rules;
      drop index questions_course;
      drop index tickets_course_number;
      drop index topics_course_name;
      drop table courses;
    `);
    for (const table of [
      'users',
      'questions',
      'tickets',
      'topics',
      'exam_results',
      'exam_sessions',
      'training_sessions',
    ]) {
      edit.exec(`alter table ${table} drop column course_id`);
    }
    for (const column of ['pass_rule', 'pass_value', 'decided_by', 'mistakes', 'unanswered']) {
      edit.exec(`alter table exam_results drop column ${column}`);
    }
    // Nor what the server holds of an exam since (migration 0018).
    edit.exec('drop index exam_results_session');
    edit.exec('alter table exam_results drop column session_id');
    edit.exec('alter table exam_results drop column over_time');
    edit.exec('alter table exam_sessions drop column main_count');
    edit.close();

    const res = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(older), 'before-courses.sqlite'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tables.questions).toBe(questions);
    const courses = await t.api('GET', '/courses');
    expect(courses.body.map((course: any) => [course.id, course.question_total])).toEqual([
      [1, questions],
    ]);
    expect(courses.body[0].rules.question_count).toBe(33);
    const owners = await direct.db.selectFrom('questions').select('course_id').distinct().execute();
    expect(owners.map((row) => Number(row.course_id))).toEqual([1]);
  });

  /** Restores the backup edited by each SQL statement in turn: each is refused (422) as given. */
  async function expectRefusedEdits(backup: Buffer, edits: readonly (readonly [string, RegExp])[]) {
    for (const [edit, detail] of edits) {
      const tampered = path.join(scratch, 'tampered-edit.sqlite');
      writeFileSync(tampered, backup);
      const db = new SqliteDatabase(tampered);
      db.exec(edit);
      db.close();
      const res = await t.api('POST', '/settings/maintenance/restore_database', {
        token: admin,
        ...multipartFile(readFileSync(tampered), 'tampered-edit.sqlite'),
      });
      expect(res.status, edit).toBe(422);
      expect(res.body.detail, edit).toMatch(detail);
    }
  }

  it('refuses a backup holding a value of the wrong kind or a NUL character, changing nothing', async () => {
    const questions = () =>
      direct.db.selectFrom('questions').selectAll().orderBy('id').limit(5).execute();
    // Taking a backup is an audited event: take it before counting.
    const backup = (await backupBytes()).bytes;
    const before = await rowCounts();
    const stored = await questions();
    const edits = [
      [
        "update questions set points = 'abc' where id = 1",
        /questions\.points .* text value, not integer/,
      ],
      [
        'update questions set points = 2.5 where id = 1',
        /questions\.points .* real value, not integer/,
      ],
      ["update questions set question_text = x'00ff' where id = 1", /question_text .* blob value/],
      ["update settings set value = 'a' || char(0) || 'b'", /settings\.value .* NUL character/],
    ] as const;
    await expectRefusedEdits(backup, edits);
    expect(await rowCounts()).toEqual(before);
    expect(await questions()).toEqual(stored);
  });

  it('refuses a backup holding a row the API would refuse, or no active administrator, changing nothing', async () => {
    const backup = (await backupBytes()).bytes;
    const before = await rowCounts();
    const settingsBefore = await settingsByKey();
    const edits = [
      [
        "update questions set answer_5 = null, right_answers = '5'",
        /questions, the row with id \d+: right_answers names answer 5, which is empty/,
      ],
      [
        "update questions set photo = '../../etc/passwd'",
        /photo "..\/..\/etc\/passwd" is not a photo's name/,
      ],
      [
        "update users set email = 'nobody-' || id where is_admin = 0",
        /users, .*email is not an e-mail address/,
      ],
      [
        "update settings set value = '0' where key = 'exam_question_count'",
        /exam_question_count: '0' is not a whole number/,
      ],
      // Answers that are not graded answers made the result page fail (500) once restored.
      [
        `update exam_results set answers = '[{"x":1}]'`,
        /exam_results, .*answers is not a list of graded answers/,
      ],
      ["update exam_results set exam_type = 'quiz'", /exam_type is neither exam nor training/],
      ['update exam_results set over_time = 2', /exam_results, .*over_time must be 0 or 1/],
      [
        "update topics set question_ids = 'none of them'",
        /topics, .*question_ids is not a list of question ids/,
      ],
      ["update tickets set question_ids = '[1, -2]'", /tickets, .*question_ids is not a list/],
      ["update audit_log set created_at = 'yesterday'", /audit_log, .*created_at is not a date/],
      [
        "insert or replace into readiness_days (user_id, course_id, day, answers, probability) values ((select min(id) from users), 1, '2030-01-01', 1, 1.5)",
        /readiness_days, .*probability is not from 0 to 1/,
      ],
      [
        "insert or replace into readiness_evidence (user_id, course_id, first_answers, first_right, seen_answers, seen_retrievability, seen_right, updated_at) values ((select min(id) from users), 1, 0, 0, -1, 0, 0, '2030-01-01T00:00:00.000Z')",
        /readiness_evidence, .*the answer sums must be numbers of at least 0/,
      ],
      [
        "insert into images (name, content_type, data, etag, created_at) values ('page.png', 'text/html', cast('<script>alert(1)</script>' as blob), 'x', '2030-01-01T00:00:00.000Z')",
        /images, the row with name page\.png: has the type "text\/html"/,
      ],
      [
        "insert into images (name, content_type, data, etag, created_at) values ('fake.png', 'image/png', cast('GIF89a' as blob), 'x', '2030-01-01T00:00:00.000Z')",
        /declared image\/png but its bytes are image\/gif/,
      ],
      ['update users set is_active = 0 where is_admin = 1', /no active administrator/],
    ] as const;
    await expectRefusedEdits(backup, edits);
    expect(await rowCounts()).toEqual(before);
    expect(await settingsByKey()).toEqual(settingsBefore);
  });

  it('refuses a backup lacking a nullable column it was made with, and changes nothing', async () => {
    // Explanations have been there since the first version: a backup without them lost data.
    const stripped = path.join(scratch, 'stripped.sqlite');
    writeFileSync(stripped, (await backupBytes()).bytes);
    const edit = new SqliteDatabase(stripped);
    edit.exec('alter table questions drop column explanation');
    edit.close();
    const before = await rowCounts();
    const explained = await direct.db
      .selectFrom('questions')
      .select(['id', 'explanation'])
      .orderBy('id')
      .execute();
    expect(explained.some((question) => question.explanation !== null)).toBe(true);

    const res = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(stripped), 'stripped.sqlite'),
    });
    expect(res.status).toBe(422);
    expect(res.body.detail).toMatch(/questions lacks explanation/);
    expect(await rowCounts()).toEqual(before);
    expect(
      await direct.db.selectFrom('questions').select(['id', 'explanation']).orderBy('id').execute(),
    ).toEqual(explained);
  });

  it('refuses to restore a file that is not a backup of this app, and changes nothing', async () => {
    // A real backup, edited so one row points at a user who does not exist.
    const tampered = path.join(scratch, 'tampered.sqlite');
    writeFileSync(tampered, (await backupBytes()).bytes);
    const edit = new SqliteDatabase(tampered);
    edit.pragma('foreign_keys = OFF');
    edit.exec('update exam_results set user_id = 999999');
    edit.close();
    const before = await rowCounts();
    const settingsBefore = await settingsByKey();

    const random = Buffer.from(Array.from({ length: 4096 }, () => Math.floor(Math.random() * 256)));
    const notSqlite = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(random, 'random.bin'),
    });
    expect(notSqlite.status).toBe(422);
    expect(notSqlite.body.detail).toMatch(/Not a backup of this application/);

    const foreignFile = path.join(scratch, 'foreign.sqlite');
    const foreign = new SqliteDatabase(foreignFile);
    foreign.exec(
      "create table users (id integer primary key, name text); insert into users (name) values ('x');",
    );
    foreign.close();
    const otherApp = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(foreignFile), 'foreign.sqlite'),
    });
    expect(otherApp.status).toBe(422);
    expect(otherApp.body.detail).toMatch(/Not a backup of this application/);

    const dangling = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile(readFileSync(tampered), 'tampered.sqlite'),
    });
    expect(dangling.status).toBe(422);
    expect(dangling.body.detail).toMatch(/do not fit/);

    const empty = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      ...multipartFile('', 'empty.sqlite'),
    });
    expect(empty.status).toBe(422);

    const boundary = '----nofile';
    const noFile = await t.api('POST', '/settings/maintenance/restore_database', {
      token: admin,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${boundary}--\r\n`,
    });
    expect(noFile.status).toBe(400);
    const learnerTry = await t.api('POST', '/settings/maintenance/restore_database', {
      token: learner.token,
      ...multipartFile(random, 'random.bin'),
    });
    expect(learnerTry.status).toBe(403);

    expect(await settingsByKey()).toEqual(settingsBefore);
    expect(await rowCounts()).toEqual(before);
  });

  it('exports the data without any password hash', async () => {
    // A second school's course, its question translated: the export says whose each record is.
    const seoul = await createCourse(t, admin, 'Seoul school', 'ko');
    const imported = await importBankFile(
      t,
      admin,
      seoul,
      [
        'question_text,answer_1,answer_2,right_answers,ticket,question_text@en,answer_1@en,answer_2@en',
        '정지 표지판 모양은?,팔각형,원형,1,1,Stop sign shape?,Octagon,Circle',
      ].join('\n'),
      'seoul.csv',
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const [seoulQuestion] = imported.body.question_ids as number[];
    const res = await t.api('POST', '/settings/maintenance/export_data', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Data export initiated');
    expect(res.body.exported_at).toEqual(expect.any(String));
    const { data } = res.body;
    const counts = await rowCounts();
    expect(data.users).toHaveLength(counts.users!);
    expect(data.users.find((u: { username: string }) => u.username === 'admin')).toMatchObject({
      is_admin: true,
    });
    expect(data.questions).toHaveLength(counts.questions!);
    expect(data.tickets[0]).toMatchObject({ ticket_number: 1, question_count: 1, max_points: 2 });
    expect(data.topics[0]).toMatchObject({ name: 'Right of way', question_count: 1 });
    expect(data.settings).toHaveLength(counts.settings!);
    expect(data.exam_results[0]).toMatchObject({ exam_type: 'exam', passed: true, score: 100 });
    expect(
      data.courses.map((course: { name: string; language: string; languages: string[] }) => [
        course.name,
        course.language,
        course.languages,
      ]),
    ).toContainEqual(['Seoul school', 'ko', ['ko', 'en']]);
    const seoulCourse = data.courses.find((course: { id: number }) => course.id === seoul);
    expect(seoulCourse).toMatchObject({ question_total: 1, is_default: false });
    expect(data.questions.find((q: { id: number }) => q.id === seoulQuestion)).toMatchObject({
      course_id: seoul,
      question_text: '정지 표지판 모양은?',
      translations: { en: { question_text: 'Stop sign shape?', answer_1: 'Octagon' } },
    });
    expect(
      data.tickets.filter((ticket: { course_id: number }) => ticket.course_id === seoul),
    ).toMatchObject([{ ticket_number: 1, question_ids: `[${seoulQuestion}]` }]);
    // Every record of the default course names it too.
    expect(data.topics[0]).toMatchObject({ course_id: 1 });
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password/i);
    expect(text).not.toContain('$argon2');
    expect(
      (await t.api('POST', '/settings/maintenance/export_data', { token: learner.token })).status,
    ).toBe(403);
    expect((await t.api('POST', '/settings/maintenance/export_data')).status).toBe(401);
  });
});

// A fresh database's id counters start low: restoring a bigger backup into it is what proves
// they are moved past the restored ids (PostgreSQL identity sequences in particular).
describe.each(DATABASES.flatMap((from) => DATABASES.map((to) => [from, to] as const)))(
  'a backup taken on %s restored into a fresh %s app',
  (from, to) => {
    it('brings every row over and new rows get ids of their own', async () => {
      // The source app is closed before the target starts: the file alone carries the data.
      const source = await createTestApp(from);
      let bytes: Buffer;
      let filename: string;
      let sourceSettings: Setting[];
      try {
        const sourceAdmin = await source.adminToken();
        for (let i = 0; i < 5; i++) {
          await source.api('POST', '/settings', {
            token: sourceAdmin,
            body: { key: `carried_${i}`, value: String(i), data_type: 'number' },
          });
          await source.learner(`carried${i}`);
        }
        const backup = await source.api('POST', '/settings/maintenance/backup_database', {
          token: sourceAdmin,
        });
        bytes = (await source.api('GET', backup.body.download_url, { token: sourceAdmin })).raw;
        filename = backup.body.filename;
        sourceSettings = (await source.api('GET', '/settings', { token: sourceAdmin })).body;
      } finally {
        await source.close();
      }

      const target = await createTestApp(to);
      try {
        const targetAdmin = await target.adminToken();
        const restored = await target.api('POST', '/settings/maintenance/restore_database', {
          token: targetAdmin,
          ...multipartFile(bytes, filename),
        });
        expect(restored.status).toBe(200);
        expect(restored.body.tables.users).toBe(6);
        // Both admins are user 1, so the token still names an administrator.
        expect((await target.api('GET', '/settings', { token: targetAdmin })).body).toEqual(
          sourceSettings,
        );

        const created = await target.api('POST', '/settings', {
          token: targetAdmin,
          body: { key: 'brand_new', value: 'z' },
        });
        expect(created.status).toBe(201);
        expect(created.body.id).toBeGreaterThan(Math.max(...sourceSettings.map((s) => s.id)));
        const newcomer = await target.learner('newcomer');
        expect(newcomer.id).toBeGreaterThan(6);
        const login = await target.api('POST', '/auth/login', {
          body: { username: 'carried3', password: 'pw-carried3' },
        });
        expect(login.status).toBe(200);
      } finally {
        await target.close();
      }
    });
  },
);
