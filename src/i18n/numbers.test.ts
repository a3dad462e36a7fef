import { describe, expect, it } from 'vitest';
import { numberFormatsFor } from './numbers';

describe('numbers in the interface language', () => {
  it('writes a share in percent as each language does, to one decimal', () => {
    const shares = ['en', 'ru', 'zh', 'ko'].map((language) =>
      numberFormatsFor(language).percent(71.25),
    );
    expect(shares).toEqual(['71.3%', '71,3\u00a0%', '71.3%', '71.3%']);
    expect(numberFormatsFor('en').percent(100)).toBe('100%');
  });

  it('groups thousands as the language does and shows a dash for a value not known yet', () => {
    expect(numberFormatsFor('en').number(12345)).toBe('12,345');
    expect(numberFormatsFor('ru').number(12345)).toBe('12\u00a0345');
    expect(numberFormatsFor('ru').percent(undefined)).toBe('–');
  });

  it('falls back to English for a language it does not know', () => {
    expect(numberFormatsFor('de-AT').percent(12.5)).toBe('12.5%');
  });
});
