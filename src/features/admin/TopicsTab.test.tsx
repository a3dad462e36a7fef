import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { expectFocusOnEmptyList, heldDelete } from '../../test/list-focus';
import { renderApp, userFixture, type RecordedRequest } from '../../test/render-app';

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

describe('a topics CSV that would take questions out of topics', () => {
  function importing() {
    const shrink = {
      status: 409,
      body: {
        detail: 'The file lists fewer questions for the topic "Signs" than it has',
        shrinking_topics: [
          { name: 'Signs', questions: 40, removed: 32 },
          { name: 'Lights', questions: 3, removed: 1 },
        ],
      },
    };
    const app = renderApp('/admin?tab=topics', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: admin },
        'GET /training-topics/stats/info': { body: { total_topics: 1, topics_available: 1 } },
        'GET /training-topics': { body: [topic] },
        'POST /training-topics/import-csv': (request) =>
          new URL(request.url).searchParams.get('replace') === 'true'
            ? { body: { message: 'Topics imported successfully', imported: 2, replaced: 2 } }
            : shrink,
      },
    });
    return app;
  }

  async function upload() {
    const panel = within(await screen.findByTestId('topics-import'));
    const file = new File(['name,question_ids\nSigns,1\n'], 'topics.csv', { type: 'text/csv' });
    fireEvent.change(panel.getByLabelText(/CSV file/), { target: { files: [file] } });
    fireEvent.click(panel.getByRole('button', { name: 'Upload CSV' }));
    return within(await screen.findByRole('dialog', { name: 'Take questions out of 2 topics?' }));
  }

  const imports = (requests: RecordedRequest[]) =>
    requests
      .filter((request) => request.path.endsWith('/training-topics/import-csv'))
      .map((request) => request.query.replace ?? 'not asked');

  it('names each topic with its questions now and after, and replaces them only when told to', async () => {
    const { requests } = importing();
    const dialog = await upload();
    expect(dialog.getByText(/^The file lists fewer questions/).textContent).toBe(
      "The file lists fewer questions for these topics than they have, and each topic would keep only the file's (questions now → after): Signs 40 → 8; Lights 3 → 2.",
    );
    fireEvent.click(dialog.getByRole('button', { name: 'Replace as in the file' }));
    expect(
      await screen.findByText('Topics imported successfully: 2 topics; replaced by name: 2'),
    ).toBeTruthy();
    expect(imports(requests)).toEqual(['not asked', 'true']);
  });

  it('imports nothing when the administrator keeps the topics, and says so', async () => {
    const { requests } = importing();
    const dialog = await upload();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(
      await screen.findByText('Nothing was imported; the topics are as they were.'),
    ).toBeTruthy();
    expect(imports(requests)).toEqual(['not asked']);
  });
});
