import { type Insertable, type Kysely, sql } from 'kysely';
import { precompiled, precompiledFor } from '../../db/precompiled';
import type {
  Database,
  ExamResultRow,
  ExamResultsTable,
  ExamSessionRow,
  ExamSessionsTable,
} from '../../db/schema';
import type { ExamType } from './exams.model';

/**
 * A result's figure in percent, unrounded: of the points when its course passed it on points,
 * else of the questions right; the figure the dashboard's list and chart show for it
 * (`scoreOf` in src/features/dashboard/result-score.ts).
 */
const EXACT_SCORE = sql`case
  when pass_rule = 'percent_points' and max_points > 0 then 100.0 * total_points / max_points
  when total_questions = 0 then 0
  else 100.0 * correct_answers / total_questions end`;

// Every exam submission reads its session and, in its transaction, closes it: built once.
const ownSessionOf = precompiledFor((db) =>
  db.selectFrom('exam_sessions').selectAll().where('id', '=', 0).where('user_id', '=', 0),
);
const closeSessionOf = precompiledFor((db) =>
  db
    .updateTable('exam_sessions')
    .set({ completed_at: '', result_id: 0, started_at: '' })
    .where('id', '=', 0),
);

// A result's every column but its id, in the order its insert binds them.
const RESULT_COLUMNS = [
  'user_id',
  'exam_type',
  'total_questions',
  'correct_answers',
  'score',
  'passed',
  'time_taken',
  'total_points',
  'max_points',
  'answers',
  'client_id',
  'created_at',
  'course_id',
  'pass_rule',
  'pass_value',
  'decided_by',
  'mistakes',
  'unanswered',
  'session_id',
  'over_time',
  'language',
  'ended_early',
] as const satisfies readonly (keyof ExamResultsTable)[];

/** A new result with every column given, as a submission saves it. */
export type NewExamResult = {
  [C in (typeof RESULT_COLUMNS)[number]]-?: Insertable<ExamResultsTable>[C];
};

const insertResultOf = precompiledFor((db) =>
  db
    .insertInto('exam_results')
    .values(Object.fromEntries(RESULT_COLUMNS.map((column) => [column, 0])) as never)
    .returningAll(),
);

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
    /** Saves a submission's result: the insert is built once, as every submission makes it. */
    async insertResult(result: NewExamResult): Promise<ExamResultRow> {
      const [row] = await insertResultOf(db, ...RESULT_COLUMNS.map((column) => result[column]));
      if (!row) throw new Error('The result was not saved');
      return row;
    },

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
    ownSession: async (id: number, userId: number): Promise<ExamSessionRow | undefined> =>
      (await ownSessionOf(db, id, userId))[0],

    /** Closes a session with its result and the start it was held to, as a submission does. */
    closeSession: async (
      id: number,
      completedAt: string,
      resultId: number,
      startedAt: string,
    ): Promise<void> => {
      await closeSessionOf(db, completedAt, resultId, startedAt, id);
    },

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
