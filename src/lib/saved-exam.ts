import { examMachine, upgradeExamSnapshot } from '../../machines/exam.machine';
import {
  selectAnsweredCount,
  selectIsInProgress,
  selectPosition,
  selectShouldPersist,
} from '../../machines/exam.selectors';
import { remainingSecondsOf } from '../../machines/question-grading';
import { reloadedAt, savedSnapshot } from './saved-snapshot';

/**
 * One exam per learner and browser: in progress, or its result, which only a reload of /exam
 * brings back (leaving /exam in the app drops it; a later visit by any other way starts anew).
 * One kept before courses is read as the default course's exam it was.
 */
/** The exam machine with the app's actors (src/features/exam/exam.actors.ts): the same logic type. */
type ExamLogic = typeof examMachine;

export const savedExam = savedSnapshot<ExamLogic>(
  'exam.inProgress',
  (snapshot) =>
    selectShouldPersist(snapshot) && (snapshot.hasTag('status:inProgress') || reloadedAt('/exam')),
  upgradeExamSnapshot,
);

/**
 * Forgets the exam kept in progress when it is the one of this session, whose result has just
 * been saved or kept to send (its page left while it was being sent, as a sign-out does): it
 * would otherwise come back as an exam to finish, whose finish the server refuses.
 */
export function forgetSentExam(userId: number, sessionId: number | null | undefined): void {
  if (sessionId === null || sessionId === undefined) return;
  if (savedExam.peek(examMachine, userId)?.context.sessionId === sessionId) savedExam.clear(userId);
}

export interface ExamInProgress {
  answered: number;
  total: number;
  /** Epoch ms the clock started, and its limit: the time left goes on while /exam is not open. */
  startedAt: number | null;
  timeLimitSeconds: number;
}

/**
 * The learner's exam kept in progress in this browser, as another page may tell of it (with its
 * own rules: those it started with, kept in the snapshot).
 */
export function examInProgress(userId: number): ExamInProgress | null {
  const snapshot = savedExam.peek(examMachine, userId);
  if (!snapshot || !selectIsInProgress(snapshot)) return null;
  return {
    answered: selectAnsweredCount(snapshot),
    total: selectPosition(snapshot).total,
    startedAt: snapshot.context.startedAt,
    timeLimitSeconds: snapshot.context.timeLimitSeconds,
  };
}

/** Whole seconds the exam has left at `now` (epoch ms). */
export function examSecondsLeft(exam: ExamInProgress, now: number): number {
  return remainingSecondsOf(exam.timeLimitSeconds, exam.startedAt, now);
}
