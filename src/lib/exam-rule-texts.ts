/**
 * The default course's exam as the public settings state it to guests (the landing page, the
 * help), apart from ./exam-rules: the landing page loads this alone, not the bank's counting.
 */
import { DEFAULT_COURSE_RULES } from '../../domain/course-defaults';
import type { Setting } from '../api';
import { useCountTexts } from '../i18n/counts';
import { usePublicSettings } from './public-settings';

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
