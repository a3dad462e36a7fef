import { type Insertable, type Kysely, sql } from 'kysely';
import { precompiled } from '../../db/precompiled';
import type {
  Database,
  ExamResultRow,
  ExamResultsTable,
  ExamSessionRow,
  ExamSessionsTable,
} from '../../db/schema';
import type { ExamType } from './exams.model';

/** A result's percentage of right answers, unrounded. */
const EXACT_SCORE = sql`case when total_questions = 0 then 0 else 100.0 * correct_answers / total_questions end`;

/** Data access for exam results and exam sessions; accepts a transaction too. */
export function createExamsRepository(db: Kysely<Database>) {
  // The statistics page asks this when the learner's results or memory changed since the last
  // visit: built once, run with the learner's id.
  const totalsOf = precompiled(db, () =>
    db
      .selectFrom('exam_results')
      .select((eb) => [
        eb.fn.countAll().as('total'),
        eb.fn.sum<number | string | null>('passed').as('passed'),
        // Of the exact scores: each result's `score` is rounded down to a whole percent.
        sql<number | string | null>`avg(${EXACT_SCORE})`.as('average'),
        sql<number | string | null>`max(${EXACT_SCORE})`.as('best'),
      ])
      .where('user_id', '=', 0)
      .where('exam_type', '=', 'exam')
      .where('course_id', '=', 0),
  );
  const answerCountsOf = precompiled(db, () =>
    db
      .selectFrom('question_memory')
      .select(['question_id', 'correct_count', 'wrong_count'])
      .where('user_id', '=', 0),
  );

  return {
    insertResult: (result: Insertable<ExamResultsTable>): Promise<ExamResultRow> =>
      db.insertInto('exam_results').values(result).returningAll().executeTakeFirstOrThrow(),

    resultByClientId: (userId: number, clientId: string) =>
      db
        .selectFrom('exam_results')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst(),

    /** The result graded against an exam session (one at most: a unique index holds it). */
    resultBySession: (sessionId: number) =>
      db
        .selectFrom('exam_results')
        .selectAll()
        .where('session_id', '=', sessionId)
        .executeTakeFirst(),

    resultById: (id: number) =>
      db.selectFrom('exam_results').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The user's results, newest first. */
    history(
      userId: number,
      courseId: number,
      filter: { examType?: ExamType | undefined; limit: number },
    ) {
      let query = db
        .selectFrom('exam_results')
        .selectAll()
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId);
      if (filter.examType) query = query.where('exam_type', '=', filter.examType);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .execute();
    },

    /** Counts over the user's results of one type in one course, computed by the database. */
    async totals(userId: number, examType: ExamType, courseId: number) {
      const [row] = await totalsOf(userId, examType, courseId);
      // PostgreSQL answers sums and averages as numeric text.
      return {
        total: Number(row?.total ?? 0),
        passed: Number(row?.passed ?? 0),
        average: Number(row?.average ?? 0),
        best: Number(row?.best ?? 0),
      };
    },

    /** The user's answer counts per question, from their memory of each question. */
    answerCounts: (userId: number) => answerCountsOf(userId),

    insertSession: (session: Insertable<ExamSessionsTable>): Promise<ExamSessionRow> =>
      db.insertInto('exam_sessions').values(session).returningAll().executeTakeFirstOrThrow(),

    /** The user's own session; someone else's is as good as missing. */
    ownSession: (id: number, userId: number) =>
      db
        .selectFrom('exam_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    completeSession: (id: number, changes: { completed_at: string; result_id: number | null }) =>
      db
        .updateTable('exam_sessions')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),
  };
}

export type ExamsRepository = ReturnType<typeof createExamsRepository>;
