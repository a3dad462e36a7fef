/**
 * The upgrade to searches that read ё as е (migration 0029) on a database made by the version
 * before it: a question whose stored search text has an ё is found by either spelling, and
 * every question is kept as it was but for that derived column.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASES, type TestApp } from './helpers';
import { insertOldQuestions, upgradeScenario } from './upgrade-harness';

const BEFORE_SEARCH_YO = '0028_topic_translations';

describe.each(DATABASES)('upgrading a database made before ё was searched as е (%s)', (kind) => {
  const scenario = upgradeScenario(kind);
  let t: TestApp;

  afterEach(() => scenario.cleanUp());

  it('finds a question written with ё by е and by ё, and keeps every question', async () => {
    const old = await scenario.openBefore(BEFORE_SEARCH_YO, 'searchyo');
    // Frozen in time like the migrations: the tables as they were before this one.
    const db = old.db as any;
    const [yo, plain] = await insertOldQuestions(db, [
      'Кто первым проезжает перекрёсток?',
      'Что означает жёлтый сигнал?',
    ]);
    // The search texts as the version before wrote them: lower case, ё kept.
    await db
      .updateTable('questions')
      .set({ search_text: 'кто первым проезжает перекрёсток?\na\nb' })
      .where('id', '=', yo)
      .execute();
    await db
      .updateTable('questions')
      .set({ search_text: 'что означает жёлтый сигнал?\na\nb' })
      .where('id', '=', plain)
      .execute();
    const withoutSearchText = (rows: Record<string, unknown>[]) =>
      rows.map(({ search_text: _ignored, ...row }) => row);
    const before = (await db.selectFrom('questions').selectAll().orderBy('id').execute()) as Record<
      string,
      unknown
    >[];
    await old.close();

    t = await scenario.upgrade();
    const after = (await (t.database.db as any)
      .selectFrom('questions')
      .selectAll()
      .orderBy('id')
      .execute()) as Record<string, unknown>[];
    expect(withoutSearchText(after)).toEqual(withoutSearchText(before));

    const admin = await t.adminToken();
    const found = async (words: string) => {
      const res = await t.api<{ questions: { id: number }[] }>(
        'GET',
        `/admin/questions?search=${encodeURIComponent(words)}`,
        { token: admin },
      );
      expect(res.status).toBe(200);
      return res.body.questions.map((question) => question.id);
    };
    expect(await found('перекресток')).toEqual([yo]);
    expect(await found('ПЕРЕКРЁСТОК')).toEqual([yo]);
    expect(await found('желтый')).toEqual([plain]);
    expect(await found('жёлтый сигнал')).toEqual([plain]);
  });
});
