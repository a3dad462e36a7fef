import { describe, expect, it } from 'vitest';
import {
  dailyChallengeIds,
  hashText,
  mulberry32,
  shuffledPositions,
  utcDate,
} from './daily-challenge';

describe('the daily challenge draw', () => {
  it('seeds with the published 32-bit FNV-1a hash', () => {
    // The FNV offset basis, and FNV-1a of "a" as published with the algorithm.
    expect(hashText('')).toBe(0x811c9dc5);
    expect(hashText('a')).toBe(0xe40c292c);
  });

  it('draws the numbers of the reference mulberry32', () => {
    // From the algorithm's reference C code, worked apart from this module, as 32-bit integers.
    const fromZero = mulberry32(0);
    expect([fromZero(), fromZero(), fromZero()].map((value) => value * 2 ** 32)).toEqual([
      1144304738, 1416247, 958946056,
    ]);
  });

  it('takes the first places of a Fisher-Yates shuffle', () => {
    // Each step swaps place i with i + floor(random * (total - i)), worked by hand.
    expect(shuffledPositions(5, 3, () => 0)).toEqual([0, 1, 2]);
    expect(shuffledPositions(5, 3, () => 0.999)).toEqual([4, 0, 1]);
  });

  it('gives every position once when asked for more than there are', () => {
    const positions = shuffledPositions(4, 10, Math.random);
    expect([...positions].sort()).toEqual([0, 1, 2, 3]);
  });

  it('dates by the UTC calendar day', () => {
    expect(utcDate(new Date('2026-12-04T23:59:59.999Z'))).toBe('2026-12-04');
    expect(utcDate(new Date('2026-12-05T00:00:00.000Z'))).toBe('2026-12-05');
  });

  const bank = Array.from({ length: 100 }, (_, i) => (i + 1) * 10);

  it('picks the same questions all day for a learner, distinct and from the bank', () => {
    const first = dailyChallengeIds(bank, 10, 7, '2026-12-04');
    expect(dailyChallengeIds(bank, 10, 7, '2026-12-04')).toEqual(first);
    expect(new Set(first).size).toBe(10);
    expect(first.every((id) => bank.includes(id))).toBe(true);
  });

  it('picks another set the next day, and for another learner', () => {
    const today = dailyChallengeIds(bank, 10, 7, '2026-12-04');
    expect(dailyChallengeIds(bank, 10, 7, '2026-12-05')).not.toEqual(today);
    expect(dailyChallengeIds(bank, 10, 8, '2026-12-04')).not.toEqual(today);
  });

  it('gives the whole bank when it is smaller than the challenge', () => {
    expect([...dailyChallengeIds([3, 1, 2], 10, 7, '2026-12-04')].sort()).toEqual([1, 2, 3]);
  });
});
