import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectFocusOnEmptyList, heldDelete } from '../../test/list-focus';
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

/** The topics tab with one topic until a delete is answered (on `release`), then none. */
function oneTopic() {
  let deleted = false;
  const remove = heldDelete(() => (deleted = true));
  renderApp('/admin?tab=topics', {
    token: 'tok',
    routes: {
      'GET /auth/me': { body: admin },
      'GET /training-topics/stats/info': () => ({
        body: { total_topics: deleted ? 0 : 1, topics_available: deleted ? 0 : 1 },
      }),
      'GET /training-topics': () => ({ body: deleted ? [] : [topic] }),
      'DELETE /training-topics/all/delete': remove.route,
      'DELETE /training-topics/3': remove.route,
    },
  });
  return remove.release;
}

describe('the focus once the topics are gone', () => {
  it('goes to what the emptied list says after Delete all, not to the page', async () => {
    const release = oneTopic();
    const button = await screen.findByRole('button', { name: 'Delete all topics' });
    await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    await expectFocusOnEmptyList(button, 'There are no topics yet.', { release });
  });

  it("goes to what the list says after the last topic's own Delete", async () => {
    const release = oneTopic();
    await expectFocusOnEmptyList(
      await screen.findByRole('button', { name: 'Delete topic Signs' }),
      'There are no topics yet.',
      { release },
    );
  });
});
