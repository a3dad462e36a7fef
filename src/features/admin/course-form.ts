import { COURSE_PRESETS, type CoursePresetId } from '../../../domain/course-presets';
import {
  DEFAULT_COURSE_RULES,
  MAX_TIME_LIMIT_SECONDS,
  PASS_PERCENT,
  rulesProblem,
  type CourseLanguage,
  type CourseRules,
  type PassRule,
  type RulesProblem,
} from '../../../domain/course-rules';
import type { components } from '../../api';
import { isTooLong } from './validation';

export type Course = components['schemas']['Course'];
export type CourseInput = components['schemas']['CourseInput'];

export const PASS_RULES: readonly PassRule[] = [
  'percent_questions',
  'percent_points',
  'max_mistakes',
];
export const COURSE_LANGUAGES: readonly CourseLanguage[] = ['en', 'ru', 'zh', 'ko'];

/**
 * The contract's ranges (openapi/api.yaml: CourseInput, CourseRules), the times in minutes as
 * the form asks for them (the contract counts seconds).
 */
export const COURSE_LIMITS = {
  name: 200,
  description: 2000,
  questionCount: { min: 1, max: 200 },
  timeLimitMinutes: { min: 1, max: MAX_TIME_LIMIT_SECONDS / 60 },
  percent: PASS_PERCENT,
  mistakes: { min: 0, max: 500 },
  extraQuestions: { min: 0, max: 50 },
  extraMinutes: { min: 0, max: 60 },
} as const;

/** The course form as typed: numbers stay text until the form is sent. */
export interface CourseForm {
  /** The published rules a new course starts from; '' for a stored course. */
  preset: CoursePresetId | '';
  name: string;
  description: string;
  language: CourseLanguage;
  question_count: string;
  time_limit_minutes: string;
  pass_rule: PassRule;
  pass_value: string;
  extra_questions_per_mistake: string;
  extra_minutes_per_mistake: string;
  /** The exam ends at the mistake that fails it (CourseRules.ends_when_failed). */
  ends_when_failed: boolean;
}

export type CourseField = keyof CourseForm;

/** The rules a preset's description states (not whether the exam ends at a failing mistake). */
export const DESCRIBED_RULE_FIELDS: readonly CourseField[] = [
  'question_count',
  'time_limit_minutes',
  'pass_rule',
  'pass_value',
  'extra_questions_per_mistake',
  'extra_minutes_per_mistake',
];

/** The fields in the form's order: the first one with a problem takes the focus. */
export const COURSE_FIELDS: readonly CourseField[] = [
  'preset',
  'name',
  'description',
  'language',
  ...DESCRIBED_RULE_FIELDS,
  'ends_when_failed',
];

/** Seconds as minutes written for a field: 2400 → '40', 90 → '1.5'. */
export const minutesText = (seconds: number): string =>
  String(Math.round((seconds / 60) * 1000) / 1000);

function rulesForm(rules: CourseRules) {
  return {
    question_count: String(rules.question_count),
    time_limit_minutes: minutesText(rules.time_limit_seconds),
    pass_rule: rules.pass_rule,
    pass_value: String(rules.pass_value),
    extra_questions_per_mistake: String(rules.extra_questions_per_mistake),
    extra_minutes_per_mistake: minutesText(rules.extra_seconds_per_mistake),
    ends_when_failed: rules.ends_when_failed,
  };
}

/** A stored course as its form shows it. */
export function courseFormOf(course: Course): CourseForm {
  return {
    preset: '',
    name: course.name,
    description: course.description,
    language: course.language,
    ...rulesForm(course.rules),
  };
}

/** A preset's rules and language, `name` and `description` as the form shows them. */
export function presetForm(
  id: CoursePresetId,
  words: { name: string; description: string },
): CourseForm {
  const preset = COURSE_PRESETS.find((candidate) => candidate.id === id) ?? COURSE_PRESETS[0]!;
  return { preset: preset.id, ...words, language: preset.language, ...rulesForm(preset.rules) };
}

/** Why a field cannot be sent, as the form words it. */
export type CourseProblem =
  | { code: 'required' }
  | { code: 'tooLong'; max: number }
  | { code: 'wholeNumber'; min: number; max: number }
  | { code: 'minutes'; min: number; max: number }
  | { code: RulesProblem; count: number };

const WHOLE = /^\s*\d+\s*$/;
// A decimal point or comma (the Russian way of writing 1.5).
const DECIMAL = /^\s*\d+(?:[.,]\d+)?\s*$/;

/** A whole number typed within `range`, spaces around it allowed; null for anything else. */
export function wholeNumberIn(text: string, range: { min: number; max: number }): number | null {
  const value = Number(text.trim());
  return WHOLE.test(text) && value >= range.min && value <= range.max ? value : null;
}

