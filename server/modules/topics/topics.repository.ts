import type { Kysely } from 'kysely';
import type { Database, TopicRow } from '../../db/schema';
import { whereUnchanged } from '../../db/unchanged';
import { TOPIC_FIELDS } from './topics.model';

/** Data access for topics; accepts a transaction too. */
export function createTopicsRepository(db: Kysely<Database>) {
  return {
    /** A course's topics by name, whatever the case, so both databases list them alike. */
    list: (courseId: number) =>
      db
        .selectFrom('topics')
        .selectAll()
        .where('course_id', '=', courseId)
        .orderBy((eb) => eb.fn('lower', ['name']))
        .orderBy('id')
        .execute(),

    byId: (id: number) =>
      db.selectFrom('topics').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The course's topic holding this name in any case, other than `exceptId`. */
    byName(courseId: number, name: string, exceptId?: number) {
      let query = db
        .selectFrom('topics')
        .selectAll()
        .where('course_id', '=', courseId)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    },

    insert: (topic: {
      name: string;
      question_ids: string;
      created_at: string;
      course_id: number;
      translations?: string | null;
    }): Promise<TopicRow> =>
      db.insertInto('topics').values(topic).returningAll().executeTakeFirstOrThrow(),

    /**
     * Undefined when the topic is gone, or (given `unchanged`) no longer has those stored
     * fields: the check and the change are one statement, so no other change slips between.
     */
    update(
      id: number,
      changes: { name?: string; question_ids?: string; translations?: string | null },
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

    /** The number of the course's topics deleted. */
    deleteAll: async (courseId: number) =>
      Number(
        (await db.deleteFrom('topics').where('course_id', '=', courseId).executeTakeFirst())
          .numDeletedRows,
      ),
  };
}

export type TopicsRepository = ReturnType<typeof createTopicsRepository>;
