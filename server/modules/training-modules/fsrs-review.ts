import {
  BasicLearningStepsStrategy,
  type Card,
  dateDiffInDays,
  fsrs,
  Rating,
  State,
} from 'ts-fsrs';

/** The scheduler memory follows: FSRS's default parameters, without fuzz. */
export const scheduler = fsrs({ enable_fuzz: false });

/** What an answer rates: right is Good, wrong is Again. */
export type AnswerRating = Rating.Again | Rating.Good;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DAY_MINUTES = 1440;

/**
 * The card after one review rated `rating` at `now`: what `scheduler.next(card, now, rating).card`
 * returns, worked out for that one rating. ts-fsrs's `next` builds a scheduler object, a fuzz
 * seed and, for a card in review, the next card for all four ratings: about 5 µs a card, 200 of
 * an exam submission's 40 answers (docs/benchmarks.md). The formulas (`next_state`,
 * `next_interval`, the forgetting curve, the learning steps) are still ts-fsrs's own; this
 * function only chooses among them as its BasicScheduler does. `fsrs-review.test.ts` holds the
 * two to the same answers.
 */
export function reviewCard(card: Card, now: Date, rating: AnswerRating): Card {
  const elapsed =
    card.state !== State.New && card.last_review ? dateDiffInDays(card.last_review, now) : 0;
  const stepIndex = card.learning_steps || 0;
  const next: Card = {
    ...card,
    last_review: now,
    elapsed_days: elapsed,
    learning_steps: stepIndex,
    reps: card.reps + 1,
  };
  const memory = { difficulty: card.difficulty, stability: card.stability };
  if (card.state !== State.Review) {
    Object.assign(next, scheduler.next_state(memory, elapsed, rating));
    const learningState = card.state === State.New ? State.Learning : card.state;
    return withLearningStep(next, card.state, stepIndex, rating, learningState, now, elapsed);
  }
  const recall = scheduler.forgetting_curve(elapsed, card.stability);
  if (rating === Rating.Again) {
    Object.assign(next, scheduler.next_state(memory, elapsed, Rating.Again, recall));
    next.lapses += 1;
    return withLearningStep(next, State.Review, stepIndex, rating, State.Relearning, now, elapsed);
  }
  // Good's interval is at least a day longer than Hard's, as in the four-way preview.
  const hard = scheduler.next_state(memory, elapsed, Rating.Hard, recall);
  Object.assign(next, scheduler.next_state(memory, elapsed, Rating.Good, recall));
  const goodInterval = scheduler.next_interval(next.stability, elapsed);
  const hardDays = Math.min(scheduler.next_interval(hard.stability, elapsed), goodInterval);
  const goodDays = Math.max(goodInterval, hardDays + 1);
  next.state = State.Review;
  next.learning_steps = 0;
  next.scheduled_days = goodDays;
  next.due = new Date(now.getTime() + goodDays * DAY_MS);
  return next;
}

/**
 * The card due again after its next learning step (minutes), or, past the last step, in review
 * after the interval its stability gives: ts-fsrs's `applyLearningSteps`.
 */
function withLearningStep(
  next: Card,
  stateBefore: State,
  stepIndex: number,
  rating: AnswerRating,
  learningState: State,
  now: Date,
  elapsed: number,
): Card {
  const steps = BasicLearningStepsStrategy(scheduler.parameters, stateBefore, stepIndex);
  const minutes = Math.max(0, steps[rating]?.scheduled_minutes ?? 0);
  const nextStep = Math.max(0, steps[rating]?.next_step ?? 0);
  if (minutes > 0 && minutes < DAY_MINUTES) {
    next.learning_steps = nextStep;
    next.scheduled_days = 0;
    next.state = learningState;
    next.due = new Date(now.getTime() + Math.round(minutes) * MINUTE_MS);
    return next;
  }
  next.state = State.Review;
  if (minutes >= DAY_MINUTES) {
    next.learning_steps = nextStep;
    next.due = new Date(now.getTime() + Math.round(minutes) * MINUTE_MS);
    next.scheduled_days = Math.floor(minutes / DAY_MINUTES);
    return next;
  }
  next.learning_steps = 0;
  const days = scheduler.next_interval(next.stability, elapsed);
  next.scheduled_days = days;
  next.due = new Date(now.getTime() + days * DAY_MS);
  return next;
}
