import { isRightByKey } from '../../../domain/answers';
import {
  type DifficultyPreference,
  drawSize,
  pickExpressQuestions,
  shuffle,
} from '../../../domain/draw';
import type { AppDeps } from '../../deps';
import { isUniqueViolation } from '../../db/data-errors';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors';
import type { Caller, Schema } from '../../http/operations';
import {
  choicesBeyond,
  choicesBeyondDetail,
  type Question,
  questionsByIds,
  storedQuestionIds,
  toQuestion,
} from '../questions/questions.model';
import { numberSettingOf, readNumberSetting } from '../settings/settings.defaults';
import { dailyChallengeRandom, shuffledPositions, utcDate } from '../../../domain/daily-challenge';
import { recordAnswer, writeAnswers } from './memory';
import { cappedTimeSpent, isServerCounted, NO_FIGURES, withCountedAnswers } from './session-counts';
import type { Revisions } from '../../db/revisions';
import type { QuestionMemoryRow, TrainingSessionRow } from '../../db/schema';
import type { AnswerKey } from '../questions/question-bank';
import { createTrainingRepository, type TrainingRepository } from './training-modules.repository';
import { courseOf, DEFAULT_COURSE_ID } from '../courses/courses.model';
import {
  accuracyPerTopic,
  percent,
  parseStoredIds,
  type QuestionMemory,
  type SessionType,
  type TrainingMode,
  type TrainingSession,
  toQuestionMemory,
  toTrainingSession,
  firstTopicByQuestion,
  toWeakSpot,
  type WeakSpot,
} from './training-modules.model';
import { text } from '../../i18n/text';
import type { ContentLanguage } from '../../../domain/question-languages';
import { topicNamesReadIn, topicsIn } from '../topics/topics.model';

type ExpressTestStart = Schema<'ExpressTestStart'>;
type MarathonStart = Schema<'MarathonStart'>;
type StartedSession = Schema<'StartedSession'>;
/** Who trains, and in which course. */
type Learner = Pick<Caller, 'id' | 'courseId'>;

/** Fixed sizes the spec gives for modes that have no setting of their own. */
const TICKET_QUESTION_COUNT = 40;
const WEAK_SPOTS_PER_START = 20;
/** A client's time (`answered_at`, `started_at`) this far ahead of the server's clock is clock difference: now. */
const ANSWER_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Answers (and runs) kept in a browser longer than this are refused: the memory has moved on without them. */
const ANSWER_MAX_AGE_MS = 90 * 24 * 3600 * 1000;
const REVIEW_PER_START = 20;

function difficultyOf(level: ExpressTestStart['difficulty_level']): DifficultyPreference {
  // 'medium' has no points band of its own in a bank of 1- and 2-point questions, so it draws from all.
  return level === 'easy' || level === 'hard' ? level : undefined;
}

