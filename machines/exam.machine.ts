import { isRightByKey } from '../domain/answers';
import { drawSize } from '../domain/draw';
import { and, assign, fromPromise, not, or, setup } from 'xstate';
import {
  cannotPassAnyMore,
  DEFAULT_COURSE_RULES,
  extraQuestionsEarned,
  timeLimitWith,
  type CourseRules,
} from '../domain/course-rules';
import type {
  AnswerNumber,
  ExamContext,
  ExamDraw,
  ExamEvent,
  ExamInput,
  ExamResult,
  ExamSubmission,
  ExamTag,
  PendingExamResult,
  PreparedExamInput,
  Question,
} from './exam.types';
import {
  elapsedSecondsOf,
  isAnswerNumber,
  isShownAnswer,
  remainingSecondsOf,
  rightAnswersOf,
  toggleAnswer,
} from './question-grading';
import { callFailureOf } from './call-failure';
import { createTicker } from './ticker.actor';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('exam');

function freshContext(rules: CourseRules): ExamContext {
  return {
    rules,
    timeLimitSeconds: rules.time_limit_seconds,
    questions: [],
    reserve: [],
    mainCount: 0,
    currentIndex: 0,
    selected: [],
    answers: [],
    sessionId: null,
    sessionStartedAt: null,
    startedOnDevice: false,
    answeredAt: [],
    startedAt: null,
    now: null,
    startFailure: null,
    result: null,
    delivery: null,
  };
}

type ExtrasContext = Pick<
  ExamContext,
  'rules' | 'questions' | 'reserve' | 'mainCount' | 'currentIndex' | 'answers'
>;

/** Mistakes among the recorded answers of the main part. */
function mainMistakesOf(context: Pick<ExamContext, 'questions' | 'mainCount' | 'answers'>): number {
  return context.questions.slice(0, context.mainCount).filter((question, index) => {
    const picks = context.answers[index];
    return picks !== undefined && !isRightByKey(picks, question.right_answers);
  }).length;
}

/**
 * How many reserve questions a mistake on the current question would reveal on moving on: none
 * on an extra question, none once the mistakes are past what can still pass, and no more than
 * the reserve holds.
 */
export function extrasRevealedByMistake(context: ExtrasContext): number {
  if (context.currentIndex >= context.mainCount) return 0;
  const mistakes = mainMistakesOf(context) + 1;
  const shownExtras = context.questions.length - context.mainCount;
  const earned = extraQuestionsEarned(context.rules, context.mainCount, mistakes);
  return drawSize(earned - shownExtras, context.reserve.length);
}

/**
 * Whether recording `picks` on the current question ends the exam: the course ends its exams
 * once they can no longer be passed (`ends_when_failed`), and these picks make it so.
 */
export function endsFailedWith(
  context: Pick<ExamContext, 'rules' | 'questions' | 'mainCount' | 'currentIndex' | 'answers'>,
  picks: readonly AnswerNumber[],
): boolean {
  if (context.rules.ends_when_failed !== true) return false;
  const recorded = [...context.answers.slice(0, context.currentIndex), picks];
  const graded = recorded.map((selected, index) => {
    const question = context.questions[index];
    return {
      isCorrect: question !== undefined && isRightByKey(selected, question.right_answers),
      points: question?.points ?? 0,
      answered: selected.length > 0,
      isExtra: index >= context.mainCount,
    };
  });
  const main = context.questions.slice(0, context.mainCount);
  return cannotPassAnyMore(
    context.rules,
    { count: main.length, points: main.reduce((sum, question) => sum + question.points, 0) },
    graded,
  );
}

/** How many reserve questions moving on with `picks` on the current question reveals. */
export function extrasRevealedBy(context: ExtrasContext, picks: readonly AnswerNumber[]): number {
  const question = context.questions[context.currentIndex];
  if (question === undefined || isRightByKey(picks, question.right_answers)) return 0;
  return extrasRevealedByMistake(context);
}

/**
 * A snapshot persisted by an older exam read as this one. One from before courses (no `rules`,
 * a `passPercent`) is of the default course, whose rules the settings it ran by were: every
 * question shown is of the main part, none is held back. One from before the server held the
 * exam has no session: its submission names none (the server refuses it, and the page says so).
 * Any other snapshot is returned as it is.
 */
