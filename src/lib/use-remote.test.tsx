import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { followPromise, usePromise } from './use-remote';

afterEach(cleanup);

/** Every state a page showing the promise drew, in order. */
function renderShown(promise: Promise<string>): string[] {
  const shown: string[] = [];
  function Figures() {
    const remote = usePromise(promise);
    const text = remote.status === 'success' ? remote.data : remote.status;
    shown.push(text);
    return <p data-testid="figures">{text}</p>;
  }
  render(<Figures />);
  return shown;
}

describe('usePromise', () => {
  it('draws data that came before the page with the page, never "loading" first', async () => {
    const data = followPromise(Promise.resolve('3 exams'));
    await data;
    const shown = renderShown(data);
    expect(screen.getByTestId('figures').textContent).toBe('3 exams');
    expect(shown).not.toContain('loading');
  });

  it('draws a failure that came before the page with the page', async () => {
    const data = followPromise(Promise.reject(new Error('down')));
    await data.catch(() => undefined);
    renderShown(data);
    expect(screen.getByTestId('figures').textContent).toBe('error');
  });

  it('shows loading, then the data, for data still on its way', async () => {
    let answer: (value: string) => void = () => {};
    const data = followPromise(new Promise<string>((resolve) => (answer = resolve)));
    const shown = renderShown(data);
    expect(screen.getByTestId('figures').textContent).toBe('loading');
    answer('3 exams');
    await waitFor(() => expect(screen.getByTestId('figures').textContent).toBe('3 exams'));
    expect(shown[0]).toBe('loading');
  });
});
