import type { CourseRules, PassDecision } from './course-defaults';

export {
  type CourseLanguage,
  type CourseRules,
  DEFAULT_COURSE_RULES,
  type PassDecision,
  type PassRule,
} from './course-defaults';

/**
 * The longest exam a course allows, in seconds (the contract's CourseRules.time_limit_seconds):
 * the setting `exam_time_limit_seconds`, which the default course follows, holds to it too.
 */
export const MAX_TIME_LIMIT_SECONDS = 21_600;

/** Why a course's rules cannot be kept, as a problem code the caller words. */
export type RulesProblem = 'percentRange' | 'mistakesNotBelowCount';

/** A pass mark in percent: 0 would pass every exam, as the setting `exam_pass_percent` knows. */
export const PASS_PERCENT = { min: 1, max: 100 } as const;

/** Rules the contract's ranges allow but an exam could never use sensibly. */
export function rulesProblem(rules: CourseRules): RulesProblem | null {
  if (
    rules.pass_rule !== 'max_mistakes' &&
    (rules.pass_value < PASS_PERCENT.min || rules.pass_value > PASS_PERCENT.max)
  )
    return 'percentRange';
  if (rules.pass_rule === 'max_mistakes' && rules.pass_value >= rules.question_count)
    return 'mistakesNotBelowCount';
  return null;
}

/**
 * How many mistakes in the main part of an exam of `mainCount` questions can still pass. For
 * the points rule it is counted as for the questions rule: which questions are missed is not
 * known in advance.
 */
export function mistakesAllowed(
  rules: Pick<CourseRules, 'pass_rule' | 'pass_value'>,
  mainCount: number,
): number {
  if (rules.pass_rule === 'max_mistakes') return Math.min(rules.pass_value, mainCount);
  return Math.max(0, mainCount - Math.ceil((rules.pass_value * mainCount) / 100));
}

/**
 * The rules as they hold for an exam whose main part has `mainCount` questions: the course's own
 * for a full exam. A bank holding fewer questions than the course draws gives a smaller exam,
 * which keeps the rule's share: under "at most N mistakes" the same share of its questions,
 * rounded down, so "at most 7 of 50" allows none of 6 (7 passed an exam of 6 answered all
 * wrong) and 5 of 40; the percent rules keep their mark as they are.
 */
export function rulesForDraw(rules: CourseRules, mainCount: number): CourseRules {
  if (mainCount >= rules.question_count || mainCount <= 0) return rules;
  return {
    ...rules,
    question_count: mainCount,
    pass_value:
      rules.pass_rule === 'max_mistakes'
        ? Math.floor((rules.pass_value * mainCount) / rules.question_count)
        : rules.pass_value,
  };
}

/**
 * The questions an exam draws beyond its main part, to be shown only as mistakes earn them:
 * enough for every mistake that can still pass.
 */
export function reserveSize(rules: CourseRules, mainCount: number): number {
  return rules.extra_questions_per_mistake * mistakesAllowed(rules, mainCount);
}

/** Extra questions earned by `mainMistakes` mistakes: none for those past what can pass. */
export function extraQuestionsEarned(
  rules: CourseRules,
  mainCount: number,
  mainMistakes: number,
): number {
  return (
    rules.extra_questions_per_mistake *
    Math.min(Math.max(0, mainMistakes), mistakesAllowed(rules, mainCount))
  );
}

/** The exam's time limit once `mainMistakes` mistakes have added their extra time. */
export function timeLimitWith(rules: CourseRules, mainCount: number, mainMistakes: number): number {
  if (rules.extra_questions_per_mistake === 0) return rules.time_limit_seconds;
  const counted = Math.min(Math.max(0, mainMistakes), mistakesAllowed(rules, mainCount));
  return rules.time_limit_seconds + rules.extra_seconds_per_mistake * counted;
}

/** One graded question of an exam, as the pass decision reads it. */
export interface GradedQuestion {
  isCorrect: boolean;
  /** The question's points (earned only when right). */
  points: number;
  /** False when the time ran out before the learner answered it. */
  answered: boolean;
  /** Added by the extra-questions rule after a mistake. */
  isExtra: boolean;
}

