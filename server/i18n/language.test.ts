import { describe, expect, it } from 'vitest';
import { languageOf, preferredLanguage } from './language';

describe("the caller's language from Accept-Language", () => {
  it('takes the supported language weighed highest', () => {
    expect(preferredLanguage('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7')).toBe('ru');
    expect(preferredLanguage('de-DE,de;q=0.9,ko;q=0.8,en;q=0.5')).toBe('ko');
    expect(preferredLanguage('en;q=0.4, zh-CN;q=0.6')).toBe('zh');
    expect(preferredLanguage(['fr', 'ru;q=0.3'])).toBe('ru');
  });

  it('names none when the header asks for none of the four, or refuses them', () => {
    expect(preferredLanguage(undefined)).toBeUndefined();
    expect(preferredLanguage('')).toBeUndefined();
    expect(preferredLanguage('de,fr;q=0.5')).toBeUndefined();
    expect(preferredLanguage('ru;q=0')).toBeUndefined();
    expect(languageOf('de,fr;q=0.5')).toBe('en');
  });

  it('answers a header read before as it did the first time', () => {
    // Headers repeat call after call, and are remembered: the second reading must agree.
    for (let round = 0; round < 2; round++) {
      expect(preferredLanguage('ko-KR,ko;q=0.9')).toBe('ko');
      expect(preferredLanguage('de-AT')).toBeUndefined();
      expect(preferredLanguage('ko-KR;q=0.1,ru;q=0.2')).toBe('ru');
    }
  });
});
