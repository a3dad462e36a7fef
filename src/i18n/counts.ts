import { useTranslation } from 'react-i18next';

export interface CountTexts {
  /** "10 questions", "10 вопросов". */
  questions: (count: number) => string;
  /** A span of time in whole minutes where it is one ("5 minutes"), else in seconds ("90 seconds"). */
  duration: (seconds: number) => string;
}

/**
 * Counts written out with the language's plural forms (common.json's `counts`), for sentences
 * that state a number an administrator can change: the exam's and the modes' sizes and clocks.
 */
export function useCountTexts(): CountTexts {
  const { t } = useTranslation('common');
  return {
    questions: (count) => t('counts.questions', { count }),
    duration: (seconds) =>
      seconds % 60 === 0
        ? t('counts.minutes', { count: seconds / 60 })
        : t('counts.seconds', { count: seconds }),
  };
}
