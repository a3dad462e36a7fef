import { describe, expect, it } from 'vitest';
import { worded } from '../i18n/text';
import { findUnstorableText, unstorableCharacter } from './text-characters';

describe('findUnstorableText', () => {
  it('names where a string or a key holds U+0000, and which character it is', () => {
    expect(
      worded(findUnstorableText({ answers: [{ text: 'ok' }, { text: 'a\u0000b' }] }, 'body'), 'en'),
    ).toEqual({
      where: 'body/answers/1/text',
      character: 'the NUL character (U+0000)',
    });
    expect(findUnstorableText({ 'k\u0000': 1 }, 'body')?.where).toBe('body');
    expect(findUnstorableText('\u0000', 'querystring')?.where).toBe('querystring');
  });

  it('finds control characters other than tab and line ends, and unpaired surrogates', () => {
    expect(unstorableCharacter('red \u001b[31m')?.in('en')).toBe('a control character (U+001B)');
    expect(unstorableCharacter('bell\u0007')?.in('en')).toBe('a control character (U+0007)');
    expect(unstorableCharacter('del\u007f')?.in('en')).toBe('a control character (U+007F)');
    expect(unstorableCharacter('a\ud800b')?.in('en')).toBe('an unpaired surrogate (U+D800)');
    expect(unstorableCharacter('\udc00')?.in('en')).toBe('an unpaired surrogate (U+DC00)');
    expect(unstorableCharacter('end\ud83d')?.in('en')).toBe('an unpaired surrogate (U+D83D)');
  });

  it('lets through tabs, line ends, emoji, CJK and right-to-left text', () => {
    for (const text of ['a\tb\r\nc\nd', '🚗 👩‍👩‍👧‍👦', '도로 标志 Знак', 'שלום', '\u200B\uFEFF', ''])
      expect(unstorableCharacter(text), JSON.stringify(text)).toBeUndefined();
  });

  it('finds nothing in clean values, numbers, null and empty containers', () => {
    expect(findUnstorableText({ a: 'x', b: [1, null, true, {}], c: '' }, 'body')).toBeUndefined();
    expect(findUnstorableText(undefined, 'body')).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep, 'body')?.where).toMatch(/^body(\/0)+$/);
  });
});
