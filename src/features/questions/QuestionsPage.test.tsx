import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { questionFixture, renderApp, userFixture } from '../../test/render-app';

afterEach(cleanup);

const question = questionFixture({ id: 7 });

describe('the questions browser', () => {
  it('shows the whole bank for a topic that is gone, rather than a failure no retry mends', async () => {
    const { router } = renderApp('/questions?topic=999&page=2', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: userFixture({ id: 2 }) },
        'GET /training-topics': { body: [] },
        'GET /questions': (request) =>
          new URL(request.url).searchParams.has('topic_id')
            ? { status: 404, body: { detail: 'Topic not found' } }
            : {
                body: {
                  questions: [question],
                  page: 1,
                  limit: 40,
                  totalPages: 1,
                  totalQuestions: 1,
                },
              },
      },
    });
    await screen.findByText('What does a red octagon mean?');
    await waitFor(() => expect(router.state.location.href).toBe('/questions'));
    expect(screen.queryByText('Topic not found')).toBeNull();
  });
});
