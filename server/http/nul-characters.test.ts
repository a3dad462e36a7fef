import { describe, expect, it } from 'vitest';
import { findNulCharacter } from './nul-characters';

describe('findNulCharacter', () => {
  it('names where a string or a key holds U+0000', () => {
    expect(findNulCharacter({ answers: [{ text: 'ok' }, { text: 'a\u0000b' }] }, 'body')).toBe(
      'body/answers/1/text',
    );
    expect(findNulCharacter({ 'k\u0000': 1 }, 'body')).toBe('body');
    expect(findNulCharacter('\u0000', 'querystring')).toBe('querystring');
  });

  it('finds nothing in clean values, numbers, null and empty containers', () => {
    expect(findNulCharacter({ a: 'x', b: [1, null, true, {}], c: '' }, 'body')).toBeUndefined();
    expect(findNulCharacter(undefined, 'body')).toBeUndefined();
  });

  it('walks a body nested far deeper than the call stack allows', () => {
    let deep: unknown = ['\u0000'];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findNulCharacter(deep, 'body')).toMatch(/^body(\/0)+$/);
  });
});
