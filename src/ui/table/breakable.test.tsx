import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { breakableAfter, LONGEST_WHOLE_PART } from './breakable';

/** The runs of text between the break opportunities `breakableAfter` leaves. */
function runsOf(text: string, after: string): string[] {
  const { container } = render(<span>{breakableAfter(text, after)}</span>);
  return container.firstElementChild!.innerHTML.split('<wbr>');
}

describe('breakableAfter', () => {
  it("breaks a setting's key after each underscore, and keeps each part whole", () => {
    expect(runsOf('daily_challenge_size', '_')).toEqual(['daily_', 'challenge_', 'size']);
  });

  it('breaks a part longer than the longest kept whole, so a long address cannot widen its column', () => {
    const local = 'x'.repeat(40);
    const runs = runsOf(`${local}@example.com`, '@.');
    expect(runs.join('')).toBe(`${local}@example.com`);
    expect(Math.max(...runs.map((run) => run.length))).toBeLessThanOrEqual(LONGEST_WHOLE_PART);
    expect(runs.slice(-2)).toEqual(['example.', 'com']);
  });
});
