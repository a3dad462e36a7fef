import type { components } from '../openapi/schema';
import type { CourseRules } from '../domain/course-rules';
import type { CallFailure } from './call-failure';
import type { AnswerNumber } from './question-grading';

export type Question = components['schemas']['Question'];
export type ExamSubmission = components['schemas']['ExamSubmission'];
export type ExamResult = components['schemas']['ExamResult'];
export type { AnswerNumber, CallFailure, CourseRules };

/** The timer text turns red below this many seconds. */
export const EXAM_CRITICAL_SECONDS = 60;

/**
 * The exam the server drew and holds (`POST /exams/sessions`): the submission names its session,
 * answers only its questions, and is timed from its start.
 */
export interface ExamDraw {
  sessionId: number;
  /** When the server started the session: epoch ms on the server's clock. */
  startedAt: number;
  /** The main part, then the reserve the extra-questions rule reveals from. */
  questions: Question[];
  /** How many of `questions` are the main part. */
  mainCount: number;
  /** The course's limit when the session started, before any time mistakes add. */
  timeLimitSeconds: number;
  /**
   * A session the server drew ahead (prepared), started here with no connection: its start is
   * this browser's first clock report, which the submission claims (`started_at`).
   */
  startedOnDevice: boolean;
}

/** What `startPreparedExam` receives: why the server could not start an exam. */
export interface PreparedExamInput {
  error: unknown;
}

export interface ExamInput {
  /** The learner's course's exam rules; the default course's (the spec's exam) when absent. */
  rules?: CourseRules;
}

/**
 * Whether the submitted result reached the server or waits in the browser to be sent again.
 * `savedEarlier`: the server already held this attempt with other picks (it was finished first
 * in another tab), and those saved picks replaced this tab's. `sentLater`: it waited, and this
 * tab has since sent it as it was.
 */
export type ExamResultDelivery = 'saved' | 'savedEarlier' | 'pending' | 'sentLater';

export interface ExamContext {
  /** The rules the exam runs by: the learner's course's when it started. */
  rules: CourseRules;
  /**
   * The clock's limit in seconds: the course's, plus the time each mistake in the main part
   * added with its extra questions (see `timeLimitWith`).
   */
  timeLimitSeconds: number;
  /**
   * The questions shown: the main part, then the extra questions mistakes revealed, in that
   * order. The submission holds these, and only these.
   */
  questions: Question[];
  /**
   * Questions drawn after the main part and not shown: the next ones are revealed when a
   * mistake earns them, the rest are never shown nor submitted.
   */
  reserve: Question[];
  /**
   * Questions of the main part: min(rules.question_count, questions loaded). Those shown after
   * them are extra questions.
   */
  mainCount: number;
  currentIndex: number;
  /** The picks on the current question, not yet recorded. */
  selected: AnswerNumber[];
  /** The recorded picks, one per question moved past (recorded on moving on). */
  answers: AnswerNumber[][];
  /** The server's session of this attempt; null before one (or for an exam kept before them). */
  sessionId: number | null;
  /** The session's start on the server's clock (epoch ms): the answers are dated from it. */
  sessionStartedAt: number | null;
  /** The session was prepared and started here: its start is `startedAt`, claimed on submission. */
  startedOnDevice: boolean;
  /**
   * When each recorded answer was given, epoch ms on this browser's clock (the clock report it
   * was recorded at, never past the deadline), one per entry of `answers`.
   */
  answeredAt: number[];
  /** Epoch ms of the first clock report in progress; null until then. */
  startedAt: number | null;
  /** Epoch ms of the latest clock report. The remaining time is computed from it. */
  now: number | null;
  /**
   * Why the last start failed: the server's reason for refusing it (an empty bank) or that no
   * answer came; null before any, on a new start, and when the server drew no question.
   */
  startFailure: CallFailure | null;
  /** The server's graded result once saved. */
  result: ExamResult | null;
  /** Set when the exam is submitted; `pending` means it is kept by `storePendingResult`. */
  delivery: ExamResultDelivery | null;
}

export type ExamEvent =
  | { type: 'user.start' }
  /** Toggles answer 1..5 of the current question (keys 1-5); answers not shown are ignored. */
  | { type: 'user.toggleAnswer'; answer: number }
  /**
   * Records the picks and shows the next question; only with a pick, and not on the last
   * question unless the picks are a mistake that reveals extra questions.
   */
  | { type: 'user.next' }
  /** Records the picks of the last question and submits the exam (when they reveal no extras). */
  | { type: 'user.finish' }
  | { type: 'user.showReview' }
  | { type: 'user.hideReview' }
  /** Resets everything, the timer included, back to the intro. */
  | { type: 'user.retry' }
  /** From the `ticker` child: the wall-clock time in epoch ms. */
  | { type: 'timer.tick'; now: number }
  /** From the page: the pending result has since been sent; `result` is what the server saved. */
  | { type: 'result.keptSent'; result: ExamResult }
  /**
   * From the page: the browser is online again. A start that failed for no answer may work now,
   * so the intro stops saying it failed; a server's refusal is still said.
   */
  | { type: 'connection.restored' };

/**
 * One `status:*` tag per top state (the screen to show): `status:idle` (intro),
 * `status:loading` (the server's start, or the prepared one's with no connection), `status:inProgress`, `status:submitting`, `status:finished` (summary),
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
