import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAnswerKeys } from './AnswerOptions';

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
});
