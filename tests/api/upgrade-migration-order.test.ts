/**
 * One version (76b223f) shipped bookmarks (migration 0021) before readiness (0020) existed: a
 * database it made has 0021 run and 0020 not. Today's server must still start on it, run what it
 * lacks and keep every row.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATION_NAMES } from '../../server/db/database';
import { hashPassword } from '../../server/http/passwords';
import { DATABASES } from './helpers';
import { upgradeScenario } from './upgrade-harness';

// What 76b223f ran: everything up to 0018, then 0021 (there was never a 0019).
const BOOKMARKS_FIRST = [
  ...MIGRATION_NAMES.slice(0, MIGRATION_NAMES.indexOf('0018_exam_integrity') + 1),
  '0021_bookmarks',
];

describe.each(DATABASES)(
  'upgrading a database that ran bookmarks before readiness (%s)',
  (kind) => {
    const scenario = upgradeScenario(kind);
    afterEach(() => scenario.cleanUp());

    it('starts, adds readiness and keeps the learner, the question and the bookmark', async () => {
      const old = await scenario.openWith(BOOKMARKS_FIRST, 'order');
      // Frozen in time like the migrations: the tables as that version made them.
      const db = old.db as any;
      const user = await db
        .insertInto('users')
        .values({
          username: 'mona',
          email: 'mona@example.com',
          password_hash: await hashPassword('mona-password'),
          first_name: 'Mona',
          last_name: 'K',
          is_admin: 0,
          is_active: 1,
          created_at: '2026-11-01T08:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const question = await db
        .insertInto('questions')
        .values({
          question_text: 'Who goes first at an unmarked crossing?',
          answer_1: 'The car from the right',
          answer_2: 'The faster car',
          right_answers: '1',
          points: 1,
          created_at: '2026-11-01T08:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('bookmarks')
        .values({
          user_id: user.id,
          question_id: question.id,
          created_at: '2026-11-02T08:00:00.000Z',
        })
        .execute();
      await old.close();

      const t = await scenario.upgrade();
      const login = await t.api('POST', '/auth/login', {
        body: { username: 'mona', password: 'mona-password' },
      });
      expect(login.status).toBe(200);
      const token = login.body.access_token;
      expect((await t.api('GET', '/bookmarks', { token })).body).toEqual({
        question_ids: [Number(question.id)],
      });
      // Readiness, the migration that came second, is there and answers.
      const readiness = await t.api('GET', '/readiness', { token });
      expect(readiness.status).toBe(200);
    });
  },
);
