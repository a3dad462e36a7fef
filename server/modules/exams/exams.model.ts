import type { ExamResultRow, ExamSessionRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import type { CourseRules, PassDecision, PassRule } from '../../../domain/course-rules';
import { type ContentLanguage, isContentLanguage } from '../../../domain/question-languages';
import { parseQuestionIds, type Question } from '../questions/questions.model';
import type { GradedAnswer } from './exams.grading';

export type ExamType = Schema<'ExamType'>;
export type ExamResult = Schema<'ExamResult'>;
export type ExamResultSummary = Schema<'ExamResultSummary'>;
export type ExamSession = Schema<'ExamSession'>;

// Every exam type once: the compiler refuses a type missing here or one the contract lacks.
const EXAM_TYPES: Record<ExamType, true> = { exam: true, training: true };

export function isExamType(value: unknown): value is ExamType {
  return typeof value === 'string' && Object.hasOwn(EXAM_TYPES, value);
}

export function toExamType(text: string): ExamType {
  return text === 'training' ? 'training' : 'exam';
}

/** The API view of a result without its answers, for history lists. */
export function toExamResultSummary(row: ExamResultRow): ExamResultSummary {
  return {
    id: row.id,
    exam_type: toExamType(row.exam_type),
    total_questions: row.total_questions,
    correct_answers: row.correct_answers,
    score: row.score,
    passed: Boolean(row.passed),
    time_taken: row.time_taken,
    total_points: row.total_points,
    max_points: row.max_points,
    created_at: row.created_at,
    course_id: row.course_id,
    pass_rule: PASS_RULES.find((rule) => rule === row.pass_rule) ?? 'percent_questions',
    pass_value: row.pass_value,
    decided_by: PASS_DECISIONS.find((rule) => rule === row.decided_by) ?? 'percent_questions',
    mistakes: row.mistakes,
    unanswered: row.unanswered,
    over_time: row.over_time === 1,
    ended_early: row.ended_early === 1,
    language: isContentLanguage(row.language) ? row.language : null,
  };
}

const PASS_RULES: readonly PassRule[] = ['percent_questions', 'percent_points', 'max_mistakes'];
const PASS_DECISIONS: readonly PassDecision[] = [...PASS_RULES, 'extra_mistake'];

/** The API view of a result with every graded answer. */
export function toExamResult(row: ExamResultRow): ExamResult {
  return {
    ...toExamResultSummary(row),
    user_id: row.user_id,
    answers: parseGradedAnswers(row.answers),
  };
}

/**
 * The API view of a result just saved with `answers`: the graded answers as they are, rather
 * than read back from the text stored from them.
 */
export function toSavedExamResult(
  row: ExamResultRow,
  answers: readonly GradedAnswer[],
): ExamResult {
  return { ...toExamResultSummary(row), user_id: row.user_id, answers: [...answers] };
}

const isAnswerNumbers = (value: unknown) =>
  Array.isArray(value) && value.every((n) => Number.isInteger(n) && n >= 1 && n <= 5);

/** Whether a stored answer is one the server graded: the contract's GradedAnswer. */
export function isGradedAnswer(value: unknown): value is GradedAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(answer.question_id) &&
    isAnswerNumbers(answer.selected_answers) &&
    isAnswerNumbers(answer.correct_answers) &&
    typeof answer.is_correct === 'boolean' &&
    Number.isSafeInteger(answer.points)
  );
}

/** A stored answer as served: one saved before extra questions existed was never one. */
function servedAnswer(answer: GradedAnswer): GradedAnswer {
  return { ...answer, is_extra: answer.is_extra === true };
}

/** A result's stored answers; anything else in the text is left out rather than served broken. */
function parseGradedAnswers(text: string): GradedAnswer[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter(isGradedAnswer).map(servedAnswer) : [];
  } catch {
    return [];
  }
}

/**
 * How many of a session's drawn questions are the main part: as stored, or for a session from
 * before migration 0018, its course's count (the rest of the draw was the reserve).
 */
export function mainCountOf(
  row: Pick<ExamSessionRow, 'main_count' | 'question_ids'>,
  rules: Pick<CourseRules, 'question_count'>,
): number {
  return (
    row.main_count ??
    Math.min(rules.question_count, parseQuestionIds(row.question_ids)?.length ?? 0)
  );
}

const RULE_COUNTS = [
  'question_count',
  'time_limit_seconds',
  'pass_value',
  'extra_questions_per_mistake',
  'extra_seconds_per_mistake',
] as const;

/**
 * The rules a held exam is graded by: those its session was drawn under (migration 0030), or,
 * for a session from before (or a value a hand edit spoiled), the course's `current` ones.
 */
export function sessionRulesOf(
  row: Pick<ExamSessionRow, 'rules'>,
  current: CourseRules,
): CourseRules {
  if (row.rules === null) return current;
  try {
    const stored = JSON.parse(row.rules) as Partial<Record<keyof CourseRules, unknown>>;
    const passRule = PASS_RULES.find((rule) => rule === stored.pass_rule);
    if (!passRule || !RULE_COUNTS.every((key) => Number.isSafeInteger(stored[key]))) return current;
    const count = (key: (typeof RULE_COUNTS)[number]) => stored[key] as number;
    return {
      question_count: count('question_count'),
      time_limit_seconds: count('time_limit_seconds'),
      pass_rule: passRule,
      pass_value: count('pass_value'),
      extra_questions_per_mistake: count('extra_questions_per_mistake'),
      extra_seconds_per_mistake: count('extra_seconds_per_mistake'),
      ends_when_failed: stored.ends_when_failed === true,
    };
  } catch {
    return current;
  }
}

/**
 * The API view of an exam session with its questions (in the order they were drawn, shown in
 * `language`, the one it is sat in).
 */
export function toExamSession(
  row: ExamSessionRow,
  questions: readonly Question[],
  mainCount: number,
  language: ContentLanguage,
): ExamSession {
  return {
    id: row.id,
    session_id: row.id,
    exam_type: toExamType(row.exam_type),
    questions: [...questions],
    main_count: mainCount,
    language,
    time_limit_seconds: row.time_limit_seconds,
    is_completed: row.completed_at !== null,
    result_id: row.result_id,
    started_at: row.started_at,
    completed_at: row.completed_at,
    prepared: row.prepared_at !== null,
  };
}
