/**
 * The upgrade that holds a pass mark in percent to 1 to 100 (migration 0031) on a database made
 * by the version before it, whose course form took 0 %: such a course asks 1 %, the default
 * course's exam_pass_percent setting follows, and every other course and setting is kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, type TestApp } from './helpers';
import { upgradeScenario } from './upgrade-harness';

const BEFORE_PASS_MARKS = '0030_exams_end_when_failed';
const NOW = '2026-12-01T08:00:00.000Z';

// Frozen in time like the migrations: the tables as they were before this one.
const rowsOf = async (db: any, table: string) =>
  (await db.selectFrom(table).selectAll().orderBy('id').execute()) as Record<string, unknown>[];

const rules = (pass_rule: string, pass_value: number) => ({
  language: 'en',
  description: '',
  question_count: 20,
  time_limit_seconds: 1200,
  pass_rule,
  pass_value,
  extra_questions_per_mistake: 0,
  extra_seconds_per_mistake: 0,
  created_at: NOW,
});

describe.each(DATABASES)('upgrading a database whose courses could pass at 0 % (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('makes a 0 % mark 1 %, in the courses and the setting, and keeps everything else', async () => {
    const old = await scenario.openBefore(BEFORE_PASS_MARKS, 'passmarks');
    const db = old.db as any;
    const [defaultCourse] = await rowsOf(db, 'courses');
    await db
      .updateTable('courses')
      .set({ pass_rule: 'percent_questions', pass_value: 0 })
      .where('id', '=', defaultCourse!.id)
      .execute();
    await db
      .insertInto('courses')
      .values([
        { name: 'Points at 0', ...rules('percent_points', 0) },
        { name: 'No mistake allowed', ...rules('max_mistakes', 0) },
        { name: 'Seventy', ...rules('percent_questions', 70) },
      ])
      .execute();
    const setting = (key: string, value: string) => ({
      key,
      value,
      description: null,
      data_type: 'integer',
      is_public: 0,
      updated_at: NOW,
    });
    await db
      .insertInto('settings')
      .values([setting('exam_pass_percent', '0'), setting('exam_question_count', '20')])
      .execute();
    const courses = await rowsOf(db, 'courses');
    const settings = await rowsOf(db, 'settings');
    await old.close();

    t = await scenario.upgrade();
    const upgraded = t.database.db as any;
    const byName = (name: string) => courses.find((course) => course.name === name)!;
    expect(await rowsOf(upgraded, 'courses')).toEqual(
      courses.map((course) =>
        course.id === defaultCourse!.id || course === byName('Points at 0')
          ? { ...course, pass_value: 1 }
          : course,
      ),
    );
    const after = await rowsOf(upgraded, 'settings');
    const kept = (key: string) => after.find((row) => row.key === key);
    expect(kept('exam_pass_percent')).toEqual({
      ...settings.find((row) => row.key === 'exam_pass_percent'),
      value: '1',
    });
    expect(kept('exam_question_count')).toEqual(
      settings.find((row) => row.key === 'exam_question_count'),
    );

    // The default course's rules and its setting agree, and both can be saved again as they are.
    const admin = await t.adminToken();
    const listed = await t.api<{ id: number; rules: Record<string, unknown> }[]>('GET', '/courses');
    const zero = listed.body.find((course) => course.id === byName('Points at 0').id)!;
    expect(zero.rules).toMatchObject({ pass_rule: 'percent_points', pass_value: 1 });
    const read = await t.api<Record<string, unknown>>('GET', `/admin/courses/${zero.id}`, {
      token: admin,
    });
    const saved = await t.api('PUT', `/admin/courses/${zero.id}`, {
      token: admin,
      headers: { 'if-match': String(read.headers.etag) },
      body: { name: read.body.name, language: read.body.language, rules: read.body.rules },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  });
});
