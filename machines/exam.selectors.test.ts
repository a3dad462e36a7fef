import { describe, expect, it } from 'vitest';
import type { Question } from './exam.types';
import { reviewOf } from './exam.selectors';

const question = (id: number, rightAnswers: string): Question =>
  ({
    id,
    question_text: `Question ${id}`,
    answer_1: 'A',
    answer_2: 'B',
    answer_3: 'C',
    answer_4: null,
    answer_5: null,
    right_answers: rightAnswers,
    points: 1,
    explanation: `Rule ${id}.`,
  }) as Question;

const QUESTIONS = [question(1, '1'), question(2, '2,3')];

describe('reviewOf, the review of an exam taken', () => {
  it('with the picks alone: no question is extra, each graded by its key', () => {
    const review = reviewOf(QUESTIONS, [[1], [2]]);
    expect(review.map((item) => [item.number, item.isExtra, item.isCorrect])).toEqual([
      [1, false, true],
      [2, false, false],
    ]);
    // Picked and right in green, picked and wrong in red, a right answer missed outlined.
    expect(review[1]!.options.map((option) => [option.number, option.mark])).toEqual([
      [1, 'none'],
      [2, 'right'],
      [3, 'missed'],
    ]);
  });

  it("with the stored marks: extra questions marked, and the server's grades shown as stored", () => {
    // A past exam graded when question 2's key was 2 alone: its stored grade stands.
    const review = reviewOf(QUESTIONS, [[1], [2]], [false, true], [true, true]);
    expect(review.map((item) => [item.isExtra, item.isCorrect])).toEqual([
      [false, true],
      [true, true],
    ]);
    // A grade the server did not store falls back to the key.
    expect(
      reviewOf(QUESTIONS, [[2], [2, 3]], [], [undefined]).map((item) => item.isCorrect),
    ).toEqual([false, true]);
  });
});
