import type { SnapshotFrom } from 'xstate';
import type { PracticeMachine } from './practice.machine';
import type { AnswerNumber, Question, RunSummary, TrainingMode } from './practice.types';
import { TIMER_CRITICAL_SECONDS, TIMER_WARNING_SECONDS } from './practice.types';
import {
  type AnswerMark,
  answerOptionsOf,
  formatClock,
  isAnswerNumber,
  markOf,
  remainingSecondsOf,
  rightAnswersOf,
} from './question-grading';

export type PracticeSnapshot = SnapshotFrom<PracticeMachine>;

export const selectMode = (snapshot: PracticeSnapshot): TrainingMode => snapshot.context.mode;

/** The run's questions, in order (the same array until the run changes them). */
export const selectQuestions = (snapshot: PracticeSnapshot): readonly Question[] =>
  snapshot.context.questions;

export function selectCurrentQuestion(snapshot: PracticeSnapshot): Question | null {
  if (snapshot.hasTag('status:timeUp') || snapshot.hasTag('status:summary')) return null;
  return snapshot.context.questions[snapshot.context.currentIndex] ?? null;
}

export interface PracticeProgress {
  /** 1-based number of the question shown. */
  number: number;
  total: number;
  /**
   * For the progress bar: questions checked in this run out of all, rounded; 100 on the summary,
   * whose run was answered to its end (its answers have moved into the summary).
   */
  percent: number;
}

export function selectProgress(snapshot: PracticeSnapshot): PracticeProgress {
  const total = snapshot.context.questions.length;
  return {
    number: Math.min(snapshot.context.currentIndex + 1, total),
    total,
    percent: snapshot.hasTag('status:summary')
      ? 100
      : total === 0
        ? 0
        : Math.round((snapshot.context.answers.length * 100) / total),
  };
}

/** The options are locked once the answer is checked (and after time-up). */
export const selectIsLocked = (snapshot: PracticeSnapshot): boolean =>
  !snapshot.hasTag('status:answering');

export const selectIsChecked = (snapshot: PracticeSnapshot): boolean =>
  snapshot.hasTag('status:checked');

export interface PracticeOptionView {
  number: AnswerNumber;
  text: string;
  isSelected: boolean;
  /** `none` until checked; then `right` (green), `wrong` (red), `missed` (a right answer not picked). */
  mark: AnswerMark;
}

export function selectAnswerOptions(snapshot: PracticeSnapshot): PracticeOptionView[] {
  const question = selectCurrentQuestion(snapshot);
  if (question === null) return [];
  const checked = selectIsChecked(snapshot);
  const { selected } = snapshot.context;
  return answerOptionsOf(question).map((option) => ({
    ...option,
    isSelected: selected.includes(option.number),
    mark: checked ? markOf(question, selected, option.number) : 'none',
  }));
}

/** After check: whether the picked set was exactly right; null before. */
export function selectLastCheckIsCorrect(snapshot: PracticeSnapshot): boolean | null {
  if (!selectIsChecked(snapshot)) return null;
  return snapshot.context.answers[snapshot.context.currentIndex]?.is_correct ?? null;
}

/** The explanation, shown only once the answer is checked. */
export function selectExplanation(snapshot: PracticeSnapshot): string | null {
  if (!selectIsChecked(snapshot)) return null;
  return selectCurrentQuestion(snapshot)?.explanation ?? null;
}

export interface PracticeScore {
  points: number;
  /** A ticket's max_points in ticket mode, else the sum of the questions' points. */
  maxPoints: number;
  correct: number;
  answered: number;
}

export function selectScore(snapshot: PracticeSnapshot): PracticeScore {
  const { points, maxPoints, answers } = snapshot.context;
  return {
    points,
    maxPoints,
    correct: answers.filter((answer) => answer.is_correct === true).length,
    answered: answers.length,
  };
}

/**
 * True while leaving would end a run the learner has answered part of, before its result is
 * saved: ask first. A run not begun, over (time up), finished and being saved (its result is
 * sent whether or not the learner stays) or started again after its result needs no question.
 */
export const selectHasRunInProgress = (snapshot: PracticeSnapshot): boolean =>
  snapshot.context.answers.length > 0 &&
  !snapshot.hasTag('status:timeUp') &&
  !snapshot.hasTag('status:submitting');

export const selectIsLastQuestion = (snapshot: PracticeSnapshot): boolean =>
  snapshot.context.currentIndex >= snapshot.context.questions.length - 1;

/**
 * The one primary button (and Enter): `check` while answering, `next` or `finish` once checked,
 * `saving` while a finished run is submitted, null after time-up. `enabled` is false until an
 * answer is picked.
 */
export function selectPrimaryAction(snapshot: PracticeSnapshot): {
  action: 'check' | 'next' | 'finish' | 'saving' | null;
  enabled: boolean;
} {
  if (snapshot.hasTag('status:answering'))
    return { action: 'check', enabled: snapshot.can({ type: 'user.check' }) };
  if (snapshot.hasTag('status:checked'))
    return { action: selectIsLastQuestion(snapshot) ? 'finish' : 'next', enabled: true };
  if (snapshot.hasTag('status:submitting')) return { action: 'saving', enabled: false };
  return { action: null, enabled: false };
}

/** Seconds left on the countdown; null when the mode has no time limit. */
export function selectRemainingSeconds(snapshot: PracticeSnapshot): number | null {
  const { timeLimitSeconds, startedAt, now } = snapshot.context;
  // The summary of a run has no clock: the next run starts its own.
  if (timeLimitSeconds === null || snapshot.hasTag('status:summary')) return null;
  if (snapshot.hasTag('status:timeUp')) return 0;
  return remainingSecondsOf(timeLimitSeconds, startedAt, now);
}

export function selectTimerText(snapshot: PracticeSnapshot): string | null {
  const remaining = selectRemainingSeconds(snapshot);
  return remaining === null ? null : formatClock(remaining);
}

/** The timer box: `warning` yellow under 60 s, `critical` red with a pulse under 30 s. */
export type TimerTone = 'normal' | 'warning' | 'critical';

export function selectTimerTone(snapshot: PracticeSnapshot): TimerTone | null {
  const remaining = selectRemainingSeconds(snapshot);
  if (remaining === null) return null;
  if (remaining < TIMER_CRITICAL_SECONDS) return 'critical';
  if (remaining < TIMER_WARNING_SECONDS) return 'warning';
  return 'normal';
}

export const selectIsTimeUp = (snapshot: PracticeSnapshot): boolean =>
  snapshot.hasTag('status:timeUp');

/** The run finished before the current one (it restarted with the score reset). */
export const selectLastRun = (snapshot: PracticeSnapshot): RunSummary | null =>
  snapshot.context.lastRun;

export const selectIsSummary = (snapshot: PracticeSnapshot): boolean =>
  snapshot.hasTag('status:summary');

/** One mistake of the finished run: the question, what was picked, and what was right. */
export interface RunMistake {
  question: Question;
  selected: AnswerNumber[];
  right: AnswerNumber[];
}

/** The finished run's mistakes with their questions (for the right answer and explanation). */
export function selectRunMistakes(snapshot: PracticeSnapshot): RunMistake[] {
  const byId = new Map(snapshot.context.questions.map((question) => [question.id, question]));
  return (snapshot.context.lastRun?.mistakes ?? []).flatMap((mistake) => {
    const question = byId.get(mistake.question_id);
    return question
      ? [
          {
            question,
            selected: mistake.selected_answers.filter(isAnswerNumber),
            right: rightAnswersOf(question),
          },
        ]
      : [];
  });
}