export function upgradeExamSnapshot<TSnapshot>(snapshot: TSnapshot): TSnapshot {
  const context = (snapshot as { context?: Record<string, unknown> } | null)?.context;
  if (!context || ('rules' in context && 'sessionId' in context && 'startedOnDevice' in context))
    return snapshot;
  const upgraded: Record<string, unknown> = {
    sessionId: null,
    sessionStartedAt: null,
    startedOnDevice: false,
    answeredAt: [],
    ...context,
  };
  if (!('rules' in context)) {
    const { passPercent, ...rest } = context;
    const questions = Array.isArray(context.questions) ? context.questions : [];
    const timeLimit = context.timeLimitSeconds;
    const rules: CourseRules = {
      ...DEFAULT_COURSE_RULES,
      time_limit_seconds:
        typeof timeLimit === 'number' ? timeLimit : DEFAULT_COURSE_RULES.time_limit_seconds,
      pass_value: typeof passPercent === 'number' ? passPercent : DEFAULT_COURSE_RULES.pass_value,
    };
    Object.assign(upgraded, rest, {
      rules,
      timeLimitSeconds: rules.time_limit_seconds,
      reserve: [],
      mainCount: questions.length,
    });
    delete upgraded.passPercent;
  }
  return { ...snapshot, context: upgraded };
}

/**
 * When the session started, epoch ms: the server's start, or for one started on this device with
 * no connection, this browser's first clock report (the start its submission claims).
 */
function sessionStartOf(context: ExamContext): number | null {
  return context.startedOnDevice ? context.startedAt : context.sessionStartedAt;
}

/**
 * When the answer at `index` was given, on the session's clock (ISO): its start plus the time
 * since this browser's clock started the exam. Null without a session, or unanswered.
 */
function answeredAtOf(context: ExamContext, index: number): string | null {
  const at = context.answeredAt[index];
  const sessionStart = sessionStartOf(context);
  if (at === undefined || sessionStart === null || context.startedAt === null) return null;
  return new Date(sessionStart + Math.max(0, at - context.startedAt)).toISOString();
}

/**
 * The submission payload: every question shown, the main part first and the extra questions
 * after it (the server tells them apart by position), those never answered with no pick, never
 * the reserve; exam_type `exam` and the seconds taken. Exported for the SPA's resend of pending
 * results.
 */
export function buildExamSubmission(context: ExamContext): ExamSubmission {
  const claimedStart = context.startedOnDevice ? sessionStartOf(context) : null;
  return {
    exam_type: 'exam',
    session_id: context.sessionId,
    ...(claimedStart === null ? {} : { started_at: new Date(claimedStart).toISOString() }),
    answers: context.questions.map((question, index) => {
      const selected = context.answers[index] ?? [];
      const answeredAt = selected.length > 0 ? answeredAtOf(context, index) : null;
      return {
        question_id: question.id,
        selected_answers: selected,
        ...(answeredAt === null ? {} : { answered_at: answeredAt }),
        correct_answers: rightAnswersOf(question),
        is_correct: isRightByKey(selected, question.right_answers),
      };
    }),
    time_taken: elapsedSecondsOf(context.startedAt, context.now, context.timeLimitSeconds),
    client_id: attemptKeyOf(context),
  };
}

/** One key per attempt (its start instant), so a resend is saved once by the server. */
export function attemptKeyOf(context: Pick<ExamContext, 'startedAt'>): string | null {
  return context.startedAt === null ? null : `exam-${context.startedAt}`;
}

/** The picks a saved result holds for each question, in order; null unless it holds them all. */
function savedPicksOf(questions: readonly Question[], result: ExamResult): AnswerNumber[][] | null {
  const picks = new Map(
    result.answers.map((answer) => [answer.question_id, answer.selected_answers]),
  );
  const saved: AnswerNumber[][] = [];
  for (const question of questions) {
    const selected = picks.get(question.id);
    if (!selected?.every(isAnswerNumber)) return null;
    saved.push(selected);
  }
  return saved;
}

function samePicks(a: readonly AnswerNumber[][], b: readonly AnswerNumber[][]): boolean {
  const key = (picks: readonly AnswerNumber[][]) =>
    JSON.stringify(picks.map((selected) => [...selected].sort()));
  return key(a) === key(b);
}

