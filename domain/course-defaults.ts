/**
 * A course's rules as the contract has them, and the spec's exam: apart from ./course-rules so a
 * page that only states the default exam (the landing page) loads no grading code.
 */
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
  ends_when_failed: false,
};
