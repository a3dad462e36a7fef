import { cleanup, fireEvent, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rightAnswersOf } from '../../../machines/question-grading';
import { questionFixture } from '../../test/render-app';
import { answersHintText, useAnswerKeys } from './AnswerOptions';

/** A question screen's keys, with whatever else the page shows at the time. */
function Screen({
  onToggle,
  onEnter,
  over,
}: {
  onToggle: (n: number) => void;
  onEnter: () => void;
  over?: 'menu' | 'dialog' | 'phone menu' | 'input';
}) {
  useAnswerKeys({ enabled: true, onToggle, onEnter });
  return (
    <>
      <p>Question</p>
      {over === 'menu' && <div role="menu">Account</div>}
      {over === 'dialog' && <div role="dialog">Leave?</div>}
      {over === 'phone menu' && <nav id="mobile-menu">Training</nav>}
      {over === 'input' && <input aria-label="Search" />}
      <button type="button" data-answer="1" aria-pressed="false">
        Answer 1
      </button>
      <button type="button">Leave</button>
    </>
  );
}

afterEach(cleanup);

describe('answer keys', () => {
  it('pick answers with 1 to 5 and go on with Enter', () => {
    const onToggle = vi.fn();
    const onEnter = vi.fn();
    render(<Screen onToggle={onToggle} onEnter={onEnter} />);
    fireEvent.keyDown(window, { key: '3' });
    fireEvent.keyDown(window, { key: '6' });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(onToggle.mock.calls).toEqual([[3]]);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it.each(['menu', 'dialog', 'phone menu'] as const)(
    'leave the question alone while a %s is open',
    (over) => {
      const onToggle = vi.fn();
      const onEnter = vi.fn();
      render(<Screen onToggle={onToggle} onEnter={onEnter} over={over} />);
      fireEvent.keyDown(window, { key: '1' });
      fireEvent.keyDown(window, { key: 'Enter' });
      expect(onToggle).not.toHaveBeenCalled();
      expect(onEnter).not.toHaveBeenCalled();
    },
  );

  it('leave a text field its digits', () => {
    const onToggle = vi.fn();
    const { getByLabelText } = render(
      <Screen onToggle={onToggle} onEnter={vi.fn()} over="input" />,
    );
    fireEvent.keyDown(getByLabelText('Search'), { key: '2' });
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('go on with Enter on an answer that has the focus, as on a checkbox; another button keeps its Enter', () => {
    const onEnter = vi.fn();
    const { getByText } = render(<Screen onToggle={vi.fn()} onEnter={onEnter} />);
    const onAnswer = fireEvent.keyDown(getByText('Answer 1'), { key: 'Enter' });
    expect(onEnter).toHaveBeenCalledTimes(1);
    // Cancelled: the browser does not also click (and so drop or pick) the answer.
    expect(onAnswer).toBe(false);
    expect(fireEvent.keyDown(getByText('Leave'), { key: 'Enter' })).toBe(true);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('go on with Enter after a number key, though another button was clicked before it', () => {
    const onToggle = vi.fn();
    const onEnter = vi.fn();
    const { getByText } = render(<Screen onToggle={onToggle} onEnter={onEnter} />);
    // A click leaves the focus on the clicked button (the star, the language toggle).
    const clicked = getByText('Leave');
    clicked.focus();
    fireEvent.keyDown(clicked, { key: '1' });
    expect(onToggle.mock.calls).toEqual([[1]]);
    // The Enter goes where the focus now is: the answer picked, not the button clicked before.
    expect(document.activeElement).toBe(getByText('Answer 1'));
    expect(fireEvent.keyDown(document.activeElement!, { key: 'Enter' })).toBe(false);
    expect(onEnter).toHaveBeenCalledTimes(1);
  });

  it('leave Enter to a button reached with Tab after the pick', () => {
    const onEnter = vi.fn();
    const { getByText } = render(<Screen onToggle={vi.fn()} onEnter={onEnter} />);
    fireEvent.keyDown(window, { key: '1' });
    getByText('Leave').focus();
    expect(fireEvent.keyDown(getByText('Leave'), { key: 'Enter' })).toBe(true);
    expect(onEnter).not.toHaveBeenCalled();
  });
});

describe('the hint above the answers', () => {
  const files = import.meta.glob<Record<string, unknown>>(
    '../../../public/locales/{en,ru,zh,ko}/{training,exam}.json',
    { eager: true, import: 'default' },
  );
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: Object.fromEntries(
      ['en', 'ru', 'zh', 'ko'].map((language) => [
        language,
        {
          training: files[`../../../public/locales/${language}/training.json`]!,
          exam: files[`../../../public/locales/${language}/exam.json`]!,
        },
      ]),
    ),
    initAsync: false,
  });
  /** The hint of a question whose key is `rightAnswers`, as the training or exam words it. */
  const hint = (rightAnswers: string, language: string, where: 'training' | 'exam') => {
    const t = i18n.getFixedT(language, where);
    const key = where === 'training' ? 'practice.multiHint' : 'question.multiHint';
    const question = questionFixture({ answer_3: 'C', answer_4: 'D', answer_5: 'E' });
    return answersHintText(
      rightAnswersOf({ ...question, right_answers: rightAnswers }).length,
      (count) => (count ? t(key, count) : t(key)),
    );
  };

  it('says in English how many answers to choose, in training and in the exam', () => {
    expect(hint('1,3', 'en', 'training')).toBe('Choose 2 answers');
    expect(hint('3, 1', 'en', 'exam')).toBe('Choose 2 answers');
    expect(hint('2', 'en', 'training')).toBe('Choose 1 answer');
    // A key that names no answer says nothing it cannot know.
    expect(hint('', 'en', 'exam')).toBe('One or more answers may be right.');
  });

  it("says it in Russian with the number's plural form", () => {
    expect(hint('1,3', 'ru', 'training')).toBe('Выберите 2 ответа');
    expect(hint('1,2,3,4,5', 'ru', 'exam')).toBe('Выберите 5 ответов');
    expect(hint('4', 'ru', 'exam')).toBe('Выберите 1 ответ');
    expect(hint('1,2,3', 'ru', 'training')).toBe('Выберите 3 ответа');
  });

  it('says it in Chinese and Korean', () => {
    expect(hint('1,3', 'zh', 'exam')).toBe('请选择 2 个答案');
    expect(hint('1,3', 'ko', 'training')).toBe('답 2개를 고르세요');
  });
});
