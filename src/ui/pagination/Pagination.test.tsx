import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { testI18n } from '../../test/render-app';
import { Pagination } from './Pagination';

testI18n();
afterEach(cleanup);

/** A list's pagination with the page it keeps; `total` can change as a filter would. */
function Harness({ total }: { total: number }) {
  const [page, setPage] = useState(1);
  return <Pagination page={page} totalPages={total} onPageChange={setPage} />;
}

const pageInput = () => screen.getByLabelText<HTMLInputElement>('Go to page');
const summary = () => screen.getByText(/^Page \d+ of \d+$/).textContent;

describe('the go-to-page box', () => {
  it('goes to a typed page and empties itself', () => {
    render(<Harness total={9} />);
    fireEvent.change(pageInput(), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(summary()).toBe('Page 7 of 9');
    expect(pageInput().value).toBe('');
  });

  it('says what is wrong with a page out of range and stays', () => {
    render(<Harness total={9} />);
    fireEvent.change(pageInput(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 1 to 9.');
    expect(summary()).toBe('Page 1 of 9');
  });

  it('forgets a number typed but not sent, and its error, once another button moves the page', () => {
    render(<Harness total={9} />);
    fireEvent.change(pageInput(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    fireEvent.click(screen.getByRole('button', { name: /^Next/ }));
    expect(summary()).toBe('Page 2 of 9');
    expect(pageInput().value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops an error about the old page count when the count changes', () => {
    const { rerender } = render(<Harness total={9} />);
    fireEvent.change(pageInput(), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Go' }));
    rerender(<Harness total={15} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(pageInput().value).toBe('');
  });
});
