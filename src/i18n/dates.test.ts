import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_TAGS, LANGUAGES } from './config';
import { dateFormatsFor } from './dates';

// Moments in the reader's time zone: an evening, just past midnight, noon, a morning.
const EVENING = new Date(2026, 11, 5, 20, 37);
const MIDNIGHT = new Date(2026, 8, 1, 0, 5);
const NOON = new Date(2026, 4, 9, 12, 0);

describe('dates in the interface language', () => {
  // As Chromium's Intl.DateTimeFormat writes them for the language's tag.
  it.each([
    ['en', ['Dec 5', 'Dec 5, 2026', 'Dec 5, 2026, 8:37 PM', 'September 1, 2026']],
    ['ru', ['5 дек.', '5 дек. 2026 г.', '5 дек. 2026 г., 20:37', '1 сентября 2026 г.']],
    ['zh', ['12月5日', '2026年12月5日', '2026年12月5日 20:37', '2026年9月1日']],
    ['ko', ['12월 5일', '2026. 12. 5.', '2026. 12. 5. 오후 8:37', '2026년 9월 1일']],
  ] as const)('writes %s dates as the language does', (language, expected) => {
    const formats = dateFormatsFor(language);
    expect([
      formats.dayMonth(EVENING),
      formats.date(EVENING),
      formats.dateTime(EVENING),
      formats.longDay('2026-09-01'),
    ]).toEqual(expected);
  });

  it('writes the hour past midnight and noon on each clock', () => {
    const at = (language: string) =>
      [MIDNIGHT, NOON].map((moment) => dateFormatsFor(language).dateTime(moment));
    expect(at('en')).toEqual(['Sep 1, 2026, 12:05 AM', 'May 9, 2026, 12:00 PM']);
    expect(at('ru')).toEqual(['1 сент. 2026 г., 00:05', '9 мая 2026 г., 12:00']);
    expect(at('zh')).toEqual(['2026年9月1日 00:05', '2026年5月9日 12:00']);
    expect(at('ko')).toEqual(['2026. 9. 1. 오전 12:05', '2026. 5. 9. 오후 12:00']);
  });

  it('writes a moment to the second where asked, on each clock', () => {
    const at = (language: string) =>
      [new Date(2026, 11, 5, 20, 37, 12), new Date(2026, 8, 1, 0, 5, 3)].map((moment) =>
        dateFormatsFor(language).dateTimeSeconds(moment),
      );
    expect(at('en')).toEqual(['Dec 5, 2026, 8:37:12 PM', 'Sep 1, 2026, 12:05:03 AM']);
    expect(at('ru')).toEqual(['5 дек. 2026 г., 20:37:12', '1 сент. 2026 г., 00:05:03']);
    expect(at('zh')).toEqual(['2026年12月5日 20:37:12', '2026年9月1日 00:05:03']);
    expect(at('ko')).toEqual(['2026. 12. 5. 오후 8:37:12', '2026. 9. 1. 오전 12:05:03']);
  });

  it('writes a calendar day as that day in any time zone, and English for an unknown language', () => {
    // Parsed as UTC midnight, 2026-01-01 would be the last of December west of Greenwich.
    expect(dateFormatsFor('en').longDay('2026-01-01')).toBe('January 1, 2026');
    expect(dateFormatsFor('de-AT').date(EVENING)).toBe('Dec 5, 2026');
  });

  describe("as Intl.DateTimeFormat writes them for each language (CLDR through Node's ICU)", () => {
    const moments = fc
      .date({ min: new Date(1990, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true })
      .map((date) => new Date(date.getTime() - date.getSeconds() * 1000));
    const intl = (tag: string, options: Intl.DateTimeFormatOptions) => (date: Date) =>
      new Intl.DateTimeFormat(tag, options).format(date);

    for (const language of LANGUAGES) {
      const tag = LANGUAGE_TAGS[language];
      const formats = dateFormatsFor(language);
      it(`${language} (${tag})`, () => {
        fc.assert(
          fc.property(moments, (moment) => {
            const day = `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')}`;
            expect(formats.dayMonth(moment)).toBe(
              intl(tag, { month: 'short', day: 'numeric' })(moment),
            );
            expect(formats.date(moment)).toBe(intl(tag, { dateStyle: 'medium' })(moment));
            expect(formats.longDay(day)).toBe(intl(tag, { dateStyle: 'long' })(moment));
            // Node's ICU writes Korean's morning and afternoon as AM and PM, where Chromium
            // (and CLDR) write 오전 and 오후: held to Chromium above instead.
            if (language !== 'ko') {
              expect(formats.dateTime(moment)).toBe(
                intl(tag, { dateStyle: 'medium', timeStyle: 'short' })(moment),
              );
              const timed = new Date(moment.getTime() + 47_000);
              expect(formats.dateTimeSeconds(timed)).toBe(
                intl(tag, { dateStyle: 'medium', timeStyle: 'medium' })(timed),
              );
            }
          }),
        );
      });
    }
  });
});