export interface ExamVerdict {
  passed: boolean;
  decidedBy: PassDecision;
  /** Main-part questions not answered right, unanswered ones included. */
  mistakes: number;
  unanswered: number;
}

/**
 * The pass decision of a course's rule over graded questions (main part first, extras after):
 * the rule judges the main part; any extra question not answered right fails the exam. An exam
 * with no question never passes.
 */
export function decideExam(
  rules: Pick<CourseRules, 'pass_rule' | 'pass_value'>,
  graded: readonly GradedQuestion[],
): ExamVerdict {
  const main = graded.filter((question) => !question.isExtra);
  const right = main.filter((question) => question.isCorrect);
  const mistakes = main.length - right.length;
  const unanswered = graded.filter((question) => !question.answered).length;
  let passed: boolean;
  switch (rules.pass_rule) {
    case 'percent_questions':
      passed = main.length > 0 && right.length * 100 >= rules.pass_value * main.length;
      break;
    case 'percent_points': {
      const most = main.reduce((sum, question) => sum + question.points, 0);
      const earned = right.reduce((sum, question) => sum + question.points, 0);
      passed = most > 0 && earned * 100 >= rules.pass_value * most;
      break;
    }
    case 'max_mistakes':
      passed = main.length > 0 && mistakes <= rules.pass_value;
      break;
  }
  if (passed && graded.some((question) => question.isExtra && !question.isCorrect)) {
    return { passed: false, decidedBy: 'extra_mistake', mistakes, unanswered };
  }
  return { passed, decidedBy: rules.pass_rule, mistakes, unanswered };
}

/**
 * The main part's shares right, in percent (unrounded): of its questions, and of its points. The
 * percent rules judge these; the extra questions are judged apart (any wrong one fails).
 */
export function mainShares(graded: readonly GradedQuestion[]): {
  questions: number;
  points: number;
} {
  const main = graded.filter((question) => !question.isExtra);
  const right = main.filter((question) => question.isCorrect);
  const sum = (list: readonly GradedQuestion[]) =>
    list.reduce((total, question) => total + question.points, 0);
  const most = sum(main);
  return {
    questions: main.length === 0 ? 0 : (right.length * 100) / main.length,
    points: most === 0 ? 0 : (sum(right) * 100) / most,
  };
}

/**
 * Whether an exam can no longer be passed, whatever the answers still to come (`graded` holds
 * the questions answered so far, the main part's and the extras' as `decideExam` reads them;
 * `mainPoints` is the most the whole main part can earn): a mistake among the extra questions,
 * or more lost in the main part than the rule allows (mistakes, or for the points rule points).
 * A course that `ends_when_failed` ends its exam there.
 */
export function cannotPassAnyMore(
  rules: Pick<CourseRules, 'pass_rule' | 'pass_value'>,
  main: { count: number; points: number },
  graded: readonly GradedQuestion[],
): boolean {
  const missed = graded.filter((question) => question.answered && !question.isCorrect);
  if (missed.some((question) => question.isExtra)) return true;
  const mainMissed = missed.filter((question) => !question.isExtra);
  if (rules.pass_rule === 'percent_points') {
    const lost = mainMissed.reduce((sum, question) => sum + question.points, 0);
    return main.points === 0 || (main.points - lost) * 100 < rules.pass_value * main.points;
  }
  return mainMissed.length > mistakesAllowed(rules, main.count);
}

/**
 * How many of an exam's questions were asked, for a course that ends its exam once it cannot
 * be passed (`graded` in the order they are asked: the main part, then the extras): up to and
 * including the answer after which it could no longer pass, when none after it was answered.
 * Null when the course does not end its exams so, or this one did not end so.
 */
export function askedBeforeEnd(
  rules: Pick<CourseRules, 'pass_rule' | 'pass_value' | 'ends_when_failed'>,
  main: { count: number; points: number },
  graded: readonly GradedQuestion[],
): number | null {
  if (rules.ends_when_failed !== true) return null;
  for (let at = 0; at < graded.length; at += 1) {
    if (!graded[at]?.answered || !cannotPassAnyMore(rules, main, graded.slice(0, at + 1))) continue;
    return graded.slice(at + 1).some((question) => question.answered) ? null : at + 1;
  }
  return null;
}
