import type { components } from '../openapi/schema';
import type { AnswerNumber } from './question-grading';

export type Question = components['schemas']['Question'];
export type ExamSubmission = components['schemas']['ExamSubmission'];
export type ExamResult = components['schemas']['ExamResult'];
export type { AnswerNumber };

/** Spec 9 defaults; the public settings `exam_time_limit_seconds` and `exam_pass_percent` override them. */
export const DEFAULT_EXAM_TIME_LIMIT_SECONDS = 2400;
export const DEFAULT_EXAM_PASS_PERCENT = 70;
/** The timer text turns red below this many seconds. */
export const EXAM_CRITICAL_SECONDS = 60;

export interface ExamInput {
  /** From the public setting `exam_time_limit_seconds`; 2400 when absent. */
  timeLimitSeconds?: number;
  /** From the public setting `exam_pass_percent`; 70 when absent. */
  passPercent?: number;
}

/**
 * Whether the submitted result reached the server or waits in the browser to be sent again.
 * `savedEarlier`: the server already held this attempt with other picks (it was finished first
 * in another tab), and those saved picks replaced this tab's. `sentLater`: it waited, and this
 * tab has since sent it as it was.
 */
export type ExamResultDelivery = 'saved' | 'savedEarlier' | 'pending' | 'sentLater';

export interface ExamContext {
  timeLimitSeconds: number;
  passPercent: number;
  /** The exam's questions, all that `GET /questions?mode=training` returned. */
  questions: Question[];
  currentIndex: number;
  /** The picks on the current question, not yet recorded. */
  selected: AnswerNumber[];
  /** The recorded picks, one per question moved past (recorded on moving on). */
  answers: AnswerNumber[][];
  /** Epoch ms of the first clock report in progress; null until then. */
  startedAt: number | null;
  /** Epoch ms of the latest clock report. The remaining time is computed from it. */
  now: number | null;
  /** The server's graded result once saved. */
  result: ExamResult | null;
  /** Set when the exam is submitted; `pending` means it is kept by `storePendingResult`. */
  delivery: ExamResultDelivery | null;
}

export type ExamEvent =
  | { type: 'user.start' }
  /** Toggles answer 1..5 of the current question (keys 1-5); answers not shown are ignored. */
  | { type: 'user.toggleAnswer'; answer: number }
  /** Records the picks and shows the next question; only with a pick and not on the last question. */
  | { type: 'user.next' }
  /** Records the picks of the last question and submits the exam. */
  | { type: 'user.finish' }
  | { type: 'user.showReview' }
  | { type: 'user.hideReview' }
  /** Resets everything, the timer included, back to the intro. */
  | { type: 'user.retry' }
  /** From the `ticker` child: the wall-clock time in epoch ms. */
  | { type: 'timer.tick'; now: number }
  /** From the page: the pending result has since been sent; `result` is what the server saved. */
  | { type: 'result.keptSent'; result: ExamResult };

/**
 * One `status:*` tag per top state (the screen to show): `status:idle` (intro),
 * `status:loading`, `status:inProgress`, `status:submitting`, `status:finished` (summary),
 * `status:review`. `alert:loadFailed` marks the intro after a failed or empty question load
 * (show the translated 'error loading questions'). `persist:snapshot` marks the states whose
 * persisted snapshot the SPA keeps for a reload: in progress, and the summary and review (kept
 * until the learner leaves /exam or starts again).
 */
export type ExamTag =
  | 'status:idle'
  | 'status:loading'
  | 'status:inProgress'
  | 'status:submitting'
  | 'status:finished'
  | 'status:review'
  | 'alert:loadFailed'
  | 'persist:snapshot';

/** What `storePendingResult` receives: keep it (localStorage) and send it again later. */
export interface PendingExamResult {
  submission: ExamSubmission;
  error: unknown;
}