/** The training rules: what each mode draws, weak-spot analysis and the learner's sessions. */
export function createTrainingService(deps: AppDeps) {
  // What does not depend on the course (users, grading by question id) reads through the default one.
  const anyCourse = createTrainingRepository(deps.db, DEFAULT_COURSE_ID);
  const scoped = (learner: Learner) => ({
    userId: learner.id,
    repo: createTrainingRepository(deps.db, learner.courseId),
  });
  const nowIso = () => deps.now().toISOString();

  async function loadQuestions(ids: readonly number[]): Promise<Question[]> {
    return (await questionsByIds(deps.db, ids)).map(toQuestion);
  }

  async function startSession(
    learner: Learner,
    sessionType: SessionType,
    questionIds: readonly number[],
    timeLimitSeconds: number | null,
  ): Promise<StartedSession> {
    const questions = await loadQuestions(questionIds);
    const { repo, userId } = scoped(learner);
    const session = await repo.insertSession({
      userId,
      sessionType,
      questionIds: questions.map((q) => q.id),
      timeLimitSeconds,
      createdAt: nowIso(),
    });
    return {
      session_id: session.id,
      session_type: sessionType,
      questions,
      time_limit_seconds: timeLimitSeconds,
    };
  }

  /** Ids of every question in the given topics (unknown topic ids add nothing). */
  async function questionIdsOfTopics(
    repo: TrainingRepository,
    topicIds: readonly number[],
  ): Promise<number[]> {
    const topics = await repo.topics([...new Set(topicIds)]);
    return [...new Set(topics.flatMap((topic) => storedQuestionIds(topic.question_ids)))];
  }

  /**
   * A time the client says something happened (a late answer, a run recorded as it ended),
   * within its bounds (422 outside them, naming `field`); undefined: now.
   */
  async function pastTimeOf(userId: number, value: string | undefined, field: string) {
    if (value === undefined) return undefined;
    const time = new Date(value);
    const now = deps.now();
    if (time.getTime() > now.getTime() + ANSWER_CLOCK_SKEW_MS) {
      throw new ValidationError(text('timeAhead', { field }));
    }
    const createdAt = new Date((await anyCourse.userCreatedAt(userId)) ?? now);
    // Whole seconds: created_at may be stored without the milliseconds the answer has.
    const earliest = Math.max(createdAt.getTime() - 1000, now.getTime() - ANSWER_MAX_AGE_MS);
    if (Number.isNaN(time.getTime()) || time.getTime() < earliest) {
      throw new ValidationError(text('timeTooOld', { field }));
    }
    return time > now ? now : time;
  }

  /**
   * The caller's session an answer names (404 when it is not theirs), when the answer may count
   * in it: one of its questions (422), given after it began, give or take clock difference (422).
   */
  async function sessionForAnswer(
    repo: TrainingRepository,
    userId: number,
    sessionId: number,
    questionId: number,
    answeredAt: Date | undefined,
  ): Promise<TrainingSessionRow> {
    const session = await repo.sessionOf(userId, sessionId);
    if (!session) throw new NotFoundError(text('trainingSessionNotFound'));
    const questionIds = parseStoredIds(session.question_ids);
    if (questionIds.length > 0 && !questionIds.includes(questionId)) {
      throw new ValidationError(text('answersOutsideSession', { ids: String(questionId) }));
    }
    const began = new Date(session.created_at).getTime();
    if (answeredAt !== undefined && answeredAt.getTime() < began - ANSWER_CLOCK_SKEW_MS) {
      throw new ValidationError(text('answerBeforeSession'));
    }
    return session;
  }

  /**
   * The answers a run recorded once it is over came with, graded and counted: they must be of
   * the session's questions when it lists them (422), with choices the questions have (422).
   */
  async function countedFiguresOf(
    questionIds: readonly number[],
    answers: readonly Schema<'TrainingSessionAnswer'>[],
  ) {
    const listed = new Set(questionIds);
    const outside = [...new Set(answers.map((a) => a.question_id))].filter(
      (id) => listed.size > 0 && !listed.has(id),
    );
    if (outside.length > 0) {
      throw new ValidationError(
        text('answersOutsideSession', { ids: outside.slice(0, 20).join(', ') }),
      );
    }
    const bank = await deps.bank.snapshot();
    const questions = new Map<number, AnswerKey>();
    for (const { question_id: id } of answers) {
      const key = bank.answerKey(id);
      if (key) questions.set(id, key);
    }
    const unknown = [...new Set(answers.map((a) => a.question_id))].filter(
      (id) => !questions.has(id),
    );
    if (unknown.length > 0) {
      throw new ValidationError(
        text('unknownQuestionIds', { ids: unknown.slice(0, 20).join(', ') }),
      );
    }
    const beyond = choicesBeyondDetail(
      answers.map((a) =>
        choicesBeyond(
          a.question_id,
          a.selected_answers,
          questions.get(a.question_id)?.answerCount ?? 0,
        ),
      ),
    );
    if (beyond) throw new ValidationError(beyond);
    return withCountedAnswers(
      NO_FIGURES,
      answers.map((a) => {
        const question = questions.get(a.question_id);
        return {
          questionId: a.question_id,
          isCorrect:
            question !== undefined && isRightByKey(a.selected_answers, question.right_answers),
          points: question?.points ?? 0,
        };
      }),
    );
  }

  /**
   * The update of a session whose figures the server counts: the counts sent are ignored, the
   * time spent is held to the time that has passed, completion is the client's word.
   */
  async function updateCountedSession(
    repo: TrainingRepository,
    existing: TrainingSessionRow,
    changes: Schema<'TrainingSessionUpdate'>,
  ): Promise<TrainingSession> {
    const completedAt = completionTimeOf(existing, changes);
    const updated = await repo.updateSession(existing.user_id, existing.id, {
      ...(changes.time_spent_seconds !== undefined
        ? { time_spent_seconds: cappedTimeSpent(changes.time_spent_seconds, existing, deps.now()) }
        : {}),
      ...(changes.is_completed !== undefined ? { is_completed: changes.is_completed ? 1 : 0 } : {}),
      ...(completedAt !== undefined ? { completed_at: completedAt } : {}),
    });
    if (!updated) throw new NotFoundError(text('trainingSessionNotFound'));
    return toTrainingSession(updated);
  }

  /**
   * When the session was completed after `changes`: a repeated "completed" (timer and finish
   * button racing) keeps the first completion time; undefined leaves it as it is.
   */
  function completionTimeOf(
    existing: TrainingSessionRow,
    changes: Schema<'TrainingSessionUpdate'>,
  ): string | null | undefined {
    if (changes.completed_at !== undefined) return changes.completed_at;
    if (changes.is_completed === true)
      return existing.is_completed ? existing.completed_at : nowIso();
    if (changes.is_completed === false) return null;
    return undefined;
  }

  return {
    /** Grades the answer when the choices are given (the client's verdict is not trusted then) and feeds memory. */
    async recordTrainingAnswer(
      learner: Learner,
      answer: Schema<'WeakSpotUpdate'>,
      revisions: Revisions | null = null,
    ): Promise<QuestionMemory> {
      const { repo, userId } = scoped(learner);
      // The bank as the caller's request read it: no statement of its own.
      const question = (await deps.bank.snapshot(revisions)).answerKey(answer.question_id);
      if (!question) throw new NotFoundError(text('questionNotFound'));
      const beyond = choicesBeyondDetail([
        choicesBeyond(answer.question_id, answer.selected_answers ?? [], question.answerCount),
      ]);
      if (beyond) throw new ValidationError(beyond);
      const isCorrect = answer.selected_answers
        ? isRightByKey(answer.selected_answers, question.right_answers)
        : answer.is_correct;
      const answeredAt = await pastTimeOf(userId, answer.answered_at, 'answered_at');
      const session =
        answer.session_id === undefined
          ? undefined
          : await sessionForAnswer(repo, userId, answer.session_id, answer.question_id, answeredAt);
      const memoryAnswer = {
        questionId: answer.question_id,
        isCorrect,
        topicName: answer.topic_name,
        answeredAt,
        key: answer.client_id,
        courseId: question.courseId,
      };
      if (session === undefined || !isServerCounted(session)) {
        return toQuestionMemory(await recordAnswer(deps, { userId, ...memoryAnswer }));
      }
      // The memory and the session's figures move together, under the learner's memory lock.
      const memory = await deps.db.transaction().execute(async (trx) => {
        const [row] = await writeAnswers(trx, userId, [memoryAnswer], deps.now());
        const inTrx = createTrainingRepository(trx, learner.courseId);
        const current = await inTrx.sessionOf(userId, session.id);
        const figures =
          current &&
          withCountedAnswers(current, [
            { questionId: answer.question_id, isCorrect, points: question.points },
          ]);
        if (figures) await inTrx.updateSession(userId, session.id, figures);
        return row as QuestionMemoryRow;
      });
      return toQuestionMemory(memory);
    },

    /** `language`: the learner's content language, which the topics are named in. */
    async weakSpots(
      learner: Learner,
      limit: number,
      language: ContentLanguage,
    ): Promise<WeakSpot[]> {
      const { repo, userId } = scoped(learner);
      const [rows, topics] = await Promise.all([
        repo.weakSpots(userId, limit),
        deps.bank.snapshot().then((bank) => courseOf(bank, learner).topics()),
      ]);
      const topicOf = firstTopicByQuestion(topicsIn(topics, language));
      const named = topicNamesReadIn(topics, language);
      return rows.map((row) =>
        toWeakSpot({
          ...row,
          topic_name:
            row.topic_name === null
              ? (topicOf.get(row.question_id) ?? null)
              : named(row.topic_name),
        }),
      );
    },

    async weakSpotQuestions(learner: Learner, limit: number): Promise<Question[]> {
      const { repo, userId } = scoped(learner);
      return loadQuestions(await repo.weakSpotIds(userId, limit));
    },

    async weakSpotAnalysis(
      learner: Learner,
      language: ContentLanguage,
    ): Promise<Schema<'WeakSpotAnalysis'>> {
      const { repo, userId } = scoped(learner);
      const [totals, weak, due, counts, topics] = await Promise.all([
        repo.answerTotals(userId),
        repo.countWeakSpots(userId),
        repo.countDue(userId, nowIso()),
        repo.answerCounts(userId),
        deps.bank.snapshot().then((bank) => courseOf(bank, learner).topics()),
      ]);
      // Only the learner's answered questions are held here, never the bank.
      const byQuestion = new Map(counts.map((row) => [row.question_id, row]));
      return {
        total_answered: totals.questions,
        total_weak_spots: weak,
        due_for_review: due,
        overall_accuracy: percent(totals.correct, totals.correct + totals.wrong),
        topics: accuracyPerTopic(byQuestion, topicsIn(topics, language)),
      };
    },

    async createSession(
      learner: Learner,
      input: Schema<'TrainingSessionCreate'>,
    ): Promise<TrainingSession> {
      const { repo, userId } = scoped(learner);
      // A resend of a session recorded before (its answer lost on the way): the one recorded.
      const clientId = input.client_id;
      const recorded = clientId ? await repo.sessionByClientId(userId, clientId) : undefined;
      if (recorded) return toTrainingSession(recorded);
      const questionIds = input.question_ids ?? [];
      const existing = await repo.existingQuestionIds(questionIds);
      const missing = [...new Set(questionIds.filter((id) => !existing.has(id)))];
      if (missing.length > 0) {
        throw new ValidationError(
          text('unknownQuestionIds', { ids: missing.slice(0, 20).join(', ') }),
        );
      }
      const startedAt = await pastTimeOf(userId, input.started_at, 'started_at');
      const figures = input.answers?.length
        ? await countedFiguresOf(questionIds, input.answers)
        : undefined;
      try {
        const session = await repo.insertSession({
          userId,
          sessionType: input.session_type,
          questionIds,
          timeLimitSeconds: input.time_limit_seconds ?? null,
          createdAt: startedAt?.toISOString() ?? nowIso(),
          clientId,
          ...(figures ? { figures } : {}),
        });
        return toTrainingSession(session);
      } catch (error) {
        // The same session sent twice at once: the other request recorded it first.
        const first = clientId ? await repo.sessionByClientId(userId, clientId) : undefined;
        if (first && isUniqueViolation(error)) return toTrainingSession(first);
        throw error;
      }
    },

    async listSessions(
      learner: Learner,
      filter: { sessionType: SessionType | undefined; limit: number },
    ): Promise<TrainingSession[]> {
      const { repo, userId } = scoped(learner);
      return (await repo.listSessions(userId, filter)).map(toTrainingSession);
    },

    async updateSession(
      learner: Learner,
      id: number,
      changes: Schema<'TrainingSessionUpdate'>,
    ): Promise<TrainingSession> {
      const { repo, userId } = scoped(learner);
      const existing = await repo.sessionOf(userId, id);
      if (!existing) throw new NotFoundError(text('trainingSessionNotFound'));
      if (isServerCounted(existing)) return updateCountedSession(repo, existing, changes);
      const answered = changes.questions_answered ?? existing.questions_answered;
      const correct = changes.correct_answers ?? existing.correct_answers;
      if (correct > answered) {
        throw new ValidationError(text('correctExceedsAnswered'));
      }
      // A run answers each of its session's questions once at the most (a session started
      // without a list has no bound here).
      const questionCount = parseStoredIds(existing.question_ids).length;
      if (questionCount > 0 && answered > questionCount) {
        throw new ValidationError(text('answeredExceedsSession', { count: questionCount }));
      }
      const completedAt = completionTimeOf(existing, changes);
      const updated = await repo.updateSession(userId, id, {
        questions_answered: answered,
        correct_answers: correct,
        ...(changes.total_points !== undefined ? { total_points: changes.total_points } : {}),
        ...(changes.time_spent_seconds !== undefined
          ? { time_spent_seconds: changes.time_spent_seconds }
          : {}),
        ...(changes.is_completed !== undefined
          ? { is_completed: changes.is_completed ? 1 : 0 }
          : {}),
        ...(completedAt !== undefined ? { completed_at: completedAt } : {}),
      });
      if (!updated) throw new NotFoundError(text('trainingSessionNotFound'));
      return toTrainingSession(updated);
    },

    async sessionStats(learner: Learner): Promise<Schema<'TrainingSessionStats'>> {
      const { repo, userId } = scoped(learner);
      const byType = await repo.sessionTotalsByType(userId);
      const sum = (pick: (row: (typeof byType)[number]) => number) =>
        byType.reduce((total, row) => total + pick(row), 0);
      const answered = sum((row) => row.questions_answered);
      const correct = sum((row) => row.correct_answers);
      return {
        total_sessions: sum((row) => row.sessions),
        completed_sessions: sum((row) => row.completed),
        total_questions_answered: answered,
        total_correct_answers: correct,
        accuracy: percent(correct, answered),
        total_time_seconds: sum((row) => row.time_spent_seconds),
        by_type: byType.map((row) => ({
          session_type: row.session_type as SessionType,
          sessions: row.sessions,
          questions_answered: row.questions_answered,
          correct_answers: row.correct_answers,
        })),
      };
    },

    /**
     * Due reviews first (most overdue), then weak spots, then questions never answered, then any
     * at random. Every step asks the database for just the few ids it still needs.
     */
    async recommendedQuestions(learner: Learner, count: number): Promise<Question[]> {
      const { repo, userId } = scoped(learner);
      const picked = new Set(await repo.dueIds(userId, nowIso(), count));
      if (picked.size < count) {
        for (const id of await repo.weakSpotIds(userId, count - picked.size, [...picked]))
          picked.add(id);
      }
      if (picked.size < count) {
        for (const id of await repo.unansweredRandomIds(userId, count - picked.size))
          picked.add(id);
      }
      if (picked.size < count) {
        for (const id of await repo.randomIds(count - picked.size, [...picked])) picked.add(id);
      }
      return loadQuestions([...picked]);
    },

    /**
     * The same draw all day for one learner: a PRNG seeded by learner and UTC date picks
     * positions in the bank sorted by id. Adding or deleting questions changes the draw.
     */
    async dailyChallenge(learner: Learner): Promise<Schema<'DailyChallenge'>> {
      const { repo, userId } = scoped(learner);
      const now = deps.now();
      const date = utcDate(now);
      const [size, total] = await Promise.all([
        readNumberSetting(deps, 'daily_challenge_size'),
        repo.countQuestions(),
      ]);
      const positions = shuffledPositions(total, size, dailyChallengeRandom(userId, date));
      const ids = await Promise.all(positions.map((position) => repo.questionIdAt(position)));
      const dayStart = `${date}T00:00:00.000Z`;
      const nextDayStart = new Date(Date.parse(dayStart) + 24 * 3600 * 1000).toISOString();
      return {
        date,
        questions: await loadQuestions(ids.filter((id): id is number => id !== undefined)),
        completed: await repo.hasCompletedSession(
          userId,
          'daily-challenge',
          dayStart,
          nextDayStart,
        ),
      };
    },

    /**
     * Up to half the questions from the learner's weak spots, the rest at random with the chosen
     * difficulty first; all from the given topics when there are any.
     */
    async startExpressTest(
      learner: Learner,
      options: ExpressTestStart | undefined,
    ): Promise<StartedSession> {
      const { repo, userId } = scoped(learner);
      // The contract's defaults fill a sent body; without one the administrator's settings apply.
      const count =
        options?.questions_count ?? (await readNumberSetting(deps, 'express_question_count'));
      const timeLimitSeconds =
        options?.time_limit_minutes !== undefined
          ? options.time_limit_minutes * 60
          : await readNumberSetting(deps, 'express_time_limit_seconds');
      const preference = difficultyOf(options?.difficulty_level);
      const weakShare = options?.include_weak_spots === false ? 0 : Math.floor(count / 2);
      const topicIds = options?.topics;

      let picked: number[];
      if (topicIds) {
        const pool = await repo.pointsOf(await questionIdsOfTopics(repo, topicIds));
        const weakIds = weakShare > 0 ? await repo.weakSpotIds(userId) : [];
        picked = pickExpressQuestions(pool, { count, weakIds, weakShare, preference });
      } else {
        const weak = weakShare > 0 ? await repo.weakSpotIds(userId, weakShare) : [];
        picked = shuffle([
          ...weak,
          ...(await repo.randomIds(count - weak.length, weak, preference)),
        ]);
      }
      if (picked.length === 0) throw new ConflictError(text('noQuestionsAvailable'));
      return startSession(learner, 'express', picked, timeLimitSeconds);
    },

    /**
     * A long run over the whole bank. `include_all_topics` has no narrower choice in the
     * contract, so the marathon always draws from every topic. `stop_on_errors` is the
     * client's rule (it ends the run after that many misses) and is not stored here.
     */
    async startMarathon(
      learner: Learner,
      options: MarathonStart | undefined,
    ): Promise<StartedSession> {
      const { repo } = scoped(learner);
      const count =
        options?.max_questions ?? (await readNumberSetting(deps, 'marathon_question_count'));
      const ids =
        options?.randomize_order === false
          ? await repo.firstQuestionIds(count)
          : await repo.randomIds(count, []);
      if (ids.length === 0) throw new ConflictError(text('noQuestionsAvailable'));
      const minutes = options?.time_limit_minutes;
      return startSession(learner, 'marathon', ids, minutes ? minutes * 60 : null);
    },

    async reviewQuestions(learner: Learner, limit: number): Promise<Schema<'ReviewQuestions'>> {
      const { repo, userId } = scoped(learner);
      const now = nowIso();
      const [ids, dueCount] = await Promise.all([
        repo.dueIds(userId, now, limit),
        repo.countDue(userId, now),
      ]);
      return { questions: await loadQuestions(ids), due_count: dueCount };
    },

    /** A review session of what is due now; it may be empty, the client then says nothing is due. */
    async startReview(learner: Learner, count: number): Promise<StartedSession> {
      const { repo, userId } = scoped(learner);
      return startSession(learner, 'review', await repo.dueIds(userId, nowIso(), count), null);
    },

    async trainingModes(learner: Learner): Promise<TrainingMode[]> {
      const { repo, userId } = scoped(learner);
      const bank = await deps.bank.snapshot();
      const [
        expressCount,
        expressSeconds,
        marathonCount,
        dailySize,
        ticketSize,
        hasTopic,
        weak,
        due,
        hasQuestion,
      ] = await Promise.all([
        numberSettingOf(bank, 'express_question_count'),
        numberSettingOf(bank, 'express_time_limit_seconds'),
        numberSettingOf(bank, 'marathon_question_count'),
        numberSettingOf(bank, 'daily_challenge_size'),
        repo.firstTicketSize(),
        repo.anyTopic(),
        repo.countWeakSpots(userId),
        repo.countDue(userId, nowIso()),
        repo.anyQuestion(),
      ]);
      // A run draws no more than the bank holds, whatever the setting asks for.
      const inBank = (count: number) => drawSize(count, courseOf(bank, learner).ids.length);
      return [
        {
          id: 'tickets',
          // As the course's tickets were generated (10 a ticket, say), else the spec's size.
          question_count: ticketSize ?? TICKET_QUESTION_COUNT,
          time_limit_seconds: null,
          available: ticketSize !== null,
        },
        { id: 'topics', question_count: null, time_limit_seconds: null, available: hasTopic },
        {
          id: 'express',
          question_count: inBank(expressCount),
          time_limit_seconds: expressSeconds,
          available: hasQuestion,
        },
        {
          id: 'weak-spots',
          question_count: WEAK_SPOTS_PER_START,
          time_limit_seconds: null,
          available: weak > 0,
        },
        {
          id: 'marathon',
          question_count: inBank(marathonCount),
          time_limit_seconds: null,
          available: hasQuestion,
        },
        {
          id: 'daily-challenge',
          question_count: inBank(dailySize),
          time_limit_seconds: null,
          available: hasQuestion,
        },
        {
          id: 'review',
          question_count: REVIEW_PER_START,
          time_limit_seconds: null,
          available: due > 0,
        },
      ];
    },
  };
}
