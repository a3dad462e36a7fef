import { describe, expect, it } from 'vitest';
import { elapsedSecondsOf } from './exam-clock';

describe("an exam's clock", () => {
  it('shows an exam ended 12.6 s after its start as 12 s taken, and never more than its limit', () => {
    expect(elapsedSecondsOf(1_000, 13_600)).toBe(12);
    expect(elapsedSecondsOf(1_000, 13_600, 10)).toBe(10);
    expect(elapsedSecondsOf(13_600, 1_000)).toBe(0);
  });
});
