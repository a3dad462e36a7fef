import { describe, expect, it } from 'vitest';
import { badgeFor, progressPercent, yearOf } from './badge';

describe('dashboard badge', () => {
  it.each([
    [0, 'newcomer'],
    [1, 'bronze'],
    [9, 'bronze'],
    [10, 'silver'],
    [99, 'silver'],
    [100, 'gold'],
    [5000, 'gold'],
  ])('a learner with %i exams wears the %s badge', (total, badge) => {
    expect(badgeFor(total)).toBe(badge);
  });

  it('shows the progress as passed over total, rounded, and 0 before any exam', () => {
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(5, 5)).toBe(100);
  });

  it('shows the real year the account was created', () => {
    expect(yearOf('2026-01-15T10:00:00.000Z')).toBe(2026);
    expect(yearOf('not a date')).toBeNull();
  });
});
