import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { returnPath } from '../routes/-components/guards';
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

  it('says the server could not be reached when a reload finds it down, keeping the token', async () => {
    const { router, storage } = renderApp('/exam', {
      token: 'good-token',
      routes: {
        'GET /auth/me': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Could not reach the server. Check your connection and try again.'),
    ).toBeTruthy();
    expect(storage.get('token')).toBe('good-token');
  });

  it('brings a guest back to the page they came for once signed in, and says so', async () => {
    const user = userFixture();
    const { router } = renderApp('/questions?page=2', {
      routes: {
        'POST /auth/login': (request) =>
          request
            .clone()
            .json()
            .then((body: { password: string }) =>
              body.password === 'secret'
                ? { body: { access_token: 'new-token', token_type: 'bearer', user } }
                : { status: 401, body: { detail: 'Incorrect username or password' } },
            ),
        'GET /auth/me': { body: user },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/questions?page=2' });
    expect(
      await screen.findByText('Log in to open that page. You will go straight there.'),
    ).toBeTruthy();
    // A wrong password first: the note stays beside the refusal.
    fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password');
    expect(screen.getByText('Log in to open that page. You will go straight there.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: 'ada' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.href).toBe('/questions?page=2'));
  });

  it('returns only to a page of this site', () => {
    expect(returnPath('/training')).toBe('/training');
    expect(returnPath('/admin?tab=users')).toBe('/admin?tab=users');
    for (const unsafe of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'http://evil.example/x',
      'javascript:alert(1)',
      // A browser drops tabs and line breaks from a URL: these become //evil.example.
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      ' /dashboard',
      '/login',
      '/./login?x=1',
      '/register?x=1',
      '',
      42,
    ])
      expect(returnPath(unsafe), JSON.stringify(unsafe)).toBeUndefined();
  });

  /** Answers the login form with Ada's session. */
  const loginRoutes = () => {
    const user = userFixture();
    return {
      'POST /auth/login': {
        body: { access_token: 'new-token', token_type: 'bearer', user },
      },
      'GET /auth/me': { body: user },
    };
  };

  it('after sign-in follows no redirect off the site: /login?redirect=http://evil.example/x lands on /dashboard', async () => {
    for (const target of [
      'http://evil.example/x',
      '//evil.example/x',
      '/\\evil.example/x',
      '/\t/evil.example/x',
    ]) {
      const { router, unmount } = renderApp(`/login?redirect=${encodeURIComponent(target)}`, {
        routes: loginRoutes(),
      });
      await screen.findByRole('heading', { name: 'Welcome back' });
      fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: 'ada' } });
      fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'secret' } });
      fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
      expect(router.state.location.href).toBe('/dashboard');
      unmount();
    }
  });

  it('sends a signed-in user at /login?redirect= to that page of the site, never off it', async () => {
    for (const [target, landing] of [
      ['http://evil.example/x', '/dashboard'],
      ['//evil.example', '/dashboard'],
      ['/questions?page=2', '/questions?page=2'],
    ] as const) {
      const { router, unmount } = renderApp(
        `/login?redirect=${encodeURIComponent(target)}`,
        signedIn(),
      );
      await waitFor(() => expect(router.state.location.href).toBe(landing));
      unmount();
    }
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
