import { isRightByKey } from '../domain/answers';
import type { SnapshotFrom } from 'xstate';
import {
  askedBeforeEnd,
  decideExam,
  mainShares,
  type GradedQuestion,
  type PassDecision,
  type PassRule,
} from '../domain/course-rules';
import type { ExamMachine } from './exam.machine';
import type { AnswerNumber, CallFailure, ExamResult, Question } from './exam.types';
import { EXAM_CRITICAL_SECONDS } from './exam.types';
import { attemptKeyOf, extrasRevealedByMistake } from './exam.machine';
import {
  type AnswerMark,
  answerOptionsOf,
  elapsedSecondsOf,
  formatClock,
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

/**
 * Why the failed load failed, on the intro after one: the server's reason (say it) or that no
 * answer came (say to check the connection); null when neither is known.
 */
export const selectStartFailure = (snapshot: ExamSnapshot): CallFailure | null =>
  snapshot.hasTag('alert:loadFailed') ? (snapshot.context.startFailure ?? null) : null;

/**
 * What the current question is worth, said beside it where the course grades by points (as
 * Korea's exam prints "(3점)"); null where every question counts alike.
 */
export const selectQuestionPoints = (snapshot: ExamSnapshot): number | null =>
  snapshot.context.rules.pass_rule === 'percent_points'
    ? (selectCurrentQuestion(snapshot)?.points ?? null)
    : null;

/** The exam's questions, in order (the same array until another exam starts). */
export const selectQuestions = (snapshot: ExamSnapshot): readonly Question[] =>
  snapshot.context.questions;

export function selectCurrentQuestion(snapshot: ExamSnapshot): Question | null {
  if (!snapshot.hasTag('status:inProgress')) return null;
  return snapshot.context.questions[snapshot.context.currentIndex] ?? null;
}

/** `Question 3 of 40`: of the questions shown, extra ones revealed so far included. */
export function selectPosition(snapshot: ExamSnapshot): { number: number; total: number } {
  return { number: snapshot.context.currentIndex + 1, total: snapshot.context.questions.length };
}

/** Extra questions revealed so far (each mistake in the main part that can still pass adds some). */
export const selectExtraQuestionCount = (snapshot: ExamSnapshot): number =>
  snapshot.context.questions.length - snapshot.context.mainCount;

/** The question on screen is an extra one: a mistake on it fails the exam. */
export const selectIsExtraQuestion = (snapshot: ExamSnapshot): boolean =>
  snapshot.hasTag('status:inProgress') &&
  snapshot.context.currentIndex >= snapshot.context.mainCount;

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

/** How many questions the learner has answered and moved past. */
export const selectAnsweredCount = (snapshot: ExamSnapshot): number =>
  snapshot.context.answers.length;

/** The clock is running: a question is on screen. */
export const selectIsInProgress = (snapshot: ExamSnapshot): boolean =>
  snapshot.hasTag('status:inProgress');

/**
 * The button says Finish: the last question shown, and no mistake on it could reveal extra
 * questions. Where a mistake would, it says Next whatever is picked (a right pick then finishes),
 * so the label never tells whether the pick is right.
 */
export const selectIsLastQuestion = (snapshot: ExamSnapshot): boolean =>
  snapshot.context.currentIndex >= snapshot.context.questions.length - 1 &&
  extrasRevealedByMistake(snapshot.context) === 0;

/** Whether the next (or, on the last question, the finish) button is enabled. */
export const selectCanMoveOn = (snapshot: ExamSnapshot): boolean =>
  snapshot.can({ type: 'user.next' }) || snapshot.can({ type: 'user.finish' });

/** The event the button (or Enter) sends: next where the machine takes it, else finish. */
export const selectMoveOnEvent = (snapshot: ExamSnapshot): 'user.next' | 'user.finish' =>
  snapshot.can({ type: 'user.next' }) ? 'user.next' : 'user.finish';

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
  /** What decided: the course's rule, or a mistake among the extra questions. */
  decidedBy: PassDecision;
  passRule: PassRule;
  /** The rule's pass mark: a percent, or the mistakes allowed. */
  passValue: number;
  /** Main-part questions not answered right, unanswered ones included. */
  mistakes: number;
  /** Questions never answered because the time ran out (not mistakes to practise). */
  unanswered: number;
  /** Questions answered, but wrongly: the ones worth practising. */
  answeredWrong: number;
  /**
   * The exam ended at the mistake that failed it (a course that `ends_when_failed`): the figures
   * are of the questions asked, those after it (`notAsked`, extras revealed included) left out.
   */
  endedEarly: boolean;
  notAsked: number;
  /** Extra questions shown, and how many of them were not answered right. */
  extraQuestions: number;
  extraMistakes: number;
  /** The main part's percent of questions right and of points earned, unrounded. */
  mainPercent: number;
  mainPointsPercent: number;
  /** The main part's points earned, and the most it could earn. */
  mainPoints: number;
  mainMaxPoints: number;
  timeTakenSeconds: number;
  /** The time limit was reached: the questions not answered by then earn nothing. */
  timeRanOut: boolean;
  /**
   * The server took the submission after the time limit and its grace: graded with the answers
   * given, and marked so (the server's word; a result not yet sent is never over time).
   */
  overTime: boolean;
}

