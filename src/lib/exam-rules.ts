import { DEFAULT_COURSE_RULES, type CourseRules } from '../../domain/course-rules';
import type { Setting } from '../api';
import { useCountTexts } from '../i18n/counts';
import { drawnFromBank } from './bank-size';
import type { Course } from './learner-course';
import { usePublicSettings } from './public-settings';

/**
 * The exam a learner's course sets: its rules, and how many questions its main part will have
 * (the rule's count, or the whole bank when it holds fewer).
 */
export interface ExamPlan {
  rules: CourseRules;
  questionCount: number;
}

/**
 * The exam of `course`. A bank not counted (0: the courses could not be read) leaves the rule's
 * count: the start then says what is wrong.
 */
export function examPlanOf(course: Pick<Course, 'rules' | 'question_total'>): ExamPlan {
  return {
    rules: course.rules,
    questionCount: drawnFromBank(course.rules.question_count, course.question_total),
  };
}

/**
 * The percent of questions right a result needs, for the charts' pass line: the percent rules'
 * mark, or for at most N mistakes the share right that N mistakes leave in a full exam. Only a
 * line to read scores against; whether an exam passed is `decideExam`'s (domain/).
 */
export function scorePassMark(rules: CourseRules): number {
  if (rules.pass_rule !== 'max_mistakes') return rules.pass_value;
  const count = Math.max(rules.question_count, 1);
  return (Math.max(0, count - rules.pass_value) * 100) / count;
}

/** A public setting's value as a positive number, or `fallback` when unset or not one. */
export function positiveSetting(settings: Setting[], key: string, fallback: number): number {
  const value = Number(settings.find((setting) => setting.key === key)?.value);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** The default course's exam as the public settings `exam_*` state it (the landing page, help). */
interface DefaultExamRules {
  questionCount: number;
  timeLimitSeconds: number;
  passPercent: number;
}

const SPEC_EXAM: DefaultExamRules = {
  questionCount: DEFAULT_COURSE_RULES.question_count,
  timeLimitSeconds: DEFAULT_COURSE_RULES.time_limit_seconds,
  passPercent: DEFAULT_COURSE_RULES.pass_value,
};

function rulesFrom(settings: Setting[]): DefaultExamRules {
  return {
    questionCount: positiveSetting(settings, 'exam_question_count', SPEC_EXAM.questionCount),
    timeLimitSeconds: positiveSetting(
      settings,
      'exam_time_limit_seconds',
      SPEC_EXAM.timeLimitSeconds,
    ),
    passPercent: positiveSetting(settings, 'exam_pass_percent', SPEC_EXAM.passPercent),
  };
}

/**
 * The default course's exam written out for the sentences that state it to guests (the landing
 * page, the help): the settings the page carries, the spec's values until there are any. The
 * pass mark stays a number: formatting it builds an Intl formatter, which the landing page's
 * first paint cannot afford and does not need.
 */
export function useExamRuleTexts(): { questions: string; time: string; passPercent: number } {
  const settings = usePublicSettings();
  const rules = settings ? rulesFrom(settings) : SPEC_EXAM;
  const counts = useCountTexts();
  return {
    questions: counts.questions(rules.questionCount),
    time: counts.duration(rules.timeLimitSeconds),
    passPercent: rules.passPercent,
  };
}
