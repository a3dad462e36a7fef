import { useTranslation } from './react';

export interface CountTexts {
  /** "10 questions", "10 вопросов". */
  questions: (count: number) => string;
  /** A span of time: "5 minutes", "45 seconds", "5 minutes 30 seconds". */
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
    duration: (seconds) => {
      const minutes = Math.floor(seconds / 60);
      const rest = seconds % 60;
      if (rest === 0) return t('counts.minutes', { count: minutes });
      if (minutes === 0) return t('counts.seconds', { count: rest });
      return t('counts.minutesAndSeconds', {
        minutes: t('counts.minutes', { count: minutes }),
        seconds: t('counts.seconds', { count: rest }),
      });
    },
  };
}
