import type { SnapshotFrom } from 'xstate';
import type { ExamMachine } from './exam.machine';
import type { AnswerNumber, ExamSubmission, Question } from './exam.types';
import { EXAM_CRITICAL_SECONDS } from './exam.types';
import { attemptKeyOf, buildExamSubmission } from './exam.machine';
import {
  type AnswerMark,
  answerOptionsOf,
  elapsedSecondsOf,
  formatClock,
  isExactlyRight,
  markOf,
  percentRight,
  remainingSecondsOf,
} from './question-grading';

export type ExamSnapshot = SnapshotFrom<ExamMachine>;

/** The screen to show, from the `status:*` tags. */
export type ExamScreen = 'intro' | 'loading' | 'question' | 'submitting' | 'summary' | 'review';

export function selectScreen(snapshot: ExamSnapshot): ExamScreen {
  if (snapshot.hasTag('status:loading')) return 'loading';
  if (snapshot.hasTag('status:inProgress')) return 'question';
  if (snapshot.hasTag('status:submitting')) return 'submitting';
  if (snapshot.hasTag('status:finished')) return 'summary';
  if (snapshot.hasTag('status:review')) return 'review';
  return 'intro';
}

/** True on the intro after a failed or empty load: show 'error loading questions'. */
export const selectLoadFailed = (snapshot: ExamSnapshot): boolean =>
  snapshot.hasTag('alert:loadFailed');

/** The exam's questions, in order (the same array until another exam starts). */
export const selectQuestions = (snapshot: ExamSnapshot): readonly Question[] =>
  snapshot.context.questions;

export function selectCurrentQuestion(snapshot: ExamSnapshot): Question | null {
  if (!snapshot.hasTag('status:inProgress')) return null;
  return snapshot.context.questions[snapshot.context.currentIndex] ?? null;
}

/** `Question 3 of 40`. */
export function selectPosition(snapshot: ExamSnapshot): { number: number; total: number } {
  return { number: snapshot.context.currentIndex + 1, total: snapshot.context.questions.length };
}

export interface ExamOptionView {
  number: AnswerNumber;
  text: string;
  isSelected: boolean;
}

/** The current question's shown answers with the learner's picks. */
export function selectAnswerOptions(snapshot: ExamSnapshot): ExamOptionView[] {
  const question = selectCurrentQuestion(snapshot);
  if (question === null) return [];
  return answerOptionsOf(question).map((option) => ({
    ...option,
    isSelected: snapshot.context.selected.includes(option.number),
  }));
}

export const selectSelectedAnswers = (snapshot: ExamSnapshot): AnswerNumber[] =>
  snapshot.context.selected;

/** How many questions the learner has answered and moved past. */
export const selectAnsweredCount = (snapshot: ExamSnapshot): number =>
  snapshot.context.answers.length;

/** The clock is running: a question is on screen. */
export const selectIsInProgress = (snapshot: ExamSnapshot): boolean =>
  snapshot.hasTag('status:inProgress');

export const selectIsLastQuestion = (snapshot: ExamSnapshot): boolean =>
  snapshot.context.currentIndex >= snapshot.context.questions.length - 1;

/** Whether the next (or, on the last question, the finish) button is enabled. */
export const selectCanMoveOn = (snapshot: ExamSnapshot): boolean =>
  snapshot.can({ type: 'user.next' }) || snapshot.can({ type: 'user.finish' });

export const selectRemainingSeconds = (snapshot: ExamSnapshot): number =>
  remainingSecondsOf(
    snapshot.context.timeLimitSeconds,
    snapshot.context.startedAt,
    snapshot.context.now,
  );

/** `39:59`. */
export const selectTimerText = (snapshot: ExamSnapshot): string =>
  formatClock(selectRemainingSeconds(snapshot));

/** The timer text turns red under 60 seconds. */
export const selectIsTimeCritical = (snapshot: ExamSnapshot): boolean =>
  selectRemainingSeconds(snapshot) < EXAM_CRITICAL_SECONDS;

