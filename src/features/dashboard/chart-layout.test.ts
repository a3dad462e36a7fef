import { describe, expect, it } from 'vitest';
import { attemptTicks, daysFromFirst, mistakeTicks, topicLabel } from './chart-layout';

describe("the accuracy chart's topic labels", () => {
  it('keeps a short name as it is', () => {
    expect(topicLabel('Road signs')).toBe('Road signs');
    expect(topicLabel('Дорожные знаки')).toBe('Дорожные знаки');
  });

  it('cuts a long Russian name at a word, with an ellipsis, to two lines at most', () => {
    const label = topicLabel('Проезд перекрёстков и пешеходных переходов, остановки транспорта');
    expect(label).toBe('Проезд перекрёстков и…');
    expect([...label].length).toBeLessThanOrEqual(26);
  });

  it('cuts one long word where it must', () => {
    const label = topicLabel('Verkehrszeichenübersichtsabschnittsbezeichnung');
    expect(label.endsWith('…')).toBe(true);
    expect([...label].length).toBeLessThanOrEqual(26);
  });
});

describe("the scores chart's exam numbers", () => {
  it('numbers every exam of a few', () => {
    expect(attemptTicks(1)).toEqual([0]);
    expect(attemptTicks(6)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('numbers at most six of many, evenly, counted back from the latest', () => {
    expect(attemptTicks(7)).toEqual([0, 2, 4, 6]);
    expect(attemptTicks(13)).toEqual([0, 3, 6, 9, 12]);
    // Every 17th of 100: exams #15, #32, ... #100.
    expect(attemptTicks(100)).toEqual([14, 31, 48, 65, 82, 99]);
  });
});

describe("the mistakes chart's axis", () => {
  it('counts whole mistakes from 0 to 4 for a course allowing two, whose exams stayed within', () => {
    expect(mistakeTicks(2, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(mistakeTicks(2, 4)).toEqual([0, 1, 2, 3, 4]);
    expect(mistakeTicks(0, 0)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reaches the worst exam in steps of a whole number', () => {
    expect(mistakeTicks(2, 5)).toEqual([0, 2, 4, 6, 8]);
    expect(mistakeTicks(2, 20)).toEqual([0, 5, 10, 15, 20]);
  });

  it('keeps the pass line at most half way up', () => {
    expect(mistakeTicks(10, 3)).toEqual([0, 5, 10, 15, 20]);
    expect(mistakeTicks(3, 1)).toEqual([0, 2, 4, 6, 8]);
  });
});

describe("the readiness chart's days", () => {
  it('counts each day from the first, so a day missing leaves a gap', () => {
    expect(daysFromFirst(['2026-12-03', '2026-12-05', '2026-12-06'])).toEqual([0, 2, 3]);
  });

  it('counts across a month, a year and a leap day', () => {
    expect(daysFromFirst(['2027-12-31', '2028-01-01', '2028-02-28', '2028-03-01'])).toEqual([
      0, 1, 59, 61,
    ]);
  });
});