/** The main part first, then the extra questions, graded as the pass decision reads them. */
function gradedOf(
  questions: readonly Question[],
  answers: readonly (readonly AnswerNumber[])[],
  mainCount: number,
): GradedQuestion[] {
  return questions.map((question, index) => {
    const picks = answers[index] ?? [];
    return {
      isCorrect: isRightByKey(picks, question.right_answers),
      points: question.points,
      answered: picks.length > 0,
      isExtra: index >= mainCount,
    };
  });
}

/**
 * How many of the questions shown were asked: all of them, unless the exam ended at its failing
 * mistake, whose later questions were never asked (summed up and reviewed as the server grades).
 */
function askedCountOf(snapshot: ExamSnapshot): number {
  const { questions, answers, mainCount, rules } = snapshot.context;
  const shown = gradedOf(questions, answers, mainCount);
  const main = shown.filter((question) => !question.isExtra);
  const mainPoints = main.reduce((sum, question) => sum + question.points, 0);
  return askedBeforeEnd(rules, { count: main.length, points: mainPoints }, shown) ?? shown.length;
}

/** The server's verdict, when its result carries one (a result saved before courses does not). */
function serverVerdictOf(result: ExamResult | null) {
  return result && typeof result.decided_by === 'string' ? result : null;
}

/**
 * Graded from the questions held by the course's rule (`decideExam`, as the server does from its
 * own copy); once the server's result has arrived, its verdict is the one shown.
 */
export function selectSummary(snapshot: ExamSnapshot): ExamSummary {
  const { questions, answers, mainCount, rules, startedAt, now, timeLimitSeconds, result } =
    snapshot.context;
  // The saved time: another tab's when the attempt was finished there first.
  const timeTakenSeconds = result?.time_taken ?? elapsedSecondsOf(startedAt, now, timeLimitSeconds);
  const points = (list: GradedQuestion[]) => list.reduce((sum, item) => sum + item.points, 0);
  const shown = gradedOf(questions, answers, mainCount);
  const asked = askedCountOf(snapshot);
  const graded = shown.slice(0, asked);
  const total = graded.length;
  const correct = graded.filter((question) => question.isCorrect).length;
  const main = graded.filter((question) => !question.isExtra);
  const extras = graded.filter((question) => question.isExtra);
  const own = decideExam(rules, graded);
  const shares = mainShares(graded);
  const server = serverVerdictOf(result);
  return {
    correct,
    total,
    percent: percentRight(correct, total),
    passed: server?.passed ?? own.passed,
    decidedBy: server?.decided_by ?? own.decidedBy,
    passRule: server?.pass_rule ?? rules.pass_rule,
    passValue: server?.pass_value ?? rules.pass_value,
    mistakes: server?.mistakes ?? own.mistakes,
    unanswered: server?.unanswered ?? own.unanswered,
    answeredWrong: graded.filter((question) => question.answered && !question.isCorrect).length,
    endedEarly: asked < shown.length,
    notAsked: shown.length - asked,
    extraQuestions: extras.length,
    extraMistakes: extras.filter((question) => !question.isCorrect).length,
    mainPercent: shares.questions,
    mainPointsPercent: shares.points,
    mainPoints: points(main.filter((question) => question.isCorrect)),
    mainMaxPoints: points(main),
    timeTakenSeconds,
    // The exam ended on the clock, not on the last question's finish.
    timeRanOut: timeTakenSeconds >= timeLimitSeconds,
    overTime: result?.over_time === true,
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
  /** Added by the extra-questions rule after a mistake. */
  isExtra: boolean;
  isCorrect: boolean;
  selected: AnswerNumber[];
  options: ReviewOptionView[];
  explanation: string | null;
  /**
   * A past exam's question whose answer key was corrected since (it is marked as it was
   * graded): its right answers now. Absent when the key is the one the exam had.
   */
  rightNow?: AnswerNumber[];
}

/**
 * The detailed review: every question shown (extra ones marked), right answers, wrong picks and
 * the explanation.
 */
export function selectReview(snapshot: ExamSnapshot): ReviewItem[] {
  const { questions, answers, mainCount } = snapshot.context;
  // The questions asked: one never reached (the exam ended at its failing mistake) is no mistake.
  const asked = questions.slice(0, askedCountOf(snapshot));
  return reviewOf(
    asked,
    answers,
    asked.map((_, index) => index >= mainCount),
  );
}

/**
 * The review of questions with the picks made for each (`answers[i]` for `questions[i]`): of
 * the exam just taken, or of one taken before. `extras[i]` marks an extra question; `grades[i]`,
 * when given, is the grade the server stored, shown as it is rather than graded again.
 */
export function reviewOf(
  questions: readonly Question[],
  answers: readonly (readonly AnswerNumber[])[],
  extras: readonly boolean[] = [],
  grades: readonly (boolean | undefined)[] = [],
): ReviewItem[] {
  return questions.map((question, index) => {
    const selected = [...(answers[index] ?? [])];
    return {
      question,
      number: index + 1,
      isExtra: extras[index] ?? false,
      isCorrect: grades[index] ?? isRightByKey(selected, question.right_answers),
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
