import { describe, expect, it } from 'vitest';
import { parseQuestionIds } from './question-ids';

describe("a ticket's or topic's list of question ids", () => {
  it('reads a JSON array, as text or as numbers, in its order', () => {
    expect(parseQuestionIds('[3, 1, 2]')).toEqual([3, 1, 2]);
    expect(parseQuestionIds([5, 4])).toEqual([5, 4]);
    expect(parseQuestionIds('["7", 8]')).toEqual([7, 8]);
  });

  it('reads numbers separated by commas, semicolons, spaces or |', () => {
    expect(parseQuestionIds('1, 2;3 4')).toEqual([1, 2, 3, 4]);
    expect(parseQuestionIds('5|6 | 7||')).toEqual([5, 6, 7]);
    expect(parseQuestionIds('  ')).toEqual([]);
    // A separator at the end names no id; spaces around a JSON array are not part of it.
    expect(parseQuestionIds('1, 2,')).toEqual([1, 2]);
    expect(parseQuestionIds(' [3, 1] ')).toEqual([3, 1]);
  });

  it('refuses what is not a list of positive whole numbers', () => {
    for (const bad of ['1,x', '[1|2]', '1/2', '0', '-2', '1.5', '[1, "a"]', '{"a": 1}', '[1,']) {
      expect(parseQuestionIds(bad)).toBeUndefined();
    }
  });
});
