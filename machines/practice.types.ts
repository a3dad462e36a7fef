import type { components } from '../openapi/schema';
import type { AnswerNumber } from './question-grading';

export type Question = components['schemas']['Question'];
export type SessionType = components['schemas']['SessionType'];
export type ExamSubmission = components['schemas']['ExamSubmission'];
export type ExamResult = components['schemas']['ExamResult'];
export type SubmittedAnswer = components['schemas']['SubmittedAnswer'];
export type WeakSpotUpdate = components['schemas']['WeakSpotUpdate'];
export type QuestionMemory = components['schemas']['QuestionMemory'];
export type TrainingSessionUpdate = components['schemas']['TrainingSessionUpdate'];
export type TrainingSession = components['schemas']['TrainingSession'];
export type TrainingSessionCreate = components['schemas']['TrainingSessionCreate'];
export type { AnswerNumber };

/**
 * The training modes: the session types other than `exam`, and `bookmarked` (the learner's
 * starred questions), which keeps no session on the server.
 */
export type TrainingMode = Exclude<SessionType, 'exam'> | 'bookmarked';

/** Express timer box: yellow under 60 s, red with a pulse under 30 s. */
export const TIMER_WARNING_SECONDS = 60;
export const TIMER_CRITICAL_SECONDS = 30;

/** One run of practice, handed from the training machine to the practice machine. */
export interface PracticeInput {
  mode: TrainingMode;
  questions: Question[];
  /**
   * The server's training session of the current run (express, marathon, review); null when the
   * mode has none, and after a restart (the finished run's session stays as it was recorded).
   */
  sessionId: number | null;
  /**
   * A run of a session mode drawn on the device, with no connection: it has no server session,
   * so each run records one as it ends, as a restarted run does.
   */
  drawnOnDevice?: boolean;
  /** The countdown (express, 300 s); null for no time limit. */
  timeLimitSeconds: number | null;
  /** The score's maximum: a ticket's `max_points`, else the sum of the questions' points. */
  maxPoints: number;
  /** Sent with every weak-spot update (the topic's name in topic mode); the topic mode's heading. */
  topicName: string | null;
  /** The ticket practised, for the heading (ticket mode); null in other modes. */
  ticketNumber: number | null;
  /** The topic practised (topic mode), for the address of the run; null in other modes. */
  topicId: number | null;
}

/** A finished run: its summary, kept after the restart so the screen can say how it went. */
export interface RunSummary {
  answered: number;
  correct: number;
  points: number;
  maxPoints: number;
  /** False when the server did not take the result: it is kept in the browser to send later. */
  saved: boolean;
  /** The result's `client_id`: how the browser knows whether the server refused it for good. */
  clientId: string | null;
  /** How long the run took, in whole seconds (at most its time limit). */
  seconds: number;
  /** The answers that were not exactly right, in the order they were given. */
  mistakes: SubmittedAnswer[];
}

/**
 * What `recordTrainingSession` receives: a run that restarted after its session was completed
 * records itself as a session of its own (created, then completed with `update`).
 */
export interface SessionRecordInput {
  create: TrainingSessionCreate;
  update: TrainingSessionUpdate;
}

export interface PracticeContext extends PracticeInput {
  currentIndex: number;
  /** Picks on the current question, locked once checked. */
  selected: AnswerNumber[];
  /** The checked answers of this run, in order; `answers[currentIndex]` exists once checked. */
  answers: SubmittedAnswer[];
  /** Points of this run: a question's points count only for exactly the right set. */
  points: number;
  /** Epoch ms of this run's start (the first clock report); null until then. */
  startedAt: number | null;
  /** Epoch ms of the latest clock report. */
  now: number | null;
  /**
   * Whether the mode keeps a server session per run (it started with one, or was drawn on the
   * device): once the first run's session is completed, `sessionId` is null and a restarted run
   * records a session of its own.
   */
  recordsSessions: boolean;
  /** Fire-and-forget updates sent so far; numbers their child actors' ids. */
  updatesSent: number;
  lastRun: RunSummary | null;
}

export type PracticeEvent =
  /** Toggles answer 1..5 (keys 1-5); ignored once checked or when the answer is not shown. */
  | { type: 'user.toggleAnswer'; answer: number }
  /** Check answer: locks the options, marks them and shows the explanation. Needs a pick. */
  | { type: 'user.check' }
  /** Next question, or on the last one finish the run (submit, then the summary). */
  | { type: 'user.next' }
  /** On the summary: the same questions again from question 1. */
  | { type: 'user.restart' }
  /** On the summary: exactly the questions answered wrong, from the first of them. */
  | { type: 'user.practiseMistakes' }
  /** Enter: check when answering, next/finish when checked. */
  | { type: 'user.primary' }
  /** From the `ticker` child: the wall-clock time in epoch ms. */
  | { type: 'timer.tick'; now: number }
  /** A fire-and-forget child failed (its id is numbered); the failure is only logged. */
  | { type: `xstate.error.actor.weakSpotUpdate.${number}`; error: unknown }
  | { type: `xstate.error.actor.sessionUpdate.${number}`; error: unknown }
  | { type: `xstate.error.actor.sessionRecord.${number}`; error: unknown };

/**
 * `status:answering`, `status:checked`, `status:submitting` (saving a finished run) and
 * `status:timeUp` (the express countdown reached zero: the run is over, only back remains).
 */
export type PracticeTag =
  'status:answering' | 'status:checked' | 'status:submitting' | 'status:summary' | 'status:timeUp';

/** What `storePendingResult` receives: keep it and send it again later. */
export interface PendingTrainingResult {
  submission: ExamSubmission;
  error: unknown;
}

export interface WeakSpotUpdateInput {
  body: WeakSpotUpdate;
}

export interface SessionUpdateInput {
  sessionId: number;
  body: TrainingSessionUpdate;
}
