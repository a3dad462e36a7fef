import type { ExamResultRow, ExamSessionRow, QuestionRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import { toQuestion } from '../questions/questions.model';
import type { GradedAnswer } from './exams.grading';

export type ExamType = Schema<'ExamType'>;
export type ExamResult = Schema<'ExamResult'>;
export type ExamResultSummary = Schema<'ExamResultSummary'>;
export type ExamSession = Schema<'ExamSession'>;

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
  };
}

/** The API view of a result with every graded answer. */
export function toExamResult(row: ExamResultRow): ExamResult {
  return {
    ...toExamResultSummary(row),
    user_id: row.user_id,
    answers: parseGradedAnswers(row.answers),
  };
}

function parseGradedAnswers(text: string): GradedAnswer[] {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as GradedAnswer[]) : [];
  } catch {
    return [];
  }
}

/** The API view of an exam session with its questions (in the order they were drawn). */
export function toExamSession(row: ExamSessionRow, questions: readonly QuestionRow[]): ExamSession {
  return {
    id: row.id,
    session_id: row.id,
    exam_type: toExamType(row.exam_type),
    questions: questions.map(toQuestion),
    time_limit_seconds: row.time_limit_seconds,
    is_completed: row.completed_at !== null,
    result_id: row.result_id,
    started_at: row.started_at,
    completed_at: row.completed_at,
  };
}