export interface ExamSummary {
  correct: number;
  total: number;
  /** Percent of correct answers, unrounded (see percentRight). */
  percent: number;
  passed: boolean;
  passPercent: number;
  timeTakenSeconds: number;
  /** The time limit was reached: the questions not answered by then count as wrong. */
  timeRanOut: boolean;
}

/** Graded from the questions held (the server grades the same way from its own copy). */
export function selectSummary(snapshot: ExamSnapshot): ExamSummary {
  const { questions, answers, passPercent, startedAt, now, timeLimitSeconds, result } =
    snapshot.context;
  const total = questions.length;
  // The saved time: another tab's when the attempt was finished there first.
  const timeTakenSeconds = result?.time_taken ?? elapsedSecondsOf(startedAt, now, timeLimitSeconds);
  const correct = questions.filter((question, index) =>
    isExactlyRight(question, answers[index] ?? []),
  ).length;
  return {
    correct,
    total,
    percent: percentRight(correct, total),
    // Compared unrounded: 69.5 percent does not pass at 70.
    passed: total > 0 && correct * 100 >= passPercent * total,
    passPercent,
    timeTakenSeconds,
    // The exam ended on the clock, not on the last question's finish.
    timeRanOut: timeTakenSeconds >= timeLimitSeconds,
  };
}

/** The result did not reach the server and is kept in the browser to be sent again. */
export const selectIsResultPending = (snapshot: ExamSnapshot): boolean =>
  snapshot.context.delivery === 'pending';

/** The result waited in the browser and this tab has since sent it as it was. */
export const selectWasSentLater = (snapshot: ExamSnapshot): boolean =>
  snapshot.context.delivery === 'sentLater';

/** The attempt had been finished first in another tab: its saved picks are the ones shown. */
export const selectWasSavedEarlier = (snapshot: ExamSnapshot): boolean =>
  snapshot.context.delivery === 'savedEarlier';

export interface ReviewOptionView {
  number: AnswerNumber;
  text: string;
  isRight: boolean;
  isPicked: boolean;
  /** `right` green, `wrong` red, `missed` a right answer not picked (green outline). */
  mark: AnswerMark;
}

export interface ReviewItem {
  question: Question;
  number: number;
  isCorrect: boolean;
  selected: AnswerNumber[];
  options: ReviewOptionView[];
  explanation: string | null;
}

/** The detailed review: every question, right answers, wrong picks and the explanation. */
export function selectReview(snapshot: ExamSnapshot): ReviewItem[] {
  const { questions, answers } = snapshot.context;
  return reviewOf(questions, answers);
}

/**
 * The review of questions with the picks made for each (`answers[i]` for `questions[i]`): of
 * the exam just taken, or of one taken before.
 */
export function reviewOf(
  questions: readonly Question[],
  answers: readonly (readonly AnswerNumber[])[],
): ReviewItem[] {
  return questions.map((question, index) => {
    const selected = [...(answers[index] ?? [])];
    return {
      question,
      number: index + 1,
      isCorrect: isExactlyRight(question, selected),
      selected,
      options: answerOptionsOf(question).map((option) => {
        const mark = markOf(question, selected, option.number);
        return {
          ...option,
          isRight: mark === 'right' || mark === 'missed',
          isPicked: selected.includes(option.number),
          mark,
        };
      }),
      explanation: question.explanation,
    };
  });
}

/** The SPA keeps `actor.getPersistedSnapshot()` while this is true and drops it otherwise. */
export const selectShouldPersist = (snapshot: ExamSnapshot): boolean =>
  snapshot.hasTag('persist:snapshot');

/** The key the server knows this attempt's result by (`client_id`); null before it starts. */
export const selectAttemptKey = (snapshot: ExamSnapshot): string | null =>
  attemptKeyOf(snapshot.context);

/** The payload as it would be (or was) submitted. */
export const selectSubmission = (snapshot: ExamSnapshot): ExamSubmission =>
  buildExamSubmission(snapshot.context);
