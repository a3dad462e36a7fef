/**
 * The upgrade to courses that may end their exam at the failing mistake (migration 0030) on a
 * database made by the version before it: every course is kept as it was and runs its exams to
 * the end, until an administrator says otherwise.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, type TestApp } from './helpers';
import { upgradeScenario } from './upgrade-harness';

const BEFORE_COURSE_ENDS = '0029_search_yo_as_ye';

describe.each(DATABASES)(
  'upgrading a database made before courses ending exams early (%s)',
  (kind) => {
    const scenario = upgradeScenario(kind);
    let t: TestApp;

    afterEach(() => scenario.cleanUp());

    it('keeps every course as it was, its exams running to the end, and lets one end early', async () => {
      const old = await scenario.openBefore(BEFORE_COURSE_ENDS, 'courseends');
      // Frozen in time like the migrations: the table as it was before this one.
      const db = old.db as any;
      await db
        .insertInto('courses')
        .values({
          name: 'Russia A/B',
          description: 'ПДД',
          language: 'ru',
          question_count: 20,
          time_limit_seconds: 1200,
          pass_rule: 'max_mistakes',
          pass_value: 2,
          extra_questions_per_mistake: 5,
          extra_seconds_per_mistake: 300,
          created_at: '2026-11-01T08:00:00.000Z',
        })
        .execute();
      const before = (await db.selectFrom('courses').selectAll().orderBy('id').execute()) as Record<
        string,
        unknown
      >[];
      expect(before.length).toBeGreaterThanOrEqual(2);
      await old.close();

      t = await scenario.upgrade();
      const after = (await (t.database.db as any)
        .selectFrom('courses')
        .selectAll()
        .orderBy('id')
        .execute()) as Record<string, unknown>[];
      expect(after).toEqual(before.map((row) => ({ ...row, ends_when_failed: 0 })));

      const admin = await t.adminToken();
      const listed = await t.api<{ id: number; rules: Record<string, unknown> }[]>(
        'GET',
        '/courses',
      );
      expect(listed.body.map((course) => course.rules.ends_when_failed)).toEqual(
        before.map(() => false),
      );
      const russia = listed.body.find((course) => course.rules.pass_rule === 'max_mistakes')!;
      const saved = await t.api<{ rules: Record<string, unknown> }>(
        'PUT',
        `/admin/courses/${russia.id}`,
        {
          token: admin,
          body: {
            name: 'Russia A/B',
            description: 'ПДД',
            language: 'ru',
            rules: { ...russia.rules, ends_when_failed: true },
          },
        },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.rules.ends_when_failed).toBe(true);
    });
  },
);
