import type { components } from '../openapi/schema';

export type CourseRules = components['schemas']['CourseRules'];
export type PassRule = components['schemas']['PassRule'];
export type PassDecision = components['schemas']['PassDecision'];
export type CourseLanguage = components['schemas']['CourseLanguage'];

/** The spec's exam: 40 questions in 40 minutes, 70 percent of them right. */
export const DEFAULT_COURSE_RULES: CourseRules = {
  question_count: 40,
  time_limit_seconds: 2400,
  pass_rule: 'percent_questions',
  pass_value: 70,
  extra_questions_per_mistake: 0,
  extra_seconds_per_mistake: 0,
};

export type CoursePresetId = 'default' | 'korea-1' | 'korea-2' | 'russia-ab' | 'ireland' | 'uk';

export interface CoursePreset {
  id: CoursePresetId;
  language: CourseLanguage;
  rules: CourseRules;
}

/**
 * Published exam rules an administrator starts a course from (docs/courses.md gives the sources
 * and what each simplifies). Names and descriptions are the SPA's to word in each language.
 */
export const COURSE_PRESETS: readonly CoursePreset[] = [
  { id: 'default', language: 'en', rules: DEFAULT_COURSE_RULES },
  {
    // Korea, class 1: 40 questions in 40 minutes, pass at 70 of 100 points.
    id: 'korea-1',
    language: 'ko',
    rules: { ...DEFAULT_COURSE_RULES, pass_rule: 'percent_points', pass_value: 70 },
  },
  {
    // Korea, class 2: the same exam, pass at 60 points.
    id: 'korea-2',
    language: 'ko',
    rules: { ...DEFAULT_COURSE_RULES, pass_rule: 'percent_points', pass_value: 60 },
  },
  {
    // Russia, categories A and B: 20 questions in 20 minutes, at most 2 mistakes; each mistake
    // adds 5 questions and 5 minutes, and a mistake among those fails.
    id: 'russia-ab',
    language: 'ru',
    rules: {
      question_count: 20,
      time_limit_seconds: 1200,
      pass_rule: 'max_mistakes',
      pass_value: 2,
      extra_questions_per_mistake: 5,
      extra_seconds_per_mistake: 300,
    },
  },
  {
    // Ireland: 40 questions in 45 minutes, pass at 35 right.
    id: 'ireland',
    language: 'en',
    rules: {
      ...DEFAULT_COURSE_RULES,
      time_limit_seconds: 2700,
      pass_rule: 'max_mistakes',
      pass_value: 5,
    },
  },
  {
    // United Kingdom: 50 questions in 57 minutes, pass at 43 right.
    id: 'uk',
    language: 'en',
    rules: {
      ...DEFAULT_COURSE_RULES,
      question_count: 50,
      time_limit_seconds: 3420,
      pass_rule: 'max_mistakes',
      pass_value: 7,
    },
  },
];

/** Why a course's rules cannot be kept, as a problem code the caller words. */
export type RulesProblem = 'percentAbove100' | 'mistakesNotBelowCount';

/** Rules the contract's ranges allow but an exam could never use sensibly. */
export function rulesProblem(rules: CourseRules): RulesProblem | null {
  if (rules.pass_rule !== 'max_mistakes' && rules.pass_value > 100) return 'percentAbove100';
  if (rules.pass_rule === 'max_mistakes' && rules.pass_value >= rules.question_count)
    return 'mistakesNotBelowCount';
  return null;
}

/**
 * How many mistakes in the main part of an exam of `mainCount` questions can still pass. For
 * the points rule it is counted as for the questions rule: which questions are missed is not
 * known in advance.
 */
export function mistakesAllowed(rules: CourseRules, mainCount: number): number {
  if (rules.pass_rule === 'max_mistakes') return Math.min(rules.pass_value, mainCount);
  return Math.max(0, mainCount - Math.ceil((rules.pass_value * mainCount) / 100));
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
