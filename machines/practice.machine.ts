import { isRightByKey } from '../domain/answers';
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type {
  AnswerNumber,
  ExamResult,
  ExamSubmission,
  PendingTrainingResult,
  PracticeContext,
  PracticeEvent,
  PracticeInput,
  PracticeTag,
  QuestionMemory,
  SessionRecordInput,
  SessionType,
  SessionUpdateInput,
  TrainingSession,
  WeakSpotUpdateInput,
} from './practice.types';
import {
  elapsedSecondsOf,
  isAnswerNumber,
  isShownAnswer,
  remainingSecondsOf,
  rightAnswersOf,
  toggleAnswer,
} from './question-grading';
import { createTicker } from './ticker.actor';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('practice');

/** The training result of a finished run: exam_type training with the run's points. */
export function buildTrainingSubmission(context: PracticeContext): ExamSubmission {
  return {
    exam_type: 'training',
    answers: context.answers,
    total_points: context.points,
    session_id: context.sessionId,
    // One key per run (its start instant), so a resend is saved once by the server.
    client_id:
      context.startedAt === null ? null : `training-${context.sessionId ?? 0}-${context.startedAt}`,
  };
}

/** The session update sent when a run ends: time spent counted against the limit. */
export function buildSessionUpdate(
  context: PracticeContext,
  timedOut: boolean,
): SessionUpdateInput['body'] {
  const timeSpent = timedOut
    ? (context.timeLimitSeconds ?? elapsedSecondsOf(context.startedAt, context.now))
    : elapsedSecondsOf(context.startedAt, context.now, context.timeLimitSeconds);
  return {
    questions_answered: context.answers.length,
    correct_answers: context.answers.filter((answer) => answer.is_correct === true).length,
    total_points: context.points,
    time_spent_seconds: Math.min(timeSpent, 86400),
    is_completed: true,
    completed_at: context.now === null ? null : new Date(context.now).toISOString(),
  };
}

/** A run that restarted records itself as a new session of the mode, over the same questions. */
export function buildSessionRecord(
  context: PracticeContext,
  timedOut: boolean,
): SessionRecordInput {
  return {
    create: {
      // Only a run begun with a server session records one; a bookmarked run never has one.
      session_type: context.mode as SessionType,
      question_ids: context.questions.map((question) => question.id),
      time_limit_seconds: context.timeLimitSeconds,
      // Recorded as the run ends: the session is dated from when the run began.
      ...(context.startedAt === null
        ? {}
        : { started_at: new Date(context.startedAt).toISOString() }),
      // The server counts the session's figures from these, graded by itself.
      answers: context.answers
        .filter((answer) => answer.selected_answers.length > 0)
        .map(({ question_id, selected_answers }) => ({ question_id, selected_answers })),
    },
    update: buildSessionUpdate(context, timedOut),
  };
}

/**
 * Practice, shared by every training mode (spec 4, Training): answer, check (options lock,
 * marks and explanation appear, points only for exactly the right set, a fire-and-forget
 * weak-spot update), next or finish; a finished run is submitted and its summary shown (score,
 * time, each mistake), from which the learner practises the same questions again or exactly
 * the mistakes, from question 1 with the score reset. With a time limit (express) reaching zero completes the session.
 * Failed weak-spot and session updates are logged and never block the learner.
 */
