import { describe, expect, it } from 'vitest';
import { drawSize, pickExpressQuestions, shuffle } from './draw';

describe('the draw size', () => {
  it('is what is asked for when there are enough questions', () => {
    expect(drawSize(40, 200)).toBe(40);
    expect(drawSize(40, 40)).toBe(40);
  });

  it('is every question there is when there are fewer', () => {
    expect(drawSize(40, 25)).toBe(25);
    expect(drawSize(20, 0)).toBe(0);
  });
});

describe('an express test drawn from a pool', () => {
  // Ids 1 to 6; the odd ones are worth 1 point (easy), the even ones 2 (hard).
  const pool = [1, 2, 3, 4, 5, 6].map((id) => ({ id, points: id % 2 === 0 ? 2 : 1 }));

  // Each draw is random: tried often enough that a wrong rule would show.
  const draws = (times: number, draw: () => number[]) =>
    Array.from({ length: times }, () => [...draw()].sort((a, b) => a - b));

  it('takes weak spots in the pool first, then the preferred difficulty', () => {
    const picked = draws(20, () =>
      pickExpressQuestions(pool, {
        count: 4,
        weakIds: [99, 5, 3],
        weakShare: 1,
        preference: 'hard',
      }),
    );
    expect(new Set(picked.map((ids) => ids.join()))).toEqual(new Set(['2,4,5,6']));
  });

  it('prefers no difficulty unless asked', () => {
    const picked = draws(30, () =>
      pickExpressQuestions(pool, { count: 3, weakIds: [], weakShare: 0, preference: undefined }),
    );
    expect(picked.some((ids) => ids.some((id) => id % 2 === 1))).toBe(true);
    expect(picked.some((ids) => ids.some((id) => id % 2 === 0))).toBe(true);
  });

  it('takes no weak spot when the share is none', () => {
    for (let i = 0; i < 20; i++) {
      const picked = pickExpressQuestions(pool, {
        count: 3,
        weakIds: [2],
        weakShare: 0,
        preference: 'easy',
      });
      expect([...picked].sort()).toEqual([1, 3, 5]);
    }
  });

  it('gives the whole pool, once each, when it holds fewer than asked', () => {
    const picked = pickExpressQuestions(pool, {
      count: 40,
      weakIds: [4],
      weakShare: 20,
      preference: undefined,
    });
    expect([...picked].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('shuffles: a weak spot is not always first', () => {
    const firsts = new Set(
      Array.from(
        { length: 50 },
        () =>
          pickExpressQuestions(pool, {
            count: 6,
            weakIds: [4],
            weakShare: 3,
            preference: undefined,
          })[0],
      ),
    );
    expect(firsts.size).toBeGreaterThan(1);
  });
});

describe('a shuffle', () => {
  // Place i swaps with floor(random * (i + 1)), from the last place down, worked by hand.
  it('swaps each place, from the last, with one at or before it', () => {
    expect(shuffle(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a']);
    expect(shuffle(['a', 'b', 'c'], () => 0.99)).toEqual(['a', 'b', 'c']);
  });

  it('leaves what it shuffles as it was', () => {
    const items = [1, 2, 3];
    shuffle(items, () => 0);
    expect(items).toEqual([1, 2, 3]);
  });
});
