import { describe, expect, it } from 'vitest';
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
