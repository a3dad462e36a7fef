import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { act } from 'react';
import { courseFixture, questionFixture, renderApp, userFixture } from '../../test/render-app';

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

  it("shows the questions in the interface's new language at once, when the learner left it to follow", async () => {
    // The server answers in the language the request asks for, as it does for a learner whose
    // content language is automatic.
    const inLanguage = (request: Request) => {
      const russian = request.headers.get('Accept-Language') === 'ru';
      const shown = questionFixture({
        id: 7,
        question_text: russian
          ? 'Что означает красный восьмиугольник?'
          : 'What does a red octagon mean?',
      });
      return {
        body: { questions: [shown], page: 1, limit: 40, totalPages: 1, totalQuestions: 1 },
      };
    };
    const { router } = renderApp('/questions', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: userFixture({ id: 2, content_language: null }) },
        'GET /courses': { body: [courseFixture({ languages: ['en', 'ru'] })] },
        'GET /training-topics': { body: [] },
        'GET /questions': inLanguage,
      },
    });
    await screen.findByText('What does a red octagon mean?');
    const i18n = router.options.context.i18n;
    i18n.addResourceBundle('ru', 'common', { appName: 'Теория вождения' }, true, true);
    await act(() => i18n.changeLanguage('ru'));
    expect(await screen.findByText('Что означает красный восьмиугольник?')).toBeTruthy();
  });

  it("shows a question's star only once the learner's bookmarks are read: starred, not unstarred for a moment", async () => {
    let answerBookmarks: (ids: number[]) => void = () => undefined;
    const bookmarks = new Promise<{ body: { question_ids: number[] } }>((resolve) => {
      answerBookmarks = (ids) => resolve({ body: { question_ids: ids } });
    });
    renderApp('/questions', {
      token: 'tok',
      routes: {
        // A learner of their own: the bookmarks this file's other tests read are not theirs.
        'GET /auth/me': { body: userFixture({ id: 31 }) },
        'GET /training-topics': { body: [] },
        'GET /bookmarks': () => bookmarks,
        'GET /questions': {
          body: { questions: [question], page: 1, limit: 40, totalPages: 1, totalQuestions: 1 },
        },
      },
    });
    await screen.findByText('What does a red octagon mean?');
    const star = screen.getByTestId('bookmark') as HTMLButtonElement;
    expect(star.disabled).toBe(true);
    expect(star.getAttribute('aria-busy')).toBe('true');

    await act(async () => answerBookmarks([7]));
    await waitFor(() => expect(star.disabled).toBe(false));
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(star.getAttribute('aria-label')).toBe('Remove the bookmark');
  });

  it('offers the star, unstarred, when the bookmarks cannot be read', async () => {
    renderApp('/questions', {
      token: 'tok',
      routes: {
        'GET /auth/me': { body: userFixture({ id: 32 }) },
        'GET /training-topics': { body: [] },
        'GET /bookmarks': { status: 503, body: { detail: 'Service unavailable' } },
        'GET /questions': {
          body: { questions: [question], page: 1, limit: 40, totalPages: 1, totalQuestions: 1 },
        },
      },
    });
    await screen.findByText('What does a red octagon mean?');
    const star = screen.getByTestId('bookmark') as HTMLButtonElement;
    await waitFor(() => expect(star.disabled).toBe(false));
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });
});
