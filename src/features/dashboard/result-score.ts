import type { ExamResultSummary } from '../../api';
import { percentRight } from '../../../machines/question-grading';
import { useTranslation } from '../../i18n/react';
import { useNumberFormats } from '../../i18n/numbers';

type ScoredResult = Pick<
  ExamResultSummary,
  'pass_rule' | 'total_points' | 'max_points' | 'correct_answers' | 'total_questions'
>;

const judgedOnPoints = (result: ScoredResult) =>
  result.pass_rule === 'percent_points' && result.max_points > 0;

/**
 * A result's figure in percent: of the points for a course passed on points, else of the
 * questions right (what the charts plot and the lists say).
 */
export function scoreOf(result: ScoredResult): number {
  return judgedOnPoints(result)
    ? percentRight(result.total_points, result.max_points)
    : percentRight(result.correct_answers, result.total_questions);
}

/** "7 of 10 right (70%)", with the points where the course passes on them. */
export function useResultScoreText(): (result: ScoredResult) => string {
  const { t } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  return (result) => {
    const right = { correct: result.correct_answers, total: result.total_questions };
    return judgedOnPoints(result)
      ? t('recent.scorePoints', {
          ...right,
          points: result.total_points,
          maxPoints: result.max_points,
          percent: percent(scoreOf(result)),
        })
      : t('recent.score', { ...right, percent: percent(scoreOf(result)) });
  };
}
