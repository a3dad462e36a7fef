import { and, assign, fromPromise, not, setup } from 'xstate';
import type {
  AnswerNumber,
  ExamContext,
  ExamEvent,
  ExamInput,
  ExamResult,
  ExamSubmission,
  ExamTag,
  PendingExamResult,
  Question,
} from './exam.types';
import { DEFAULT_EXAM_PASS_PERCENT, DEFAULT_EXAM_TIME_LIMIT_SECONDS } from './exam.types';
import {
  elapsedSecondsOf,
  isAnswerNumber,
  isExactlyRight,
  isShownAnswer,
  remainingSecondsOf,
  rightAnswersOf,
  toggleAnswer,
} from './question-grading';
import { createTicker } from './ticker.actor';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('exam');

function freshContext(timeLimitSeconds: number, passPercent: number): ExamContext {
  return {
    timeLimitSeconds,
    passPercent,
    questions: [],
    currentIndex: 0,
    selected: [],
    answers: [],
    startedAt: null,
    now: null,
    result: null,
    delivery: null,
  };
}

/**
 * The submission payload: every question, those never reached with no pick (graded wrong),
 * exam_type `exam` and the seconds taken. Exported for the SPA's resend of pending results.
 */
export function buildExamSubmission(context: ExamContext): ExamSubmission {
  return {
    exam_type: 'exam',
    answers: context.questions.map((question, index) => {
      const selected = context.answers[index] ?? [];
      return {
        question_id: question.id,
        selected_answers: selected,
        correct_answers: rightAnswersOf(question),
        is_correct: isExactlyRight(question, selected),
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
 * The timed exam (spec 4, Exam): intro, loading, one question at a time against a wall-clock
 * countdown, submission, summary and review. The snapshot taken in progress can be persisted
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
    /** `GET /questions?mode=training`: the exam uses every question returned. */
    loadQuestions: fromPromise<Question[]>(notProvided('loadQuestions')),
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
    setQuestions: assign({ questions: (_, params: { questions: Question[] }) => params.questions }),
    recordTime: assign({
      now: (_, params: { now: number }) => params.now,
      startedAt: ({ context }, params: { now: number }) => context.startedAt ?? params.now,
    }),
    toggleAnswer: assign({
      selected: ({ context }, params: { answer: AnswerNumber }) =>
        toggleAnswer(context.selected, params.answer),
    }),
    /** The picks of the current question are recorded when the learner moves on (or time runs out). */
    recordAnswer: assign({
      answers: ({ context }) => [...context.answers, context.selected],
      selected: [],
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
    reset: assign(({ context }) => freshContext(context.timeLimitSeconds, context.passPercent)),
  },
  guards: {
    hasQuestions: (_, params: { questions: Question[] }) => params.questions.length > 0,
    isShownAnswer: ({ context }, params: { answer: number }) =>
      isShownAnswer(context.questions[context.currentIndex], params.answer),
    hasAnswer: ({ context }) => context.selected.length > 0,
    isResultPending: ({ context }) => context.delivery === 'pending',
    isLastQuestion: ({ context }) => context.currentIndex >= context.questions.length - 1,
    isTimeUp: ({ context }, params: { now: number }) =>
      remainingSecondsOf(context.timeLimitSeconds, context.startedAt ?? params.now, params.now) <=
      0,
  },
}).createMachine({
  id: 'exam',
  context: ({ input }) =>
    freshContext(
      input.timeLimitSeconds ?? DEFAULT_EXAM_TIME_LIMIT_SECONDS,
      input.passPercent ?? DEFAULT_EXAM_PASS_PERCENT,
    ),
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
            "The last load failed or returned no question: the intro shows 'error loading questions'.",
          tags: ['alert:loadFailed'],
        },
      },
      on: { 'user.start': { target: 'loading' } },
    },
    loading: {
      description: 'The questions are requested (mode=training).',
      tags: ['status:loading'],
      invoke: {
        id: 'loadQuestions',
        src: 'loadQuestions',
        onDone: [
          {
            guard: { type: 'hasQuestions', params: ({ event }) => ({ questions: event.output }) },
            target: 'inProgress',
            actions: { type: 'setQuestions', params: ({ event }) => ({ questions: event.output }) },
          },
          { target: 'notStarted.loadFailed' },
        ],
        onError: {
          target: 'notStarted.loadFailed',
          actions: {
            type: 'logError',
            params: ({ event }) => ({ where: 'exam.loadQuestions', error: event.error }),
          },
        },
      },
    },
    inProgress: {
      description:
        "One question at a time against the countdown. Next is disabled until an answer is picked; the picks are recorded on moving on. Ends on the last question's finish or when the time is up.",
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
        'user.next': {
          guard: and(['hasAnswer', not('isLastQuestion')]),
          actions: ['recordAnswer', 'goToNextQuestion'],
        },
        'user.finish': {
          guard: and(['hasAnswer', 'isLastQuestion']),
          target: 'submitting',
          actions: 'recordAnswer',
        },
      },
    },
    submitting: {
      description:
        'The result is sent (exam_type exam, time_taken). Either way the summary follows.',
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
        'The summary: correct count, percent, passed or failed, and whether the result is pending.',
      tags: ['status:finished', 'persist:snapshot'],
      on: {
        'user.showReview': { target: 'review' },
        'user.retry': { target: 'notStarted', actions: 'reset' },
      },
    },
    review: {
      description:
        'Every question with the right answers in green, wrong picks in red and the explanation.',
      tags: ['status:review', 'persist:snapshot'],
      on: {
        'user.hideReview': { target: 'finished' },
        'user.retry': { target: 'notStarted', actions: 'reset' },
      },
    },
  },
});

export type ExamMachine = typeof examMachine;
