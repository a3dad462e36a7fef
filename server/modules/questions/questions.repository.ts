import type { Kysely } from 'kysely';
import type { Database, QuestionRow } from '../../db/schema';
import { whereUnchanged } from '../../db/unchanged';
import { parseQuestionIds } from './questions.model';
import { QUESTION_FIELDS, type QuestionFields } from './questions.validation';
import { searchTextOf } from './question-search';

// 200 rows of 12 columns stay well under SQLite's and PostgreSQL's bound-parameter limits.
const INSERT_CHUNK = 200;

/** Data access for the question bank and its images; accepts a transaction too. */
export function createQuestionsRepository(db: Kysely<Database>) {
  /** The courses whose questions name each of `names`, for the names some question names. */
  async function coursesUsingPhotos(names: Iterable<string>): Promise<Map<string, Set<number>>> {
    const wanted = [...new Set(names)];
    const courses = new Map<string, Set<number>>();
    for (let i = 0; i < wanted.length; i += 500) {
      const rows = await db
        .selectFrom('questions')
        .select(['photo', 'course_id'])
        .distinct()
        .where('photo', 'in', wanted.slice(i, i + 500))
        .execute();
      for (const row of rows) {
        if (row.photo === null) continue;
        const using = courses.get(row.photo) ?? new Set<number>();
        using.add(row.course_id);
        courses.set(row.photo, using);
      }
    }
    return courses;
  }

  return {
    byId: (id: number) =>
      db.selectFrom('questions').selectAll().where('id', '=', id).executeTakeFirst(),

    insert: (question: QuestionFields, createdAt: string, courseId: number): Promise<QuestionRow> =>
      db
        .insertInto('questions')
        .values({
          ...question,
          created_at: createdAt,
          search_text: searchTextOf(question),
          course_id: courseId,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Inserts every question or none: one transaction, in batches. */
    insertAll: (
      questions: readonly QuestionFields[],
      createdAt: string,
      courseId: number,
    ): Promise<void> =>
      db.transaction().execute(async (trx) => {
        for (let i = 0; i < questions.length; i += INSERT_CHUNK) {
          await trx
            .insertInto('questions')
            .values(
              questions.slice(i, i + INSERT_CHUNK).map((q) => ({
                ...q,
                created_at: createdAt,
                search_text: searchTextOf(q),
                course_id: courseId,
              })),
            )
            .execute();
        }
      }),

    /**
     * Undefined when the question is gone, or (given `unchanged`) no longer has those stored
     * fields: the check and the change are one statement, so no other change slips between.
     */
    replace(id: number, question: QuestionFields, unchanged?: QuestionFields) {
      return whereUnchanged(
        db
          .updateTable('questions')
          .set({ ...question, search_text: searchTextOf(question) })
          .where('id', '=', id),
        QUESTION_FIELDS,
        unchanged,
      )
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Deletes a question and takes its id out of every topic and ticket, so none of them points
     * at a question that is gone. Its memory rows go with it (foreign key cascade).
     */
    delete: (id: number): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const result = await trx.deleteFrom('questions').where('id', '=', id).executeTakeFirst();
        if (result.numDeletedRows === 0n) return false;
        for (const table of ['topics', 'tickets'] as const) {
          // Topics and tickets number in the tens; reading them whole is simpler than JSON SQL
          // that SQLite and PostgreSQL would spell differently.
          const rows = await trx.selectFrom(table).select(['id', 'question_ids']).execute();
          for (const row of rows) {
            const ids = parseQuestionIds(row.question_ids);
            if (!ids?.includes(id)) continue;
            await trx
              .updateTable(table)
              .set({ question_ids: JSON.stringify(ids.filter((other) => other !== id)) })
              .where('id', '=', row.id)
              .execute();
          }
        }
        return true;
      }),

    /**
     * Empties a course's bank: its tickets are deleted, its topics kept with no questions.
     * Returns how many questions went.
     */
    deleteAll: (courseId: number): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('questions')
          .where('course_id', '=', courseId)
          .executeTakeFirst();
        await trx.deleteFrom('tickets').where('course_id', '=', courseId).execute();
        await trx
          .updateTable('topics')
          .set({ question_ids: '[]' })
          .where('course_id', '=', courseId)
          .execute();
        return Number(result.numDeletedRows);
      }),

    imageByName: (name: string) =>
      db.selectFrom('images').selectAll().where('name', '=', name).executeTakeFirst(),

    insertImage: (image: ImageRow) => db.insertInto('images').values(image).execute(),

    /** Stores other bytes under a taken name; every question naming it shows them. */
    replaceImage: (image: Omit<ImageRow, 'created_at'>) =>
      db
        .updateTable('images')
        .set({ content_type: image.content_type, data: image.data, etag: image.etag })
        .where('name', '=', image.name)
        .execute(),

    /** The entity tag of each of `names` that is stored (a missing name is not in the map). */
    coursesUsingPhotos,

    /** The names of the courses whose questions use any of `names`, by id. */
    async courseNamesUsingPhotos(names: readonly string[]): Promise<string[]> {
      const ids = new Set(
        [...(await coursesUsingPhotos(names)).values()].flatMap((set) => [...set]),
      );
      if (ids.size === 0) return [];
      const rows = await db
        .selectFrom('courses')
        .select('name')
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
      return rows.map((row) => row.name);
    },

    async imageEtags(names: Iterable<string>): Promise<Map<string, string>> {
      const wanted = [...new Set(names)];
      const etags = new Map<string, string>();
      // Chunks keep each statement under SQLite's bound-parameter limit.
      for (let i = 0; i < wanted.length; i += 500) {
        const rows = await db
          .selectFrom('images')
          .select(['name', 'etag'])
          .where('name', 'in', wanted.slice(i, i + 500))
          .execute();
        for (const row of rows) etags.set(row.name, row.etag);
      }
      return etags;
    },

    /**
     * The stored photos whose names are `names` but for case (`UK_SIGN_21.PNG` for
     * `UK_sign_21.png`, `ЗНАК_1.PNG` for `знак_1.png`): each name in lower case with the stored
     * names it matches. Compared here, not in SQL: SQLite's `lower` folds Latin letters alone.
     */
    async imageNamesIgnoringCase(names: Iterable<string>): Promise<Map<string, string[]>> {
      const wanted = new Set([...names].map((name) => name.toLowerCase()));
      const found = new Map<string, string[]>();
      if (wanted.size === 0) return found;
      for (const { name } of await db.selectFrom('images').select('name').execute()) {
        const key = name.toLowerCase();
        if (wanted.has(key)) found.set(key, [...(found.get(key) ?? []), name]);
      }
      return found;
    },
  };
}

/** An image row as written. */
export interface ImageRow {
  name: string;
  content_type: string;
  data: Buffer;
  etag: string;
  created_at: string;
}

export type QuestionsRepository = ReturnType<typeof createQuestionsRepository>;
