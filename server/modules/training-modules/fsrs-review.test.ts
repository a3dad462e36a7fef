import fc from 'fast-check';
import { type Card, createEmptyCard, Rating, State } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { type AnswerRating, reviewCard, scheduler } from './fsrs-review';

const DAY_MS = 86_400_000;
const START = Date.UTC(2026, 0, 1);

const ratingArbitrary = fc.constantFrom<AnswerRating>(Rating.Again, Rating.Good);
// Up to 400 days apart, at any minute of the day, so calendar days and learning steps both vary.
const gapArbitrary = fc.integer({ min: 0, max: 400 * 24 * 60 }).map((minutes) => minutes * 60_000);

/** A card as memory stores one: reviewed before, in any state, with its step and counts. */
const reviewedCardArbitrary = fc
  .record({
    state: fc.constantFrom(State.Learning, State.Review, State.Relearning),
    stability: fc.double({ min: 0.01, max: 3000, noNaN: true }),
    difficulty: fc.double({ min: 1, max: 10, noNaN: true }),
    learningSteps: fc.integer({ min: 0, max: 2 }),
    reps: fc.integer({ min: 1, max: 60 }),
    lapses: fc.integer({ min: 0, max: 20 }),
    lastReview: fc.integer({ min: 0, max: 600 * 24 * 60 }).map((m) => START + m * 60_000),
    scheduledDays: fc.integer({ min: 0, max: 365 }),
  })
  .map((c): Card => ({
    due: new Date(c.lastReview + c.scheduledDays * DAY_MS),
    stability: c.stability,
    difficulty: c.difficulty,
    elapsed_days: 0,
    scheduled_days: c.scheduledDays,
    learning_steps: c.learningSteps,
    reps: c.reps,
    lapses: c.lapses,
    state: c.state,
    last_review: new Date(c.lastReview),
  }));

/** What ts-fsrs's own scheduler makes of the review: the expectation. */
function libraryReview(card: Card, now: Date, rating: AnswerRating): Card {
  return scheduler.next(card, now, rating).card;
}

describe('reviewCard', () => {
  it('moves a new card on as ts-fsrs does, whichever the rating', () => {
    fc.assert(
      fc.property(gapArbitrary, ratingArbitrary, (gap, rating) => {
        const card = createEmptyCard(new Date(START));
        const now = new Date(START + gap);
        expect(reviewCard(card, now, rating)).toEqual(libraryReview(card, now, rating));
      }),
    );
  });

  it('moves a reviewed card in any state on as ts-fsrs does', () => {
    fc.assert(
      fc.property(reviewedCardArbitrary, gapArbitrary, ratingArbitrary, (card, gap, rating) => {
        const now = new Date((card.last_review as Date).getTime() + gap);
        expect(reviewCard(card, now, rating)).toEqual(libraryReview(card, now, rating));
      }),
      { numRuns: 2000 },
    );
  });

  it('follows ts-fsrs through a learner’s whole history of one question', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(gapArbitrary, ratingArbitrary), { minLength: 1, maxLength: 40 }),
        (history) => {
          let ours = createEmptyCard(new Date(START));
          let theirs = ours;
          let time = START;
          for (const [gap, rating] of history) {
            time += gap;
            ours = reviewCard(ours, new Date(time), rating);
            theirs = libraryReview(theirs, new Date(time), rating);
            expect(ours).toEqual(theirs);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves the card it is given as it was', () => {
    const card = createEmptyCard(new Date(START));
    const before = { ...card };
    reviewCard(card, new Date(START + DAY_MS), Rating.Good);
    expect(card).toEqual(before);
  });

  it('schedules a first right answer for the second learning step, ten minutes on', () => {
    const now = new Date(START);
    const next = reviewCard(createEmptyCard(now), now, Rating.Good);
    expect(next.state).toBe(State.Learning);
    expect(next.learning_steps).toBe(1);
    expect(next.due.getTime() - now.getTime()).toBe(10 * 60_000);
  });
});