/**
 * The timed exam (spec 4, Exam) by the learner's course's rules: intro, loading, one question
 * at a time against a wall-clock countdown (extra questions and time added by mistakes where the
 * course says so), submission, summary and review. The snapshot taken in progress can be persisted
 * and restored with `createActor(examMachine, { snapshot })`: the ticker restarts and its first
 * report recomputes the time left from `startedAt`. A result the server did not take is kept
 * through `storePendingResult` and shown as pending; it is never only logged.
 */
export const examMachine = setup({
  types: {
    context: {} as ExamContext,
    events: {} as ExamEvent,
    input: {} as ExamInput,
    tags: {} as ExamTag,
  },
  actors: {
    /**
     * `POST /exams/sessions`: the server draws the exam by the learner's course (the main part,
     * then the reserve the extra-questions rule reveals from) and holds it.
     */
    loadQuestions: fromPromise<ExamDraw>(notProvided('loadQuestions')),
    /**
     * With no connection: the session the server drew ahead and this device keeps (taken, so it
     * is used once), or null when there is none or the failure was not a lost connection.
     */
    startPreparedExam: fromPromise<ExamDraw | null, PreparedExamInput>(
      notProvided('startPreparedExam'),
    ),
    /** `POST /exams/submit`. */
    submitResult: fromPromise<ExamResult, ExamSubmission>(notProvided('submitResult')),
    /** Reports the wall-clock time at once and every second (see ticker.actor.ts). */
    ticker: createTicker(),
  },
  actions: {
    /** Keeps a result the server did not take (localStorage) so the SPA sends it again later. */
    storePendingResult: (_, _params: PendingExamResult) => {},
    /** Reports a failure that does not change what the learner can do. */
    logError: (_, _params: { where: string; error: unknown }) => {},
    /**
     * The main part is shown; the questions after it are held back as the reserve. The clock
     * is the session's: the course's limit when the server started it.
     */
    setQuestions: assign(({ context }, params: { draw: ExamDraw }) => {
      const { draw } = params;
      const mainCount = drawSize(draw.mainCount, draw.questions.length);
      return {
        rules: { ...context.rules, time_limit_seconds: draw.timeLimitSeconds },
        questions: draw.questions.slice(0, mainCount),
        reserve: draw.questions.slice(mainCount),
        mainCount,
        timeLimitSeconds: draw.timeLimitSeconds,
        sessionId: draw.sessionId,
        sessionStartedAt: draw.startedAt,
        startedOnDevice: draw.startedOnDevice,
      };
    }),
    recordTime: assign({
      now: (_, params: { now: number }) => params.now,
      startedAt: ({ context }, params: { now: number }) => context.startedAt ?? params.now,
    }),
    toggleAnswer: assign({
      // The guard has checked the answer is one the current question shows.
      selected: ({ context }, params: { answer: AnswerNumber }) => {
        const question = context.questions[context.currentIndex];
        return question
          ? toggleAnswer(context.selected, params.answer, question)
          : context.selected;
      },
    }),
    /** The picks of the current question are recorded when the learner moves on (or time runs out). */
    recordAnswer: assign({
      answers: ({ context }) => [...context.answers, context.selected],
      // Dated by the latest clock report, never past the deadline (a time-up report may come a
      // moment after it).
      answeredAt: ({ context }) => {
        const now = context.now ?? context.startedAt ?? 0;
        const deadline = (context.startedAt ?? now) + context.timeLimitSeconds * 1000;
        return [...context.answeredAt, Math.min(now, deadline)];
      },
      selected: [],
    }),
    /**
     * After a recorded mistake in the main part: the extra questions it earned join the end of
     * the exam from the reserve, and their time joins the clock.
     */
    revealExtraQuestions: assign(({ context }) => {
      const mistakes = mainMistakesOf(context);
      const shownExtras = context.questions.length - context.mainCount;
      const earned = extraQuestionsEarned(context.rules, context.mainCount, mistakes);
      const revealed = drawSize(earned - shownExtras, context.reserve.length);
      return {
        questions: [...context.questions, ...context.reserve.slice(0, revealed)],
        reserve: context.reserve.slice(revealed),
        timeLimitSeconds: timeLimitWith(context.rules, context.mainCount, mistakes),
      };
    }),
    goToNextQuestion: assign({ currentIndex: ({ context }) => context.currentIndex + 1 }),
    /**
     * The server's result is the one in the history: when it holds other picks for this attempt
     * (the same exam finished first in another tab), they are the ones summed up and reviewed.
     */
    setResult: assign(({ context }, params: { result: ExamResult; sentLater?: boolean }) => {
      const saved = savedPicksOf(context.questions, params.result);
      // Questions never reached (the time ran out) have no picks here and empty ones there.
      const own = context.questions.map((_, index) => context.answers[index] ?? []);
      const differs = saved !== null && !samePicks(saved, own);
      return {
        result: params.result,
        answers: differs ? saved : context.answers,
        delivery: differs
          ? ('savedEarlier' as const)
          : params.sentLater
            ? ('sentLater' as const)
            : ('saved' as const),
      };
    }),
    markResultPending: assign({ delivery: 'pending' }),
    /** Kept for the intro: the server's reason for refusing the start, or that none came. */
    recordStartFailure: assign({
      startFailure: (_, params: { error: unknown }) => callFailureOf(params.error),
    }),
    clearStartFailure: assign({ startFailure: null }),
    reset: assign(({ context }) => freshContext(context.rules)),
  },
  guards: {
    startFailedForNoAnswer: ({ context }) => context.startFailure?.unreachable != null,
    hasQuestions: (_, params: { draw: ExamDraw | null }) =>
      params.draw !== null && params.draw.mainCount > 0 && params.draw.questions.length > 0,
    isShownAnswer: ({ context }, params: { answer: number }) =>
      isShownAnswer(context.questions[context.currentIndex], params.answer),
    hasAnswer: ({ context }) => context.selected.length > 0,
    isResultPending: ({ context }) => context.delivery === 'pending',
    isLastQuestion: ({ context }) => context.currentIndex >= context.questions.length - 1,
    /** The picks on the current question are a mistake that reveals extra questions. */
    wouldEarnExtraQuestions: ({ context }) => extrasRevealedBy(context, context.selected) > 0,
    /** The picks on the current question lose an exam that ends once it cannot be passed. */
    wouldEndFailed: ({ context }) => endsFailedWith(context, context.selected),
    isTimeUp: ({ context }, params: { now: number }) =>
      remainingSecondsOf(context.timeLimitSeconds, context.startedAt ?? params.now, params.now) <=
      0,
  },
}).createMachine({
  id: 'exam',
  context: ({ input }) => freshContext(input.rules ?? DEFAULT_COURSE_RULES),
  initial: 'notStarted',
  on: {
    // Only a summary (or its review) of a result kept in the browser has one to take.
    'result.keptSent': {
      guard: 'isResultPending',
      actions: {
        type: 'setResult',
        params: ({ event }) => ({ result: event.result, sentLater: true }),
      },
    },
  },
  states: {
    notStarted: {
      description: 'The intro with the start button.',
      tags: ['status:idle'],
      initial: 'idle',
      states: {
        idle: { description: 'Nothing has gone wrong: the intro only.' },
        loadFailed: {
          description:
            "The last load failed or returned no question: the intro says why (the server's reason, no connection, or 'error loading questions').",
          tags: ['alert:loadFailed'],
          on: {
            'connection.restored': { guard: 'startFailedForNoAnswer', target: 'idle' },
          },
        },
      },
      on: { 'user.start': { target: 'loading', actions: 'clearStartFailure' } },
    },
    loading: {
      description:
        "The exam is started on the server (POST /exams/sessions), which draws it by the learner's course.",
      tags: ['status:loading'],
      invoke: {
        id: 'loadQuestions',
        src: 'loadQuestions',
        onDone: [
          {
            guard: { type: 'hasQuestions', params: ({ event }) => ({ draw: event.output }) },
            target: 'inProgress',
            actions: { type: 'setQuestions', params: ({ event }) => ({ draw: event.output }) },
          },
          { target: 'notStarted.loadFailed' },
        ],
        onError: {
          target: 'startingPrepared',
          actions: [
            {
              type: 'logError',
              params: ({ event }) => ({ where: 'exam.loadQuestions', error: event.error }),
            },
            { type: 'recordStartFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    startingPrepared: {
      description:
        "The server could not start the exam: with no connection, the session it drew ahead for this device starts here, on this browser's clock.",
      tags: ['status:loading'],
      invoke: {
        id: 'startPreparedExam',
        src: 'startPreparedExam',
        input: ({ event }) => ({ error: (event as { error?: unknown }).error }),
        onDone: [
          {
            guard: { type: 'hasQuestions', params: ({ event }) => ({ draw: event.output }) },
            target: 'inProgress',
            actions: {
              type: 'setQuestions',
              params: ({ event }) => ({ draw: event.output as ExamDraw }),
            },
          },
          { target: 'notStarted.loadFailed' },
        ],
        onError: {
          target: 'notStarted.loadFailed',
          actions: {
            type: 'logError',
            params: ({ event }) => ({ where: 'exam.startPreparedExam', error: event.error }),
          },
        },
      },
    },
    inProgress: {
      description:
        "One question at a time against the countdown. Next is disabled until an answer is picked; the picks are recorded on moving on. A mistake in the main part that can still pass reveals the next extra questions from the reserve and adds their time. Ends on the last question's finish, when the time is up, or, in a course that ends its exams once they cannot be passed, at the mistake that fails it.",
      tags: ['status:inProgress', 'persist:snapshot'],
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'timer.tick': [
          {
            guard: { type: 'isTimeUp', params: ({ event }) => ({ now: event.now }) },
            target: 'submitting',
            actions: [
              { type: 'recordTime', params: ({ event }) => ({ now: event.now }) },
              'recordAnswer',
            ],
          },
          { actions: { type: 'recordTime', params: ({ event }) => ({ now: event.now }) } },
        ],
        'user.toggleAnswer': {
          guard: { type: 'isShownAnswer', params: ({ event }) => ({ answer: event.answer }) },
          actions: {
            type: 'toggleAnswer',
            params: ({ event }) => ({ answer: isAnswerNumber(event.answer) ? event.answer : 1 }),
          },
        },
        // On the last question a mistake that earns extra questions moves on to them instead.
        // Where Next is taken, a mistake that fails an exam ending once it cannot be passed ends
        // it (on the last question Finish does): the button never changes with the pick.
        'user.next': [
          {
            guard: and([
              'hasAnswer',
              or([not('isLastQuestion'), 'wouldEarnExtraQuestions']),
              'wouldEndFailed',
            ]),
            target: 'submitting',
            actions: 'recordAnswer',
          },
          {
            guard: and(['hasAnswer', or([not('isLastQuestion'), 'wouldEarnExtraQuestions'])]),
            actions: ['recordAnswer', 'revealExtraQuestions', 'goToNextQuestion'],
          },
        ],
        'user.finish': {
          guard: and(['hasAnswer', 'isLastQuestion', not('wouldEarnExtraQuestions')]),
          target: 'submitting',
          actions: 'recordAnswer',
        },
      },
    },
    submitting: {
      description:
        'The questions shown are sent (exam_type exam, time_taken), never the reserve. Either way the summary follows.',
      tags: ['status:submitting'],
      invoke: {
        id: 'submitResult',
        src: 'submitResult',
        input: ({ context }) => buildExamSubmission(context),
        onDone: {
          target: 'finished',
          actions: { type: 'setResult', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'finished',
          actions: [
            'markResultPending',
            {
              type: 'storePendingResult',
              params: ({ context, event }) => ({
                submission: buildExamSubmission(context),
                error: event.error,
              }),
            },
            {
              type: 'logError',
              params: ({ event }) => ({ where: 'exam.submitResult', error: event.error }),
            },
          ],
        },
      },
    },
    finished: {
      description:
        "The summary: correct count, percent, passed or failed by the course's rule (the server's verdict once saved), and whether the result is pending.",
      tags: ['status:finished', 'persist:snapshot'],
      on: {
        'user.showReview': { target: 'review' },
        'user.retry': { target: 'notStarted', actions: 'reset' },
      },
    },
    review: {
      description:
        'Every question shown, extra ones marked, with the right answers in green, wrong picks in red and the explanation.',
      tags: ['status:review', 'persist:snapshot'],
      on: {
        'user.hideReview': { target: 'finished' },
        'user.retry': { target: 'notStarted', actions: 'reset' },
      },
    },
  },
});

export type ExamMachine = typeof examMachine;
