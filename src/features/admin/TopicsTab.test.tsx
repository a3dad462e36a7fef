import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from '../../test/render-app';

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

const admin = userFixture({ id: 1, is_admin: true, username: 'admin' });
const topic = {
  id: 3,
  name: 'Signs',
  question_ids: '[1]',
  question_count: 1,
  created_at: '2025-03-01T10:00:00.000Z',
};

/**
 * The topics tab with one topic until a delete is answered (once `answered` settles: a server a
 * moment away), then none.
 */
function oneTopic(answered: Promise<void> = Promise.resolve()) {
  let deleted = false;
  const remove = async () => {
    await answered;
    deleted = true;
    return { body: { message: 'ok' } };
  };
  return renderApp('/admin?tab=topics', {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /training-topics/stats/info': {
        body: { total_topics: deleted ? 0 : 1, topics_available: deleted ? 0 : 1 },
      },
      'GET /training-topics': () => ({ body: deleted ? [] : [topic] }),
      'DELETE /training-topics/all/delete': remove,
      'DELETE /training-topics/3': remove,
    },
  });
}

describe('the focus once the topics are gone', () => {
  it('goes to what the emptied list says after Delete all, not to the page', async () => {
    oneTopic();
    const button = await screen.findByRole('button', { name: 'Delete all topics' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    button.focus();
    fireEvent.click(button);
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    const empty = await screen.findByText('There are no topics yet.');
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });

  it("goes to what the list says after the last topic's own Delete", async () => {
    let answer: () => void = () => {};
    oneTopic(new Promise<void>((resolve) => (answer = resolve)));
    const remove = await screen.findByRole('button', { name: 'Delete topic Signs' });
    remove.focus();
    fireEvent.click(remove);
    fireEvent.click(within(await screen.findByRole('dialog')).getByTestId('confirm-accept'));
    // The confirmation gone, the focus is back on Delete when the server answers.
    await waitFor(() => expect(document.activeElement).toBe(remove));
    answer();
    const empty = await screen.findByText('There are no topics yet.');
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });
});