export const practiceMachine = setup({
  types: {
    context: {} as PracticeContext,
    events: {} as PracticeEvent,
    input: {} as PracticeInput,
    tags: {} as PracticeTag,
  },
  actors: {
    /** `POST /exams/submit` with exam_type training. */
    submitResult: fromPromise<ExamResult, ExamSubmission>(notProvided('submitResult')),
    /** `POST /training-modules/weak-spots/update`. */
    updateWeakSpot: fromPromise<QuestionMemory, WeakSpotUpdateInput>(notProvided('updateWeakSpot')),
    /** `PUT /training-modules/sessions/{id}`. */
    updateTrainingSession: fromPromise<TrainingSession, SessionUpdateInput>(
      notProvided('updateTrainingSession'),
    ),
    /** `POST /training-modules/sessions`, then `PUT /training-modules/sessions/{id}` with the run. */
    recordTrainingSession: fromPromise<TrainingSession, SessionRecordInput>(
      notProvided('recordTrainingSession'),
    ),
    /** Reports the wall-clock time at once and every second (see ticker.actor.ts). */
    ticker: createTicker(),
  },
  actions: {
    /** Keeps a result the server did not take so the SPA sends it again later. */
    storePendingResult: (_, _params: PendingTrainingResult) => {},
    /** Reports a failure that does not change what the learner can do. */
    logError: (_, _params: { where: string; error: unknown }) => {},
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
    checkAnswer: assign(({ context }) => {
      const question = context.questions[context.currentIndex];
      if (question === undefined) return {};
      const isCorrect = isRightByKey(context.selected, question.right_answers);
      return {
        answers: [
          ...context.answers,
          {
            question_id: question.id,
            selected_answers: context.selected,
            correct_answers: rightAnswersOf(question),
            is_correct: isCorrect,
          },
        ],
        points: context.points + (isCorrect ? question.points : 0),
      };
    }),
    /** Fire and forget: the learner moves on whatever the server answers. */
    sendWeakSpotUpdate: enqueueActions(({ context, enqueue }) => {
      const answer = context.answers[context.answers.length - 1];
      if (answer === undefined) return;
      enqueue.spawnChild('updateWeakSpot', {
        id: `weakSpotUpdate.${context.updatesSent}`,
        input: {
          body: {
            question_id: answer.question_id,
            is_correct: answer.is_correct === true,
            topic_name: context.topicName,
            selected_answers: answer.selected_answers,
            // Counted by the server in the run's session, when it has one.
            ...(context.sessionId === null ? {} : { session_id: context.sessionId }),
          },
        },
      });
      enqueue.assign({ updatesSent: context.updatesSent + 1 });
    }),
    /**
     * Fire and forget: completes the run's server session, if the mode has one. A restarted run
     * (its mode's session already completed by the first) records a session of its own, and only
     * once the learner has answered something in it: a restart left untouched records nothing.
     */
    completeSession: enqueueActions(({ context, enqueue }, params: { timedOut: boolean }) => {
      if (context.sessionId !== null) {
        enqueue.spawnChild('updateTrainingSession', {
          id: `sessionUpdate.${context.updatesSent}`,
          input: {
            sessionId: context.sessionId,
            body: buildSessionUpdate(context, params.timedOut),
          },
        });
      } else if (context.recordsSessions && context.answers.length > 0) {
        enqueue.spawnChild('recordTrainingSession', {
          id: `sessionRecord.${context.updatesSent}`,
          input: buildSessionRecord(context, params.timedOut),
        });
      } else return;
      enqueue.assign({ updatesSent: context.updatesSent + 1 });
    }),
    goToNextQuestion: assign({
      currentIndex: ({ context }) => context.currentIndex + 1,
      selected: [],
    }),
    /**
     * The finished run becomes the summary (score, time, each mistake) and the run is cleared
     * for the next one. Its session was completed as it ended and is not written again.
     */
    finishRun: assign(({ context }, params: { saved: boolean }) => ({
      sessionId: null,
      lastRun: {
        answered: context.answers.length,
        correct: context.answers.filter((answer) => answer.is_correct === true).length,
        points: context.points,
        maxPoints: context.maxPoints,
        saved: params.saved,
        clientId: buildTrainingSubmission(context).client_id ?? null,
        seconds: elapsedSecondsOf(context.startedAt, context.now, context.timeLimitSeconds),
        mistakes: context.answers.filter((answer) => answer.is_correct !== true),
      },
      currentIndex: 0,
      selected: [],
      answers: [],
      points: 0,
    })),
    /** From the summary: the same questions again from question 1, on a fresh clock. */
    restartRun: assign({ startedAt: null }),
    /** From the summary: exactly the questions answered wrong, in their order, scored out of their points. */
    keepMistakes: assign(({ context }) => {
      const wrong = new Set(context.lastRun?.mistakes.map((mistake) => mistake.question_id));
      const questions = context.questions.filter((question) => wrong.has(question.id));
      return {
        questions,
        maxPoints: questions.reduce((sum, question) => sum + question.points, 0),
        startedAt: null,
      };
    }),
  },
  guards: {
    isShownAnswer: ({ context }, params: { answer: number }) =>
      isShownAnswer(context.questions[context.currentIndex], params.answer),
    hasAnswer: ({ context }) => context.selected.length > 0,
    isLastQuestion: ({ context }) => context.currentIndex >= context.questions.length - 1,
    hasMistakes: ({ context }) => (context.lastRun?.mistakes.length ?? 0) > 0,
    isTimeUp: ({ context }, params: { now: number }) =>
      context.timeLimitSeconds !== null &&
      remainingSecondsOf(context.timeLimitSeconds, context.startedAt ?? params.now, params.now) <=
        0,
  },
}).createMachine({
  id: 'practice',
  context: ({ input }) => ({
    ...input,
    currentIndex: 0,
    selected: [],
    answers: [],
    points: 0,
    startedAt: null,
    now: null,
    recordsSessions: input.sessionId !== null || input.drawnOnDevice === true,
    updatesSent: 0,
    lastRun: null,
  }),
  initial: 'running',
  on: {
    'xstate.error.actor.weakSpotUpdate.*': {
      actions: {
        type: 'logError',
        params: ({ event }) => ({ where: 'practice.updateWeakSpot', error: event.error }),
      },
    },
    'xstate.error.actor.sessionUpdate.*': {
      actions: {
        type: 'logError',
        params: ({ event }) => ({ where: 'practice.updateTrainingSession', error: event.error }),
      },
    },
    'xstate.error.actor.sessionRecord.*': {
      actions: {
        type: 'logError',
        params: ({ event }) => ({ where: 'practice.recordTrainingSession', error: event.error }),
      },
    },
  },
  states: {
    running: {
      description:
        'A run through the questions; the ticker reports the time (the countdown, when there is one).',
      invoke: { id: 'ticker', src: 'ticker' },
      on: {
        'timer.tick': [
          {
            guard: { type: 'isTimeUp', params: ({ event }) => ({ now: event.now }) },
            target: 'timeUp',
            actions: { type: 'recordTime', params: ({ event }) => ({ now: event.now }) },
          },
          { actions: { type: 'recordTime', params: ({ event }) => ({ now: event.now }) } },
        ],
      },
      initial: 'answering',
      states: {
        answering: {
          description: 'The question with its answers; check is enabled once an answer is picked.',
          tags: ['status:answering'],
          on: {
            'user.toggleAnswer': {
              guard: { type: 'isShownAnswer', params: ({ event }) => ({ answer: event.answer }) },
              actions: {
                type: 'toggleAnswer',
                params: ({ event }) => ({
                  answer: isAnswerNumber(event.answer) ? event.answer : 1,
                }),
              },
            },
            'user.check': {
              guard: 'hasAnswer',
              target: 'checked',
              actions: ['checkAnswer', 'sendWeakSpotUpdate'],
            },
            'user.primary': {
              guard: 'hasAnswer',
              target: 'checked',
              actions: ['checkAnswer', 'sendWeakSpotUpdate'],
            },
          },
        },
        checked: {
          description:
            'Options locked, right and wrong marked, the explanation shown; next, or finish on the last.',
          tags: ['status:checked'],
          on: {
            'user.next': [
              { guard: 'isLastQuestion', target: 'submitting' },
              { target: 'answering', actions: 'goToNextQuestion' },
            ],
            'user.primary': [
              { guard: 'isLastQuestion', target: 'submitting' },
              { target: 'answering', actions: 'goToNextQuestion' },
            ],
          },
        },
        submitting: {
          description:
            'The finished run is submitted (exam_type training, total_points) and the session completed; then its summary shows.',
          tags: ['status:submitting'],
          entry: { type: 'completeSession', params: { timedOut: false } },
          invoke: {
            id: 'submitResult',
            src: 'submitResult',
            input: ({ context }) => buildTrainingSubmission(context),
            onDone: {
              target: '#practice.summary',
              actions: { type: 'finishRun', params: { saved: true } },
            },
            onError: {
              target: '#practice.summary',
              actions: [
                {
                  type: 'storePendingResult',
                  params: ({ context, event }) => ({
                    submission: buildTrainingSubmission(context),
                    error: event.error,
                  }),
                },
                {
                  type: 'logError',
                  params: ({ event }) => ({ where: 'practice.submitResult', error: event.error }),
                },
                { type: 'finishRun', params: { saved: false } },
              ],
            },
          },
          on: {
            // The countdown does not end a run that is already being saved.
            'timer.tick': {
              actions: { type: 'recordTime', params: ({ event }) => ({ now: event.now }) },
            },
          },
        },
      },
    },
    summary: {
      description:
        'The finished run: score, time and each mistake with its right answer and explanation. Practise again runs the same questions from question 1; practise these mistakes (when there are any) runs exactly the questions answered wrong.',
      tags: ['status:summary'],
      on: {
        'user.restart': { target: 'running', actions: 'restartRun' },
        'user.practiseMistakes': {
          guard: 'hasMistakes',
          target: 'running',
          actions: 'keepMistakes',
        },
      },
    },
    timeUp: {
      description:
        "The countdown reached zero: the run's session is completed through a session update (a restarted run's own session is recorded, if it was begun); only back remains (and, in express, starting a new test, which the parent does).",
      tags: ['status:timeUp'],
      entry: { type: 'completeSession', params: { timedOut: true } },
    },
  },
});

export type PracticeMachine = typeof practiceMachine;
