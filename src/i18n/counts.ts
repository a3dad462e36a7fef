import { numberFormatsFor } from './numbers';
import { useTranslation } from './react';

export interface CountTexts {
  /** "10 questions", "10 вопросов". */
  questions: (count: number) => string;
  /** A span of time: "5 minutes", "45 seconds", "5 minutes 30 seconds". */
  duration: (seconds: number) => string;
  /** A file's size in the unit that reads best: "16 bytes", "1.5 KB", "586 KB", "2,3 МБ". */
  fileSize: (bytes: number) => string;
}

const KILOBYTE = 1024;
const MEGABYTE = 1024 * KILOBYTE;

/** A size in a unit, to two or three figures: one decimal below 10, whole numbers above. */
const figures = (value: number) => (value < 10 ? Math.round(value * 10) / 10 : Math.round(value));

/**
 * Counts written out with the language's plural forms and units (common.json's `counts`), for
 * sentences that state a number: the exam's and the modes' sizes and clocks, a file's size.
 */
export function useCountTexts(): CountTexts {
  const { t, i18n } = useTranslation('common');
  const { number } = numberFormatsFor(i18n.resolvedLanguage);
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
    fileSize: (bytes) => {
      if (bytes < KILOBYTE) return t('counts.bytes', { count: bytes, size: number(bytes) });
      // 1,023.7 KB reads as 1 MB, not as 1,024 KB.
      const kilobytes = figures(bytes / KILOBYTE);
      if (kilobytes < KILOBYTE) return t('counts.kilobytes', { size: number(kilobytes) });
      return t('counts.megabytes', { size: number(figures(bytes / MEGABYTE)) });
    },
  };
}
