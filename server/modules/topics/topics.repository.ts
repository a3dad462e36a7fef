import type { Kysely } from 'kysely';
import type { Database, TopicRow } from '../../db/schema';
import { whereUnchanged } from '../../db/unchanged';
import { TOPIC_FIELDS } from './topics.model';

/** Data access for topics; accepts a transaction too. */
export function createTopicsRepository(db: Kysely<Database>) {
  return {
    /** By name, whatever the case, so both databases list them alike. */
    list: () =>
      db
        .selectFrom('topics')
        .selectAll()
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute(),

    byId: (id: number) =>
      db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The topic holding this name in any case, other than `exceptId`. */
    byName(name: string, exceptId?: number) {
      let query = db
        .selectFrom('topics')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    insert: (topic: {
      name: string;
      question_ids: string;
      created_at: string;
    }): Promise<TopicRow> =>
      db.insertInto('topics').values(topic).returningAll().executeTakeFirstOrThrow(),

    /**
     * Undefined when the topic is gone, or (given `unchanged`) no longer has those stored
     * fields: the check and the change are one statement, so no other change slips between.
     */
    update(
      id: number,
      changes: { name?: string; question_ids?: string },
      unchanged?: Pick<TopicRow, (typeof TOPIC_FIELDS)[number]>,
    ) {
      return whereUnchanged(
        db.updateTable('topics').set(changes).where('id', '=', id),
        TOPIC_FIELDS,
        unchanged,
      )
        .returningAll()
        .executeTakeFirst();
    },

    delete: async (id: number) =>
      (await db.deleteFrom('topics').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,

    /** The number of topics deleted. */
    deleteAll: async () =>
      Number((await db.deleteFrom('topics').executeTakeFirst()).numDeletedRows),
  };
}

export type TopicsRepository = ReturnType<typeof createTopicsRepository>;
