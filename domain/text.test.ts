import { describe, expect, it } from 'vitest';
import { foldForSearch, isTooLong, trimText } from './text';

describe('texts', () => {
  it('are trimmed of spaces and invisible format characters at both ends, and only there', () => {
    expect(trimText('\u200B\uFEFF Stop sign \u200D\n')).toBe('Stop sign');
    expect(trimText('\u200B\u200D\uFEFF')).toBe('');
    expect(trimText(' \t ')).toBe('');
    expect(trimText('a\u200Bb')).toBe('a\u200Bb');
    expect(trimText('👩‍👩‍👧')).toBe('👩‍👩‍👧');
  });

  it('are measured in characters: an emoji is one, as the contract counts', () => {
    expect(isTooLong('abc', 3)).toBe(false);
    expect(isTooLong('abcd', 3)).toBe(true);
    // Three emoji are six UTF-16 units but three characters.
    expect(isTooLong('😀😀😀', 3)).toBe(false);
    expect(isTooLong('😀😀😀😀', 3)).toBe(true);
  });

  it('are folded for a search: case, full-width forms, and ё as е', () => {
    expect(foldForSearch('Перекрёсток')).toBe('перекресток');
    expect(foldForSearch('ЁЛКА ёж')).toBe('елка еж');
    expect(foldForSearch('ＳＴＯＰ Sign')).toBe('stop sign');
    // Composed and decomposed ё alike (е followed by a combining diaeresis).
    expect(foldForSearch('перекре\u0308сток')).toBe('перекресток');
  });
});
