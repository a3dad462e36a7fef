import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from './render-app';

afterEach(cleanup);

const signedIn = (overrides = {}) => ({
  token: 'good-token',
  routes: { 'GET /auth/me': { body: userFixture(overrides) } },
});

describe('route guards', () => {
  it('sends a guest from /dashboard to /login', async () => {
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });

  it('sends a guest from every protected page to /login', async () => {
    for (const path of ['/training', '/exam', '/questions', '/profile', '/donations', '/admin']) {
      const { router, unmount } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      unmount();
    }
  });

  it('shows Loading... while a stored session is restored', async () => {
    let release: () => void = () => {};
    const { router } = renderApp('/dashboard', {
      token: 'good-token',
      routes: {
        'GET /auth/me': () =>
          new Promise((resolve) => {
            release = () => resolve({ body: userFixture() });
          }),
      },
    });
    expect(await screen.findByText('Loading...')).toBeTruthy();
    release();
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Ada!' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a learner from /admin to /dashboard', async () => {
    const { router } = renderApp('/admin', signedIn());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets an administrator into /admin', async () => {
    const { router } = renderApp('/admin', signedIn({ is_admin: true }));
    expect(await screen.findByRole('heading', { name: 'Admin panel' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('sends a signed-in user from /login and /register to /dashboard', async () => {
    for (const path of ['/login', '/register']) {
      const { router, unmount } = renderApp(path, signedIn());
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      unmount();
    }
  });

  it('treats a stored token the server refuses as a guest and forgets it', async () => {
    const { router, storage } = renderApp('/profile', {
      token: 'garbage',
      routes: { 'GET /auth/me': { status: 401, body: { detail: 'Invalid token' } } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(storage.has('token')).toBe(false);
  });

  it('shows the not-found page for an unknown address', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });
});
