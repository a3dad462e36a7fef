import { describe, expect, it } from 'vitest';
import {
  burstsOf,
  carried,
  chooseAction,
  kindFigures,
  stepVerdict,
  thinkMs,
} from '../../bench/capacity-model';

const MIX = { answer: 0.88, browse: 0.05, dashboard: 0.05, exam: 0.02 };

describe('the capacity benchmark learner', () => {
  it('answers in training for the first 88 % of draws, then browses, then the dashboard, then an exam', () => {
    expect(chooseAction(0, MIX)).toBe('answer');
    expect(chooseAction(0.879, MIX)).toBe('answer');
    expect(chooseAction(0.881, MIX)).toBe('browse');
    expect(chooseAction(0.929, MIX)).toBe('browse');
    expect(chooseAction(0.931, MIX)).toBe('dashboard');
    expect(chooseAction(0.979, MIX)).toBe('dashboard');
    expect(chooseAction(0.981, MIX)).toBe('exam');
    expect(chooseAction(0.9999, MIX)).toBe('exam');
  });

  it('takes the last action for a draw past shares that add up to a little under 1', () => {
    expect(chooseAction(0.995, { answer: 0.5, browse: 0.2, dashboard: 0.2, exam: 0.09 })).toBe(
      'exam',
    );
  });

  it('pauses from half to one and a half times the mean', () => {
    expect(thinkMs(0, 5000)).toBe(2500);
    expect(thinkMs(0.5, 5000)).toBe(5000);
    expect(thinkMs(0.999, 5000)).toBeCloseTo(7495, 6);
  });
});

describe("the capacity benchmark's figures and verdict", () => {
  it('gives the nearest-rank median and 99th percentile and the rate over the window', () => {
    // 200 calls of 1..200 ms over 10 s: rank 100 (101 ms) and rank 198 (199 ms), zero-based.
    const durations = Array.from({ length: 200 }, (_, index) => 200 - index);
    expect(kindFigures(durations, 0, 10)).toEqual({
      calls: 200,
      perSecond: 20,
      p50Ms: 101,
      p99Ms: 199,
      errors: 0,
    });
  });

  const quick = { calls: 100, perSecond: 4, p50Ms: 3, p99Ms: 40, errors: 0 };

  it('holds a step whose every call kind is under the limit, however slow sign-in is', () => {
    expect(
      stepVerdict({ answer: quick, browse: quick, 'sign-in': { ...quick, p99Ms: 900 } }, 100),
    ).toEqual({ held: true, reasons: [] });
  });

  it('fails a step on a p99 at the limit, and on any error, sign-in errors too, naming each', () => {
    expect(
      stepVerdict(
        {
          answer: { ...quick, p99Ms: 100 },
          'exam submit': { ...quick, errors: 2 },
          'sign-in': { ...quick, p99Ms: 900, errors: 1 },
        },
        100,
      ),
    ).toEqual({
      held: false,
      reasons: ['sign-in: 1 errors', 'answer: p99 100.0 ms', 'exam submit: 2 errors'],
    });
  });

  it('carries the last step that held before the first that did not', () => {
    const held = { held: true, reasons: [] };
    const failed = { held: false, reasons: ['answer: p99 120.0 ms'] };
    expect(
      carried([
        { learners: 100, verdict: held },
        { learners: 200, verdict: held },
        { learners: 400, verdict: failed },
      ]),
    ).toBe(200);
    expect(carried([{ learners: 100, verdict: failed }])).toBe(0);
    expect(
      carried([
        { learners: 100, verdict: held },
        { learners: 200, verdict: failed },
        { learners: 400, verdict: held },
      ]),
    ).toBe(100);
  });

  it('groups slow calls started less than a second apart into one burst, in time order', () => {
    // 10.0 s, 10.5 s and 11.2 s chain into one burst; 13 s and 13.999 s into another; 20 s alone.
    expect(burstsOf([13_000, 10_000, 20_000, 10_500, 11_200, 13_999])).toEqual([3, 2, 1]);
    expect(burstsOf([5_000, 6_000])).toEqual([1, 1]);
    expect(burstsOf([])).toEqual([]);
  });
});
