import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS, LANGUAGES } from './config';
import { numberFormatsFor } from './numbers';

describe('numbers in the interface language', () => {
  it('writes a share in percent as each language does, rounded down to one decimal', () => {
    const shares = ['en', 'ru', 'zh', 'ko'].map((language) =>
      numberFormatsFor(language).percent(71.25),
    );
    expect(shares).toEqual(['71.2%', '71,2\u00a0%', '71.2%', '71.2%']);
    expect(numberFormatsFor('en').percent(100)).toBe('100%');
    // 142 of 203 right falls short of 70%: it must not read as 70%.
    expect(numberFormatsFor('en').percent((142 * 100) / 203)).toBe('69.9%');
    // A figure with one decimal is shown as it is, though over 100 it is a double just below.
    expect(numberFormatsFor('en').percent(92.6)).toBe('92.6%');
    expect(numberFormatsFor('ru').percent(33.3)).toBe('33,3\u00a0%');
    expect(numberFormatsFor('en').percent(0.7)).toBe('0.7%');
    // Nor is a share worked out in doubles cut below what it is.
    expect(numberFormatsFor('en').percent(0.29 * 100)).toBe('29%');
    expect(numberFormatsFor('en').percent((2 / 3) * 100)).toBe('66.6%');
  });

  it('groups thousands as the language does and shows a dash for a value not known yet', () => {
    expect(numberFormatsFor('en').number(12345)).toBe('12,345');
    expect(numberFormatsFor('ru').number(12345)).toBe('12\u00a0345');
    expect(numberFormatsFor('ru').percent(undefined)).toBe('–');
    expect(numberFormatsFor('en').percent(0 / 0)).toBe('–');
    expect(numberFormatsFor('ru').number(Number.NaN)).toBe('–');
  });

  it('falls back to English for a language it does not know', () => {
    expect(numberFormatsFor('de-AT').percent(12.5)).toBe('12.5%');
  });

  describe("as Intl.NumberFormat writes them for each language (CLDR through Node's ICU)", () => {
    // Figures the app shows: counts, shares worked out as right * 100 / asked, and any double,
    // tiny, huge, negative or on a rounding edge.
    const figures = fc.oneof(
      fc.integer({ min: -2_000_000, max: 2_000_000 }),
      fc
        .tuple(fc.nat({ max: 500 }), fc.integer({ min: 1, max: 500 }))
        .map(([right, asked]) => (right * 100) / asked),
      fc.double({ noNaN: true }),
      fc.integer({ min: -99_999, max: 99_999 }).map((thousandths) => thousandths / 1000 + 0.0005),
      fc.constantFrom(0, -0, 0.05, 0.95, 9.995, 99.95, 999.9995, 1e21, 1e-7, Infinity, -Infinity),
    );

    it.each(LANGUAGES)('%s', (language) => {
      const count = new Intl.NumberFormat(LANGUAGE_TAGS[language]);
      // The figure is in percent already, read to the 15 digits a double holds for certain: Intl
      // writes it cut to one decimal, and its percent style gives the sign's place (50% and
      // 50 %), not the digits (92.6 over 100, times 100 again, reads 92.5).
      const cut = new Intl.NumberFormat(LANGUAGE_TAGS[language], {
        maximumFractionDigits: 1,
        roundingMode: 'trunc',
      });
      const sign = new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'percent' })
        .format(0.5)
        .replace('50', '');
      const formats = numberFormatsFor(language);
      fc.assert(
        fc.property(figures, (value) => {
          expect(formats.number(value)).toBe(count.format(value));
          expect(formats.percent(value)).toBe(cut.format(Number(value.toPrecision(15))) + sign);
        }),
        { numRuns: 3000 },
      );
    });
  });
});
