import type { QuestionRow } from '../../db/schema';
import type { Schema } from '../../http/operations';
import { answerKeyOf, isExactlyRight, isRightByKey } from '../../../domain/answers';
import { askedBeforeEnd, type CourseRules } from '../../../domain/course-rules';

export type GradedAnswer = Schema<'GradedAnswer'>;

export interface Grade {
  answers: GradedAnswer[];
  totalQuestions: number;
  correctAnswers: number;
  /** Percent of questions answered right, rounded down (see `passes`). */
  score: number;
  /** Points of the questions answered right. */
  totalPoints: number;
  /** Points of every question asked. */
  maxPoints: number;
}

/**
 * Grades answers against the server's own questions: only the learner's choices are taken from
 * the submission, never what the client claims is right or correct. Every `question_id` must
 * be in `questions`. Answers from `mainCount` on are extra questions (see CourseRules).
 */
export function gradeAnswers(
  submitted: readonly { question_id: number; selected_answers: readonly number[] }[],
  questions: ReadonlyMap<number, Pick<QuestionRow, 'right_answers' | 'points'>>,
  mainCount = submitted.length,
): Grade {
  const answers = submitted.map((answer, index): GradedAnswer => {
    const question = questions.get(answer.question_id);
    if (!question) throw new Error(`Question ${answer.question_id} was not loaded`);
    const correct = answerKeyOf(question.right_answers);
    const selected = [...new Set(answer.selected_answers)].sort((a, b) => a - b);
    const isCorrect = isExactlyRight(selected, correct);
    return {
      question_id: answer.question_id,
      selected_answers: selected,
      correct_answers: correct,
      is_correct: isCorrect,
      points: isCorrect ? question.points : 0,
      is_extra: index >= mainCount,
    };
  });
  const correctAnswers = answers.filter((a) => a.is_correct).length;
  const totalQuestions = answers.length;
  return {
    answers,
    totalQuestions,
    correctAnswers,
    score: totalQuestions === 0 ? 0 : Math.floor((100 * correctAnswers) / totalQuestions),
    totalPoints: answers.reduce((sum, a) => sum + a.points, 0),
    maxPoints: submitted.reduce((sum, a) => sum + (questions.get(a.question_id)?.points ?? 0), 0),
  };
}

/**
 * How many of a held exam's answers (in the order asked: the main part's `mainCount`, then the
 * extras) were asked: all, unless its course ends the exam at the mistake after which it can no
 * longer pass and it ended there (see askedBeforeEnd).
 */
export function askedInExam(
  rules: CourseRules,
  answers: readonly { question_id: number; selected_answers: readonly number[] }[],
  mainCount: number,
  questions: ReadonlyMap<number, Pick<QuestionRow, 'right_answers' | 'points'>>,
): number {
  const graded = answers.map((answer, index) => {
    const question = questions.get(answer.question_id);
    return {
      isCorrect:
        question !== undefined && isRightByKey(answer.selected_answers, question.right_answers),
      points: question?.points ?? 0,
      answered: answer.selected_answers.length > 0,
      isExtra: index >= mainCount,
    };
  });
  const main = graded.filter((question) => !question.isExtra);
  const points = main.reduce((sum, question) => sum + question.points, 0);
  return askedBeforeEnd(rules, { count: main.length, points }, graded) ?? answers.length;
}

/**
 * A percentage rounded down to one decimal, as the app shows scores: never above the exact one,
 * so it reaches the pass mark only when that does. The database's floating point may give
 * 49.99999 for an exact 50.
 */
export function downToTenths(percent: number): number {
  return Math.floor(percent * 10 + 1e-9) / 10;
}

/** The share of right answers as the app shows it: 15 of 40 is 37.5, 16 of 23 is 69.5. */
export function percentShown(grade: Pick<Grade, 'correctAnswers' | 'totalQuestions'>): number {
  return grade.totalQuestions === 0
    ? 0
    : downToTenths((100 * grade.correctAnswers) / grade.totalQuestions);
}
