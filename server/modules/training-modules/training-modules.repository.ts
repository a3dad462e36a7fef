import { type Kysely, sql } from 'kysely';
import type { Database, TrainingSessionRow } from '../../db/schema';
import { weakSpotCondition } from './memory';
import { NO_FIGURES } from './session-counts';
import type { DifficultyPreference } from '../../../domain/draw';
import { storedQuestionIds } from '../questions/questions.model';

// Well under SQLite's bound-parameter limit and PostgreSQL's, for `in (...)` lists.
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) result.push(items.slice(i, i + CHUNK));
  return result;
}

/** 1-point questions count as easy, 2 and more as hard: 0 sorts the preferred ones first. */
function difficultyRank(preference: 'easy' | 'hard') {
  return preference === 'easy'
    ? sql<number>`case when ${sql.ref('points')} <= 1 then 0 else 1 end`
    : sql<number>`case when ${sql.ref('points')} >= 2 then 0 else 1 end`;
}

/**
 * Data access for training in one course: the learner's question memory of its questions, their
 * sessions in it and draws from its bank; accepts a transaction too.
 */
export function createTrainingRepository(db: Kysely<Database>, courseId: number) {
  const courseQuestions = () => db.selectFrom('questions').where('course_id', '=', courseId);
  const courseQuestionIds = () =>
    db.selectFrom('questions').select('questions.id').where('questions.course_id', '=', courseId);
  const memoryOf = (userId: number) =>
    db
      .selectFrom('question_memory')
      .where('question_memory.user_id', '=', userId)
      .where('question_memory.question_id', 'in', courseQuestionIds());

  /** The learner's weak spots, weakest first: most misses, then lowest accuracy, then most recent. */
  const weakSpotsQuery = (userId: number) =>
    memoryOf(userId)
      .where(weakSpotCondition)
      .orderBy('question_memory.wrong_count', 'desc')
      .orderBy(
        sql`${sql.ref('question_memory.correct_count')} * 1.0 / (${sql.ref('question_memory.correct_count')} + ${sql.ref('question_memory.wrong_count')})`,
        'asc',
      )
      .orderBy('question_memory.last_answered_at', 'desc')
      .orderBy('question_memory.question_id', 'asc');

  /** Questions due at `now`, most overdue first. */
  const dueQuery = (userId: number, now: string) =>
    memoryOf(userId)
      .where('question_memory.due_at', '<=', now)
      .orderBy('question_memory.due_at', 'asc')
      .orderBy('question_memory.question_id', 'asc');

  const count = async (query: ReturnType<typeof memoryOf>) =>
    Number((await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  return {
    weakSpots: (userId: number, limit: number) =>
      weakSpotsQuery(userId)
        .innerJoin('questions', 'questions.id', 'question_memory.question_id')
        .select([
          'question_memory.question_id',
          'question_memory.topic_name',
          'question_memory.correct_count',
          'question_memory.wrong_count',
          'question_memory.last_answered_at',
          'question_memory.due_at',
          'questions.question_text',
        ])
        .limit(limit)
        .execute(),

    /** Weak-spot ids, weakest first; all of them without a limit (they are bounded by what the learner answered). */
    async weakSpotIds(
      userId: number,
      limit?: number,
      excludeIds: readonly number[] = [],
    ): Promise<number[]> {
      let query = weakSpotsQuery(userId).select('question_memory.question_id');
      if (excludeIds.length > 0)
        query = query.where('question_memory.question_id', 'not in', excludeIds);
      if (limit !== undefined) query = query.limit(limit);
      return (await query.execute()).map((row) => row.question_id);
    },

    countWeakSpots: (userId: number) => count(memoryOf(userId).where(weakSpotCondition)),

    async dueIds(userId: number, now: string, limit: number): Promise<number[]> {
      const rows = await dueQuery(userId, now)
        .select('question_memory.question_id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.question_id);
    },

    countDue: (userId: number, now: string) =>
      count(memoryOf(userId).where('question_memory.due_at', '<=', now)),

    /** Distinct questions answered and the answers given in all. */
    async answerTotals(userId: number) {
      const row = await memoryOf(userId)
        .select((eb) => [
          eb.fn.countAll().as('questions'),
          eb.fn.sum<number | null>('question_memory.correct_count').as('correct'),
          eb.fn.sum<number | null>('question_memory.wrong_count').as('wrong'),
        ])
        .executeTakeFirstOrThrow();
      return {
        questions: Number(row.questions),
        correct: Number(row.correct ?? 0),
        wrong: Number(row.wrong ?? 0),
      };
    },

    /** Right and wrong answers per question; as many rows as questions the learner answered. */
    answerCounts: (userId: number) =>
      memoryOf(userId)
        .select([
          'question_memory.question_id',
          'question_memory.correct_count',
          'question_memory.wrong_count',
        ])
        .execute(),

    /** Ids among `ids` that name existing questions. */
    async existingQuestionIds(ids: readonly number[]): Promise<Set<number>> {
      const found = new Set<number>();
      for (const part of chunks([...new Set(ids)])) {
        const rows = await courseQuestions().select('id').where('id', 'in', part).execute();
        for (const row of rows) found.add(row.id);
      }
      return found;
    },

    /** When the learner's account was made (undefined when it is gone). */
    userCreatedAt: async (userId: number): Promise<string | undefined> =>
      (
        await db
          .selectFrom('users')
          .select('created_at')
          .where('id', '=', userId)
          .executeTakeFirst()
      )?.created_at,

    async countQuestions(): Promise<number> {
      const row = await courseQuestions()
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The id at `position` (0-based) of the course's bank sorted by id, through its index. */
    async questionIdAt(position: number): Promise<number | undefined> {
      const row = await courseQuestions()
        .select('id')
        .orderBy('id')
        .limit(1)
        .offset(position)
        .executeTakeFirst();
      return row?.id;
    },

    async firstQuestionIds(limit: number): Promise<number[]> {
      return (await courseQuestions().select('id').orderBy('id').limit(limit).execute()).map(
        (r) => r.id,
      );
    },

    /** Random questions the learner has never answered. */
    async unansweredRandomIds(userId: number, limit: number): Promise<number[]> {
      const rows = await courseQuestions()
        .select('id')
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('question_memory')
                .select('question_memory.question_id')
                .where('question_memory.user_id', '=', userId)
                .whereRef('question_memory.question_id', '=', 'questions.id'),
            ),
          ),
        )
        .orderBy(sql`random()`)
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /**
     * Random question ids from the whole bank, the preferred difficulty first. Only ids are
     * sorted, so the database can work from an index rather than whole rows.
     */
    async randomIds(
      limit: number,
      excludeIds: readonly number[],
      preference?: DifficultyPreference,
    ): Promise<number[]> {
      let query = courseQuestions().select('id');
      if (excludeIds.length > 0) query = query.where('id', 'not in', excludeIds);
      if (preference) query = query.orderBy(difficultyRank(preference));
      const rows = await query
        .orderBy(sql`random()`)
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Id and points of the given questions, for draws inside a known set such as some topics. */
    async pointsOf(ids: readonly number[]): Promise<{ id: number; points: number }[]> {
      const result: { id: number; points: number }[] = [];
      for (const part of chunks([...new Set(ids)])) {
        result.push(
          ...(await db
            .selectFrom('questions')
            .select(['id', 'points'])
            .where('id', 'in', part)
            .execute()),
        );
      }
      return result;
    },

    /** The topics with the given ids, with their raw question lists. */
    async topics(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .selectFrom('topics')
        .select(['id', 'name', 'question_ids'])
        .where('course_id', '=', courseId)
        .where('id', 'in', [...ids])
        .orderBy('id')
        .execute();
    },

    anyQuestion: async () =>
      Boolean(await courseQuestions().select('id').limit(1).executeTakeFirst()),
    /** The questions of the course's first ticket (tickets are generated alike); null without one. */
    firstTicketSize: async () => {
      const ticket = await db
        .selectFrom('tickets')
        .select('question_ids')
        .where('course_id', '=', courseId)
        .orderBy('ticket_number')
        .limit(1)
        .executeTakeFirst();
      return ticket === undefined ? null : storedQuestionIds(ticket.question_ids).length;
    },
    anyTopic: async () =>
      Boolean(
        await db
          .selectFrom('topics')
          .select('id')
          .where('course_id', '=', courseId)
          .limit(1)
          .executeTakeFirst(),
      ),

    insertSession: (session: {
      userId: number;
      sessionType: string;
      questionIds: readonly number[];
      timeLimitSeconds: number | null;
      createdAt: string;
      /** The client's key for a session recorded once its run was over. */
      clientId?: string | undefined;
      /** The figures the server counted from the answers given with it; none by default. */
      figures?: Pick<
        TrainingSessionRow,
        'questions_answered' | 'correct_answers' | 'total_points' | 'counted_question_ids'
      >;
    }): Promise<TrainingSessionRow> =>
      db
        .insertInto('training_sessions')
        .values({
          user_id: session.userId,
          session_type: session.sessionType,
          question_ids: JSON.stringify(session.questionIds),
          time_limit_seconds: session.timeLimitSeconds,
          ...(session.figures ?? NO_FIGURES),
          time_spent_seconds: 0,
          is_completed: 0,
          completed_at: null,
          created_at: session.createdAt,
          course_id: courseId,
          client_id: session.clientId ?? null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The session only when it belongs to `userId`: another learner's reads as missing. */
    /** The learner's session recorded with the client's key `clientId`, if any. */
    sessionByClientId: (userId: number, clientId: string) =>
      db
        .selectFrom('training_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('client_id', '=', clientId)
        .executeTakeFirst(),

    sessionOf: (userId: number, id: number) =>
      db
        .selectFrom('training_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    listSessions: (userId: number, filter: { sessionType?: string | undefined; limit: number }) => {
      let query = db
        .selectFrom('training_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId);
      if (filter.sessionType) query = query.where('session_type', '=', filter.sessionType);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit)
        .execute();
    },

    updateSession: (
      userId: number,
      id: number,
      changes: Partial<
        Pick<
          TrainingSessionRow,
          | 'questions_answered'
          | 'correct_answers'
          | 'total_points'
          | 'time_spent_seconds'
          | 'is_completed'
          | 'completed_at'
          | 'counted_question_ids'
        >
      >,
    ) =>
      db
        .updateTable('training_sessions')
        .set(changes)
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returningAll()
        .executeTakeFirst(),

    async sessionTotalsByType(userId: number) {
      const rows = await db
        .selectFrom('training_sessions')
        .select((eb) => [
          'session_type',
          eb.fn.countAll().as('sessions'),
          eb.fn.sum<number>('is_completed').as('completed'),
          eb.fn.sum<number>('questions_answered').as('questions_answered'),
          eb.fn.sum<number>('correct_answers').as('correct_answers'),
          eb.fn.sum<number>('time_spent_seconds').as('time_spent_seconds'),
        ])
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .groupBy('session_type')
        .orderBy('session_type')
        .execute();
      // pg answers sums of integers as bigint (parsed to numbers, see database.ts); Number() settles both.
      return rows.map((row) => ({
        session_type: row.session_type,
        sessions: Number(row.sessions),
        completed: Number(row.completed),
        questions_answered: Number(row.questions_answered),
        correct_answers: Number(row.correct_answers),
        time_spent_seconds: Number(row.time_spent_seconds),
      }));
    },

    /** Whether the learner completed a session of this type created in [from, to). */
    async hasCompletedSession(
      userId: number,
      sessionType: string,
      from: string,
      to: string,
    ): Promise<boolean> {
      const row = await db
        .selectFrom('training_sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('course_id', '=', courseId)
        .where('session_type', '=', sessionType)
        .where('is_completed', '=', 1)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .limit(1)
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}

export type TrainingRepository = ReturnType<typeof createTrainingRepository>;
