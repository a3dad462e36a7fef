import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectFocusOnEmptyList, heldDelete } from '../../test/list-focus';
import {
  questionFixture,
  renderApp,
  systemStatusFixture,
  userFixture,
  type FakeRoutes,
} from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const page = (total: number) => ({
  body: { questions: [], page: 1, limit: 10, totalPages: 1, totalQuestions: total },
});
const status = (counts: { questions: number; tickets: number; topics: number }) => ({
  body: systemStatusFixture(counts),
});

function open(routes: FakeRoutes) {
  return renderApp('/admin?tab=questions', {
    token: 'tok',
    routes: { 'GET /auth/me': { body: admin }, 'GET /training-topics': { body: [] }, ...routes },
  });
}

describe('delete all questions', () => {
  it('names the tickets and topics that go with the bank, and wants the count typed first', async () => {
    const { requests } = open({
      'GET /admin/questions': page(200),
      'GET /settings/system/status': status({ questions: 200, tickets: 25, topics: 15 }),
      'DELETE /admin/questions/all/delete': { body: { message: 'ok' } },
    });
    const button = await screen.findByRole('button', { name: 'Delete all questions' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    fireEvent.click(button);

    const dialog = await screen.findByRole('dialog', { name: 'Delete all questions' });
    expect(dialog.textContent).toContain('This deletes all 200 questions in the bank.');
    expect(dialog.textContent).toContain('All 25 training tickets are deleted with them.');
    expect(dialog.textContent).toContain('The 15 topics are kept but left with no questions.');
    const accept = within(dialog).getByTestId('confirm-accept');
    expect(accept.hasAttribute('disabled')).toBe(true);
    const typed = within(dialog).getByLabelText('To confirm, type the number 200');
    fireEvent.change(typed, { target: { value: '20' } });
    expect(accept.hasAttribute('disabled')).toBe(true);
    // Full-width digits, as a Chinese or Japanese input method types them, are the same number.
    fireEvent.change(typed, { target: { value: '２００' } });
    expect(accept.hasAttribute('disabled')).toBe(false);
    fireEvent.change(typed, { target: { value: '200' } });
    expect(accept.hasAttribute('disabled')).toBe(false);
    fireEvent.click(accept);
    await waitFor(() => expect(requests.some((request) => request.method === 'DELETE')).toBe(true));
  });

  it('is off while the bank is empty', async () => {
    open({ 'GET /admin/questions': page(0) });
    await screen.findByText('There are no questions yet.');
    const button = screen.getByRole('button', { name: 'Delete all questions' });
    expect(button.hasAttribute('disabled')).toBe(true);
    // Apart from Add question: in a section of its own.
    expect(within(screen.getByTestId('danger-zone')).getByRole('button')).toBe(button);
  });
});

describe('the focus once the list is empty', () => {
  /** A bank of one question until a delete is answered (on `release`), then an empty one. */
  function bankOfOne() {
    let deleted = false;
    const remove = heldDelete(() => (deleted = true));
    const question = questionFixture({ id: 5, question_text: 'The only question' });
    open({
      'GET /admin/questions': () =>
        deleted
          ? page(0)
          : {
              body: { questions: [question], page: 1, limit: 10, totalPages: 1, totalQuestions: 1 },
            },
      'GET /settings/system/status': status({ questions: 1, tickets: 0, topics: 0 }),
      'DELETE /admin/questions/all/delete': remove.route,
      'DELETE /admin/questions/5': remove.route,
    });
    return remove.release;
  }

  it('goes to what the list says after Delete all, not to the page', async () => {
    const release = bankOfOne();
    await screen.findByText('The only question');
    await expectFocusOnEmptyList(
      screen.getByRole('button', { name: 'Delete all questions' }),
      'There are no questions yet.',
      {
        release,
        fill: (dialog) =>
          fireEvent.change(within(dialog).getByLabelText('To confirm, type the number 1'), {
            target: { value: '1' },
          }),
      },
    );
    expect(
      screen.getByRole('button', { name: 'Delete all questions' }).hasAttribute('disabled'),
    ).toBe(true);
  });

  it("goes to what the list says after the last question's own Delete", async () => {
    const release = bankOfOne();
    await expectFocusOnEmptyList(
      await screen.findByRole('button', { name: 'Delete question #5' }),
      'There are no questions yet.',
      { release },
    );
  });
});

describe('a bank found empty on opening (a new course)', () => {
  it('leaves the focus where it was: only a delete that empties the list moves it', async () => {
    open({ 'GET /admin/questions': page(0) });
    const button = await screen.findByRole('button', { name: 'Delete all questions' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(true));
    expect(document.activeElement).not.toBe(screen.getByText('There are no questions yet.'));
  });
});