function wholeNumber(text: string, range: { min: number; max: number }) {
  const value = wholeNumberIn(text, range);
  return value === null ? { problem: { code: 'wholeNumber' as const, ...range } } : { value };
}

/** Minutes that make whole seconds (40, 1.5; not 0.01), within `range`; as seconds. */
function minutes(text: string, range: { min: number; max: number }) {
  const value = Number(text.trim().replace(',', '.'));
  const seconds = Math.round(value * 60);
  const whole = Math.abs(value * 60 - seconds) < 1e-6;
  return DECIMAL.test(text) && whole && value >= range.min && value <= range.max
    ? { value: seconds }
    : { problem: { code: 'minutes' as const, ...range } };
}

/**
 * The course to send, or each field's problem: the contract's ranges, then what the rules
 * themselves cannot keep (`rulesProblem`: a percent outside 1 to 100, as many mistakes as questions).
 */
export function readCourseForm(
  form: CourseForm,
):
  | { ok: true; body: CourseInput }
  | { ok: false; problems: Partial<Record<CourseField, CourseProblem>> } {
  const problems: Partial<Record<CourseField, CourseProblem>> = {};
  const name = form.name.trim();
  const description = form.description.trim();
  if (!name) problems.name = { code: 'required' };
  else if (isTooLong(name, COURSE_LIMITS.name))
    problems.name = { code: 'tooLong', max: COURSE_LIMITS.name };
  if (isTooLong(description, COURSE_LIMITS.description))
    problems.description = { code: 'tooLong', max: COURSE_LIMITS.description };
  const count = wholeNumber(form.question_count, COURSE_LIMITS.questionCount);
  const time = minutes(form.time_limit_minutes, COURSE_LIMITS.timeLimitMinutes);
  const mistakes = form.pass_rule === 'max_mistakes';
  const pass = wholeNumber(
    form.pass_value,
    mistakes ? COURSE_LIMITS.mistakes : COURSE_LIMITS.percent,
  );
  const extraQuestions = wholeNumber(
    form.extra_questions_per_mistake,
    COURSE_LIMITS.extraQuestions,
  );
  const extraTime = minutes(form.extra_minutes_per_mistake, COURSE_LIMITS.extraMinutes);
  if ('problem' in count) problems.question_count = count.problem;
  if ('problem' in time) problems.time_limit_minutes = time.problem;
  if ('problem' in pass) problems.pass_value = pass.problem;
  if ('problem' in extraQuestions) problems.extra_questions_per_mistake = extraQuestions.problem;
  if ('problem' in extraTime) problems.extra_minutes_per_mistake = extraTime.problem;
  // What the rules cannot keep is said with the other problems, as soon as its fields are read.
  if (!('problem' in count) && !('problem' in pass)) {
    const kept = rulesProblem({
      ...DEFAULT_COURSE_RULES,
      question_count: count.value,
      pass_rule: form.pass_rule,
      pass_value: pass.value,
    });
    if (kept) problems.pass_value = { code: kept, count: count.value };
  }
  if (
    'problem' in count ||
    'problem' in time ||
    'problem' in pass ||
    'problem' in extraQuestions ||
    'problem' in extraTime ||
    problems.pass_value
  )
    return { ok: false, problems };
  const rules: CourseRules = {
    question_count: count.value,
    time_limit_seconds: time.value,
    pass_rule: form.pass_rule,
    pass_value: pass.value,
    extra_questions_per_mistake: extraQuestions.value,
    extra_seconds_per_mistake: extraTime.value,
    // A draft kept in this tab before the choice was in the form has none: it was not made.
    ends_when_failed: form.ends_when_failed === true,
  };
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, body: { name, description, language: form.language, rules } };
}

/**
 * The form's field a refusal names: the contract's body field, or one of its rules (`rules`
 * alone, or `rules.pass_value`), the times under their minutes' names. Null for none of them.
 */
export function courseFieldOf(field: string | null): CourseField | null {
  if (field === null) return null;
  const rule = field.startsWith('rules.') ? field.slice('rules.'.length) : field;
  switch (rule) {
    case 'name':
    case 'description':
    case 'language':
    case 'question_count':
    case 'pass_rule':
    case 'pass_value':
    case 'extra_questions_per_mistake':
    case 'ends_when_failed':
      return rule;
    case 'time_limit_seconds':
      return 'time_limit_minutes';
    case 'extra_seconds_per_mistake':
      return 'extra_minutes_per_mistake';
    // The rules as a whole: what they cannot keep is their pass mark (see rulesProblem).
    case 'rules':
      return 'pass_value';
    default:
      return null;
  }
}
