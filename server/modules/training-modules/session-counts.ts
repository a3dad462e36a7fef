import type { TrainingSessionRow } from '../../db/schema';
import { parseStoredIds } from './training-modules.model';

/** Seconds a run may take beyond its measured time (a slow reply, a tab asleep). */
export const SESSION_TIME_GRACE_SECONDS = 30;

/** One answer as the server graded it, to count in its session's figures. */
export interface CountedAnswer {
  questionId: number;
  isCorrect: boolean;
  /** The question's points, earned when right. */
  points: number;
}

type Figures = Pick<
  TrainingSessionRow,
  'questions_answered' | 'correct_answers' | 'total_points' | 'counted_question_ids'
>;

/** The figures of a session the server has not counted anything in yet. */
export const NO_FIGURES: Figures = {
  questions_answered: 0,
  correct_answers: 0,
  total_points: 0,
  counted_question_ids: '[]',
};

/**
 * Whether the server counts the session's figures: every session created since migration 0022.
 * An older one keeps the figures its client sent.
 */
export const isServerCounted = (session: Pick<TrainingSessionRow, 'counted_question_ids'>) =>
  session.counted_question_ids !== null;

/**
 * The figures once `answers` are counted: the first answer to each question counts, a later one
 * (a resend, a second try at the same question) adds nothing. Undefined when nothing changes.
 */
export function withCountedAnswers(
  figures: Figures,
  answers: readonly CountedAnswer[],
): Figures | undefined {
  const counted = new Set(parseStoredIds(figures.counted_question_ids ?? '[]'));
  let { questions_answered, correct_answers, total_points } = figures;
  for (const answer of answers) {
    if (counted.has(answer.questionId)) continue;
    counted.add(answer.questionId);
    questions_answered += 1;
    if (answer.isCorrect) {
      correct_answers += 1;
      total_points += answer.points;
    }
  }
  if (questions_answered === figures.questions_answered) return undefined;
  return {
    questions_answered,
    correct_answers,
    total_points,
    counted_question_ids: JSON.stringify([...counted]),
  };
}

/**
 * The time a client may claim for a session: no more than has passed since it began (its time
 * limit when shorter), plus the grace.
 */
export function cappedTimeSpent(
  claimed: number,
  session: Pick<TrainingSessionRow, 'created_at' | 'time_limit_seconds'>,
  now: Date,
): number {
  const began = new Date(session.created_at).getTime();
  const elapsed = Number.isNaN(began) ? 0 : Math.max(0, Math.floor((now.getTime() - began) / 1000));
  const allowed = Math.min(elapsed, session.time_limit_seconds ?? elapsed);
  return Math.min(claimed, allowed + SESSION_TIME_GRACE_SECONDS);
}
