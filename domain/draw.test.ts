import { describe, expect, it } from 'vitest';
import { drawSize } from './draw';

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
