import type { ExamResultSummary } from '../../api';
import { percentRight } from '../../../machines/question-grading';
import { useTranslation } from '../../i18n/react';
import { useNumberFormats } from '../../i18n/numbers';

type ScoredResult = Pick<
  ExamResultSummary,
  'pass_rule' | 'total_points' | 'max_points' | 'correct_answers' | 'total_questions' | 'mistakes'
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

/**
 * Wrong answers among a result's extra questions, those left unanswered included: `mistakes`
 * counts the main part's only, the part the rule of at most so many mistakes judges.
 */
function extraMistakesOf(result: ScoredResult): number {
  return Math.max(0, result.total_questions - result.correct_answers - result.mistakes);
}

/** A result's mistakes in words: "2", or "2 + 1 among the extra questions". */
export function useMistakesText(): (result: ScoredResult) => string {
  const { t } = useTranslation('dashboard');
  const { number } = useNumberFormats();
  return (result) => {
    const extra = extraMistakesOf(result);
    return extra > 0
      ? t('recent.mistakesWithExtra', { main: number(result.mistakes), extra: number(extra) })
      : number(result.mistakes);
  };
}

/**
 * "7 of 10 right (70%)", with the points where the course passes on them, or the mistakes
 * where it passes on those (a percent would seem to judge what the rule does not).
 */
export function useResultScoreText(): (result: ScoredResult) => string {
  const { t } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  const mistakesText = useMistakesText();
  return (result) => {
    const right = { correct: result.correct_answers, total: result.total_questions };
    if (result.pass_rule === 'max_mistakes') {
      return t('recent.scoreMistakes', { ...right, mistakes: mistakesText(result) });
    }
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
