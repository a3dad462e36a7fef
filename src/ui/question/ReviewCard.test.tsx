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

  /** A question's words in its exam language (Korean), shown beside a Chinese translation. */
  const KOREAN_ORIGINAL: NonNullable<Question['original']> = {
    language: 'ko',
    question_text: '어린이 보호구역의 제한 속도는?',
    answer_1: '예',
    answer_2: '아니요',
    answer_3: null,
    answer_4: null,
    answer_5: null,
    explanation: null,
    photo_alt: null,
  };

  it.each([
    ['untranslated, so given in the exam language', true, ['korean']],
    ['translated', false, ['chinese', 'korean']],
  ])('says each explanation once beside the exam language: %s', (_, untranslated, expected) => {
    const korean = '어린이 보호구역에서는 시속 30km 이하로 달려야 합니다.';
    const chinese = '儿童保护区限速每小时 30 公里。';
    const shown: Question = {
      ...question(21, '1'),
      language: 'zh',
      explanation: untranslated ? korean : chinese,
      ...(untranslated ? { explanation_language: 'ko' as const } : {}),
      original: { ...KOREAN_ORIGINAL, explanation: korean },
    };
    render(<ReviewList items={reviewOf([shown], [[1]])} />);
    const toggle = screen.getByTestId('show-original');
    // The choice is kept in the browser: turned on here whatever an earlier case left.
    if (toggle.getAttribute('aria-pressed') === 'false') fireEvent.click(toggle);
    expect(screen.getByTestId('original')).toBeTruthy();
    const said = [...document.querySelectorAll('p')].flatMap((paragraph) => [
      ...(paragraph.textContent?.includes(chinese) ? ['chinese'] : []),
      ...(paragraph.textContent?.includes(korean) ? ['korean'] : []),
    ]);
    expect(said).toEqual(expected);
  });

  it('names each read-aloud button by its language once the exam language shows beside', () => {
    const shown: Question = {
      ...question(22, '1'),
      language: 'zh',
      original: KOREAN_ORIGINAL,
    };
    render(<ReviewList items={reviewOf([shown], [[1]])} />);
    const toggle = screen.getByTestId('show-original');
    if (toggle.getAttribute('aria-pressed') === 'true') fireEvent.click(toggle);
    const names = () =>
      screen.getAllByTestId('read-aloud').map((button) => button.getAttribute('aria-label'));
    expect(names()).toEqual([null]);
    expect(screen.getByRole('button', { name: 'Read aloud' })).toBeTruthy();
    fireEvent.click(toggle);
    expect(names()).toEqual(['Read aloud (Chinese)', 'Read aloud (Korean)']);
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
