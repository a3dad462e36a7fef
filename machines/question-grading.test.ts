import { describe, expect, it } from 'vitest';
import type { components } from '../openapi/schema';
import {
  answerOptionsOf,
  elapsedSecondsOf,
  isShownAnswer,
  percentRight,
  remainingSecondsOf,
  toggleAnswer,
} from './question-grading';

type Question = components['schemas']['Question'];

const question = (answers: Partial<Question>): Question => ({
  id: 7,
  question_text: 'Who goes first?',
  answer_1: 'The tram',
  answer_2: 'The car',
  answer_3: null,
  answer_4: null,
  answer_5: null,
  right_answers: '1',
  points: 1,
  photo: null,
  photo_alt: null,
  explanation: null,
  ...answers,
});

describe('the answers a question shows', () => {
  it('leaves out an answer that is only spaces, as it leaves out an empty one', () => {
    const shown = question({ answer_3: '   ', answer_4: '', answer_5: 'Both at once' });
    expect(answerOptionsOf(shown)).toEqual([
      { number: 1, text: 'The tram' },
      { number: 2, text: 'The car' },
      { number: 5, text: 'Both at once' },
    ]);
    expect(isShownAnswer(shown, 3)).toBe(false);
    expect(isShownAnswer(shown, 5)).toBe(true);
  });

  it('shows no answer of a question not there (yet)', () => {
    expect(isShownAnswer(undefined, 1)).toBe(false);
  });
});

describe('picking answers', () => {
  const three = { answer_3: 'Whoever is faster' };
  it('replaces the pick where the question has one right answer ("Choose 1 answer")', () => {
    const single = question({ ...three, right_answers: '2' });
    expect(toggleAnswer([], 1, single)).toEqual([1]);
    expect(toggleAnswer([1], 3, single)).toEqual([3]);
    expect(toggleAnswer([3], 3, single)).toEqual([]);
  });

  it('adds picks in order where the question has several right answers, and takes one back', () => {
    const several = question({ ...three, right_answers: '1,3' });
    expect(toggleAnswer([3], 1, several)).toEqual([1, 3]);
    expect(toggleAnswer([2], 1, several)).toEqual([1, 2]);
    expect(toggleAnswer([1, 3], 3, several)).toEqual([1]);
  });

  it('takes no more picks than the question asks for ("Choose 2 answers") until one is taken back', () => {
    const two = question({ ...three, answer_4: 'Nobody', right_answers: '1,3' });
    expect(toggleAnswer([1, 2], 4, two)).toEqual([1, 2]);
    expect(toggleAnswer([1, 2], 2, two)).toEqual([1]);
    expect(toggleAnswer([1], 4, two)).toEqual([1, 4]);
    const three4 = question({ ...three, answer_4: 'Nobody', right_answers: '1,2,4' });
    expect(toggleAnswer([1, 2], 3, three4)).toEqual([1, 2, 3]);
    expect(toggleAnswer([1, 2, 3], 4, three4)).toEqual([1, 2, 3]);
  });
});

describe('the clock of a countdown', () => {
  it('has spent no time before it starts, even where the clock has already run', () => {
    expect(elapsedSecondsOf(null, 90_000)).toBe(0);
    expect(elapsedSecondsOf(null, 90_000, 60)).toBe(0);
    expect(elapsedSecondsOf(30_000, null)).toBe(0);
  });

  it('counts whole seconds, capped only when a cap is given', () => {
    expect(elapsedSecondsOf(1_000, 91_999)).toBe(90);
    expect(elapsedSecondsOf(1_000, 91_999, undefined)).toBe(90);
    expect(elapsedSecondsOf(1_000, 91_999, null)).toBe(90);
    expect(elapsedSecondsOf(1_000, 91_999, 60)).toBe(60);
  });

  it('has the whole limit left before it starts', () => {
    expect(remainingSecondsOf(600, null, 90_000)).toBe(600);
    expect(remainingSecondsOf(600, 30_000, 90_500)).toBe(540);
  });
});

describe('the share of right answers', () => {
  it('is 0 % of no question, not a number that is none', () => {
    expect(percentRight(0, 0)).toBe(0);
    expect(percentRight(16, 23)).toBeCloseTo(69.5652, 4);
  });
});
