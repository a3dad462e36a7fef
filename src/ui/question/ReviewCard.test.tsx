import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { reviewOf } from '../../../machines/exam.selectors';
import type { AnswerNumber, Question } from '../../../machines/exam.types';
import { testI18n } from '../../test/render-app';
import { ReviewList } from './ReviewCard';

testI18n();
afterEach(cleanup);

const question = (id: number, right: string): Question => ({
  id,
  question_text: `Question text ${id}`,
  answer_1: 'Yes',
  answer_2: 'No',
  answer_3: 'Maybe',
  answer_4: null,
  answer_5: null,
  right_answers: right,
  points: 1,
  photo: null,
  photo_alt: null,
  explanation: null,
});

const QUESTIONS = [question(11, '1'), question(12, '2'), question(13, '3'), question(14, '1')];

const shownTexts = () =>
  screen.getAllByTestId('review-item').map((item) => item.querySelector('h2')?.textContent);

describe('the review list', () => {
  it('shows the mistakes alone on request, keeping their numbers', () => {
    // Right, wrong, unanswered, right.
    render(<ReviewList items={reviewOf(QUESTIONS, [[1], [1], [], [1]])} />);
    const all = screen.getByRole('button', { name: 'All questions (4)' });
    const mistakes = screen.getByRole('button', { name: 'Mistakes only (2)' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(shownTexts()).toHaveLength(4);

    fireEvent.click(mistakes);
    expect(mistakes.getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');
    expect(shownTexts()).toEqual(['Question text 12', 'Question text 13']);
    expect(screen.getByText('Question 2')).toBeTruthy();
    expect(screen.getByText('Question 3')).toBeTruthy();

    fireEvent.click(all);
    expect(shownTexts()).toHaveLength(4);
  });

  it.each<[string, AnswerNumber[][]]>([
    ['every answer right', [[1], [2], [3], [1]]],
    ['every answer wrong', [[2], [1], [1], [2]]],
  ])('offers no choice when %s', (_, picks) => {
    render(<ReviewList items={reviewOf(QUESTIONS, picks)} />);
    expect(screen.queryByRole('group', { name: 'Show' })).toBeNull();
    expect(shownTexts()).toHaveLength(4);
  });

  it('heads its cards one level below where it stands: h2 on a page, h3 in a dialog', () => {
    const { unmount } = render(<ReviewList items={reviewOf(QUESTIONS, [[1], [1], [], [1]])} />);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(4);
    unmount();
    render(<ReviewList items={reviewOf(QUESTIONS, [[1], [1], [], [1]])} heading="h3" />);
    expect(screen.queryAllByRole('heading', { level: 2 })).toHaveLength(0);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
  });
});
