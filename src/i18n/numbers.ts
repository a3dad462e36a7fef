import { useTranslation } from './react';
import { toLanguage, type Language } from './config';

export interface NumberFormats {
  /** A count: 1,234 in English, 1 234 in Russian. */
  number: (value: number | undefined) => string;
  /**
   * A share given in percent, rounded down to one decimal (71.25 → 71.2% in English, 71,2 % in
   * Russian): a score of 69.96% is not shown as the 70% it fell short of.
   */
  percent: (value: number | undefined) => string;
}

/**
 * How each interface language writes a number, as CLDR has it (what `Intl.NumberFormat` gives
 * for the language's tag; numbers.test.ts holds the two to each other). Written out rather than
 * asked of Intl: a renderer's first Intl.NumberFormat loads ICU's number data, 40 to 90 ms of
 * main thread on a desktop (four times that on a phone), and the dashboard's first render would
 * pay it.
 */
const SYMBOLS: Record<Language, { group: string; decimal: string; percentSuffix: string }> = {
  en: { group: ',', decimal: '.', percentSuffix: '%' },
  ru: { group: '\u00a0', decimal: ',', percentSuffix: '\u00a0%' },
  zh: { group: ',', decimal: '.', percentSuffix: '%' },
  ko: { group: ',', decimal: '.', percentSuffix: '%' },
};

/** Most fraction digits of a count, as Intl.NumberFormat's default. */
const COUNT_FRACTION_DIGITS = 3;

/**
 * |value| as plain decimal digits, from the number's shortest round-trip form (as ICU reads a
 * double): 1.0005 is the digits 1.0005, not the binary 1.000499….
 */
function decimalDigits(value: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponent = '0'] = Math.abs(value).toString().split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const point = whole.length + Number(exponent);
  const digits = whole + fraction;
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : digits.padEnd(point, '0');
  const at = Math.max(point, 1);
  return { whole: padded.slice(0, at).replace(/^0+(?=\d)/, ''), fraction: padded.slice(at) };
}

/** Adds one to a string of decimal digits (999 → 1000). */
function incremented(digits: string): string {
  let carry = 1;
  let result = '';
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    const sum = Number(digits[index]) + carry;
    result = String(sum % 10) + result;
    carry = sum >= 10 ? 1 : 0;
  }
  return carry ? '1' + result : result;
}

/**
 * A number written with the language's separators: at most `fractionDigits` decimals, rounded
 * half away from zero or cut off, trailing zeros dropped, thousands grouped by three.
 */
function written(
  value: number,
  { fractionDigits, cut }: { fractionDigits: number; cut: boolean },
  { group, decimal }: { group: string; decimal: string },
): string {
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  const digits = decimalDigits(value);
  let kept = digits.whole + digits.fraction.slice(0, fractionDigits).padEnd(fractionDigits, '0');
  if (!cut && (digits.fraction[fractionDigits] ?? '0') >= '5') kept = incremented(kept);
  const whole = kept.slice(0, kept.length - fractionDigits);
  const fraction = kept.slice(kept.length - fractionDigits).replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, group);
  return sign + grouped + (fraction ? decimal + fraction : '');
}

/** No figure to show: not known yet, or not a number (a share of nothing asked). */
const unknown = (value: number | undefined): value is undefined =>
  value === undefined || Number.isNaN(value);

/**
 * A figure worked out in doubles, read to the 15 significant digits a double holds for certain:
 * 0.29 × 100 is 28.999999999999996, which cut to a decimal would show 28.9 for 29.
 */
const asDecimal = (value: number): number => Number(value.toPrecision(15));

const formatsByLanguage = new Map<Language, NumberFormats>();

/** Numbers as the interface language writes them; '–' for a value not known yet or NaN. */
export function numberFormatsFor(language: string | undefined): NumberFormats {
  const known = toLanguage(language);
  let formats = formatsByLanguage.get(known);
  if (!formats) {
    const symbols = SYMBOLS[known];
    const count = { fractionDigits: COUNT_FRACTION_DIGITS, cut: false };
    // A share comes in percent already and is written as it is: divided by 100 and read back,
    // as Intl's percent style does, 92.6 becomes the double 0.92599… and is cut to 92.5%.
    const share = { fractionDigits: 1, cut: true };
    formats = {
      number: (value) => (unknown(value) ? '–' : written(value, count, symbols)),
      percent: (value) =>
        unknown(value) ? '–' : written(asDecimal(value), share, symbols) + symbols.percentSuffix,
    };
    formatsByLanguage.set(known, formats);
  }
  return formats;
}

export function useNumberFormats(): NumberFormats {
  const { i18n } = useTranslation();
  return numberFormatsFor(i18n.resolvedLanguage);
}
