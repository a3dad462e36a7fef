import { describe, expect, it } from 'vitest';
import { parentStep, progressStanding, sameStep } from './training.selectors';

const progress = (question_count: number, answered: number, right: number) => ({
  question_count,
  answered,
  right,
});

describe('progressStanding, where a learner stands on a ticket or topic', () => {
  it('is not started until a question of the set has been answered', () => {
    expect(progressStanding(progress(20, 0, 0))).toBe('notStarted');
    expect(progressStanding(progress(0, 0, 0))).toBe('notStarted');
  });

  it('is mastered only when every question of the set was right the last time', () => {
    expect(progressStanding(progress(20, 20, 20))).toBe('mastered');
    expect(progressStanding(progress(20, 20, 19))).toBe('inProgress');
    // All answered right so far, but some never answered.
    expect(progressStanding(progress(20, 5, 5))).toBe('inProgress');
  });
});

describe('the steps of the training page', () => {
  it('goes back from a ticket or topic to its list, and from a mode to the mode cards', () => {
    expect(parentStep({ mode: 'tickets', ticket: 3 })).toEqual({ mode: 'tickets' });
    expect(parentStep({ mode: 'topics', topic: 4 })).toEqual({ mode: 'topics' });
    expect(parentStep({ mode: 'express' })).toEqual({});
    expect(parentStep({})).toEqual({});
  });

  it('compares steps by mode, ticket and topic', () => {
    expect(sameStep({ mode: 'tickets', ticket: 3 }, { mode: 'tickets', ticket: 3 })).toBe(true);
    expect(sameStep({ mode: 'tickets', ticket: 3 }, { mode: 'tickets', ticket: 4 })).toBe(false);
    expect(sameStep({ mode: 'tickets' }, { mode: 'tickets', ticket: 3 })).toBe(false);
    expect(sameStep({ mode: 'topics', topic: 4 }, { mode: 'topics', topic: 5 })).toBe(false);
    expect(sameStep({ mode: 'express' }, { mode: 'marathon' })).toBe(false);
    expect(sameStep({}, {})).toBe(true);
  });
});
