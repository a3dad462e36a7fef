import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, toLanguage } from './config';

export interface NumberFormats {
  /** A count: 1,234 in English, 1 234 in Russian. */
  number: (value: number | undefined) => string;
  /**
   * A share given in percent, rounded down to one decimal (71.25 → 71.2% in English, 71,2 % in
   * Russian): a score of 69.96% is not shown as the 70% it fell short of.
   */
  percent: (value: number | undefined) => string;
}

// Made once per language: building an Intl formatter costs far more than formatting with it,
// and every component showing a figure asks for them on each render.
const formatsByTag = new Map<string, NumberFormats>();

/** Numbers as the interface language writes them; '–' for a value not known yet. */
export function numberFormatsFor(language: string | undefined): NumberFormats {
  const tag = LANGUAGE_TAGS[toLanguage(language)];
  let formats = formatsByTag.get(tag);
  if (!formats) {
    const count = new Intl.NumberFormat(tag);
    const share = new Intl.NumberFormat(tag, {
      style: 'percent',
      maximumFractionDigits: 1,
      roundingMode: 'trunc',
    });
    formats = {
      number: (value) => (value === undefined ? '–' : count.format(value)),
      percent: (value) => (value === undefined ? '–' : share.format(value / 100)),
    };
    formatsByTag.set(tag, formats);
  }
  return formats;
}

export function useNumberFormats(): NumberFormats {
  const { i18n } = useTranslation();
  return numberFormatsFor(i18n.resolvedLanguage);
}
