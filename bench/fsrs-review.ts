/**
 * npm run bench:fsrs: server CPU per answer for moving a card on, ts-fsrs's `next` against
 * `reviewCard` (server/modules/training-modules/fsrs-review.ts), over the same cards: memory's
 * share of every training answer and of an exam submission's forty. Five rounds each, in turns;
 * prints the median.
 */
import { type Card, createEmptyCard, Rating, State } from 'ts-fsrs';
import {
  type AnswerRating,
  reviewCard,
  scheduler,
} from '../server/modules/training-modules/fsrs-review';
import { quantile } from './quantile';
import { seededRandom } from './seeded-random';

const CARDS = 20_000;
const ROUNDS = 5;
const DAY_MS = 86_400_000;

/** A mix of cards as a learner's memory holds them: new, learning, in review and relearning. */
function cards(): { card: Card; now: Date; rating: AnswerRating }[] {
  const random = seededRandom(42);
  const start = Date.UTC(2026, 0, 1);
  return Array.from({ length: CARDS }, () => {
    const last = start + Math.floor(random() * 300 * DAY_MS);
    const now = new Date(last + Math.floor(random() * 60 * DAY_MS));
    const rating = random() < 0.75 ? Rating.Good : Rating.Again;
    const state = [State.New, State.Learning, State.Review, State.Relearning][
      Math.floor(random() * 4)
    ] as State;
    if (state === State.New) return { card: createEmptyCard(new Date(last)), now, rating };
    const card: Card = {
      due: new Date(last + DAY_MS),
      stability: 0.5 + random() * 200,
      difficulty: 1 + random() * 9,
      elapsed_days: 0,
      scheduled_days: 1,
      learning_steps: Math.floor(random() * 2),
      reps: 1 + Math.floor(random() * 20),
      lapses: Math.floor(random() * 3),
      state,
      last_review: new Date(last),
    };
    return { card, now, rating };
  });
}

function microsecondsPerCard(
  reviews: ReturnType<typeof cards>,
  move: (card: Card, now: Date, rating: AnswerRating) => Card,
): number {
  let kept = 0;
  const started = process.hrtime.bigint();
  for (const { card, now, rating } of reviews) kept += move(card, now, rating).reps;
  const elapsed = Number(process.hrtime.bigint() - started) / 1000;
  if (kept === 0) throw new Error('no card moved');
  return elapsed / reviews.length;
}

const median = (values: number[]) =>
  quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );

const reviews = cards();
const library: number[] = [];
const ours: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  library.push(
    microsecondsPerCard(reviews, (card, now, rating) => scheduler.next(card, now, rating).card),
  );
  ours.push(microsecondsPerCard(reviews, reviewCard));
}
const [libraryMedian, oursMedian] = [median(library), median(ours)];
console.log(`${CARDS.toLocaleString('en')} cards, ${ROUNDS} rounds in turns, median µs per card:`);
console.log(
  `  ts-fsrs next:  ${libraryMedian.toFixed(2)} µs (an exam's 40: ${(40 * libraryMedian).toFixed(0)} µs)`,
);
console.log(
  `  reviewCard:    ${oursMedian.toFixed(2)} µs (an exam's 40: ${(40 * oursMedian).toFixed(0)} µs)`,
);
