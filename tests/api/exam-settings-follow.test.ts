/**
 * The default course's rules and the exam settings follow each other (migrations 0013, 0027).
 * On PostgreSQL a course save that has written the course and is about to write the settings,
 * meeting a Settings save of the same rule, must not deadlock: both saves succeed, one after the
 * other. An exam time over what a course holds, which earlier versions let the setting keep, is
 * brought to what the exams had.
 */
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type DatabaseKind, type TestApp } from './helpers';
import { upgradeScenario } from './upgrade-harness';

// Row locks and their order exist on PostgreSQL alone (CI sets TEST_DATABASE_URL).
const POSTGRES = DATABASES.filter((kind) => kind === 'postgres');

describe.each(POSTGRES)('a course save and a Settings save at once (%s)', (kind) => {
  let t: TestApp;
  let courseSave: pg.Client | undefined;
  const scenario = upgradeScenario(kind);

  afterEach(async () => {
    await courseSave?.end();
    courseSave = undefined;
    await t.close();
    await scenario.cleanUp();
  });

  /** Waits until another connection waits for a lock `client` holds: the Settings save. */
  async function waitsFor(client: pg.Client): Promise<void> {
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const blocked = await client.query(
        `select count(*)::int as n from pg_stat_activity
          where pg_backend_pid() = any(pg_blocking_pids(pid))`,
      );
      if (blocked.rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('The Settings save never waited: the scenario did not happen');
  }

  /** Both saves of the question count at once; the Settings save (30) comes last. */
  async function saveBothAtOnce() {
    const admin = await t.adminToken();
    // A second connection standing for a course save in its transaction, as updateCourse
    // runs it: the course's row first, then the settings (courses.routes.ts).
    courseSave = new pg.Client({
      connectionString: process.env.TEST_DATABASE_URL,
      options: `-c search_path=${t.options.pgSchema}`,
    });
    await courseSave.connect();
    await courseSave.query('begin');
    await courseSave.query('update courses set question_count = 25 where id = 1');

    // The administrator saves the same rule on the Settings page meanwhile.
    const settingsSave = t.api('PUT', '/settings/key/exam_question_count', {
      token: admin,
      body: { value: '30' },
    });
    await waitsFor(courseSave);

    // The course save goes on to the settings it follows, and commits.
    await courseSave.query(
      `update settings set value = '25' where key = 'exam_question_count' and value <> '25'`,
    );
    await courseSave.query('commit');
    return settingsSave;
  }

  it('lets both finish, the later save winning, where they would deadlock', async () => {
    t = await createTestApp(kind);
    const saved = await saveBothAtOnce();
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ key: 'exam_question_count', value: '30' });
    // The Settings save came last: the course follows it.
    const courses = await t.api('GET', '/courses');
    expect(courses.body[0].rules.question_count).toBe(30);
  });

  it('does so on a database made before, whose course and settings are kept', async () => {
    const old = await scenario.openBefore('0026_training_session_keys', 'lock');
    // Frozen in time like the migrations: the rows as the version before wrote them.
    const db = old.db as any;
    await db
      .insertInto('settings')
      .values({
        key: 'exam_question_count',
        value: '35',
        description: 'Questions in an exam of the default course (other courses: the Courses tab)',
        data_type: 'number',
        is_public: 1,
        updated_at: '2026-11-01T08:00:00.000Z',
      })
      .execute();
    await db.updateTable('courses').set({ name: 'Theory B' }).where('id', '=', 1).execute();
    await old.close();

    t = await scenario.upgrade();
    const before = await t.api('GET', '/courses');
    expect(before.body[0]).toMatchObject({ name: 'Theory B', rules: { question_count: 35 } });
    const saved = await saveBothAtOnce();
    expect(saved.status).toBe(200);
    const after = await t.api('GET', '/courses');
    expect(after.body[0]).toMatchObject({ name: 'Theory B', rules: { question_count: 30 } });
  });
});

describe.each(DATABASES)('upgrading exam settings made before (%s)', (kind: DatabaseKind) => {
  const scenario = upgradeScenario(kind);
  afterEach(() => scenario.cleanUp());

  it('brings an exam time over 6 hours to the 6 hours its exams had, every other setting kept', async () => {
    const old = await scenario.openBefore('0026_training_session_keys', 'longexam');
    const db = old.db as any;
    const setting = (key: string, value: string) => ({
      key,
      value,
      description: key,
      data_type: 'number',
      is_public: 1,
      updated_at: '2026-11-01T08:00:00.000Z',
    });
    await db
      .insertInto('settings')
      .values([
        setting('exam_time_limit_seconds', '30000'),
        setting('exam_question_count', '35'),
        setting('daily_goal', '15'),
      ])
      .execute();
    const before = await db.selectFrom('courses').selectAll().where('id', '=', 1).execute();
    // The course had followed it as far as its range goes: 6 hours.
    expect(before[0]).toMatchObject({ time_limit_seconds: 21600, question_count: 35 });
    await old.close();

    const t = await scenario.upgrade();
    const admin = await t.adminToken();
    const value = async (key: string) =>
      (await t.api('GET', `/settings/key/${key}`, { token: admin })).body.value;
    expect(await value('exam_time_limit_seconds')).toBe('21600');
    expect(await value('exam_question_count')).toBe('35');
    expect(await value('daily_goal')).toBe('15');
    expect((await t.api('GET', '/courses')).body[0].rules).toMatchObject({
      time_limit_seconds: 21600,
      question_count: 35,
    });
  });
});
