import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldInput, problemOf } from '../../test/fields';
import { renderApp, userFixture } from '../../test/render-app';

afterEach(() => {
  cleanup();
  // The kept drafts live in this tab's sessionStorage, which the tests share.
  sessionStorage.clear();
});

function fillAndSubmit(username: string, password: string) {
  fireEvent.change(screen.getByLabelText(/Username or e-mail/), { target: { value: username } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it("shows the server's detail when login fails", async () => {
    renderApp('/login', {
      routes: {
        'POST /auth/login': { status: 401, body: { detail: 'Incorrect username or password' } },
      },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password');
  });

  it('drops the last failure once a new try is stopped at a field', async () => {
    renderApp('/login', {
      routes: {
        'POST /auth/login': { status: 401, body: { detail: 'Incorrect username or password' } },
      },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada', 'wrong');
    await screen.findByText('Incorrect username or password');
    fillAndSubmit('   ', 'wrong');
    expect(problemOf('Username or e-mail')).toBe('This field is required.');
    expect(screen.queryByText('Incorrect username or password')).toBeNull();
  });

  it("shows 'Login failed' when the server gives no detail", async () => {
    renderApp('/login', { routes: { 'POST /auth/login': { status: 500, body: {} } } });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed');
  });

  it('requires both fields before sending anything, saying so under each', async () => {
    const { requests } = renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect((screen.getByLabelText(/Username or e-mail/) as HTMLInputElement).required).toBe(true);
    expect((screen.getByLabelText(/^Password/) as HTMLInputElement).required).toBe(true);
    fillAndSubmit('   ', '');
    expect(problemOf('Username or e-mail')).toBe('This field is required.');
    expect(problemOf('Password')).toBe('This field is required.');
    // It had the focus already: the focus leaves and comes back, so its message is read out.
    await waitFor(() => expect(document.activeElement).toBe(fieldInput('Username or e-mail')));
    // Typing clears a field's problem; the other stays until it is filled.
    fireEvent.change(fieldInput('Username or e-mail'), { target: { value: 'ada' } });
    expect(problemOf('Username or e-mail')).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(document.activeElement).toBe(fieldInput('Password'));
    expect(requests.filter((request) => request.path === '/auth/login')).toEqual([]);
  });

  it('says under the field that a name or password is longer than any account has, sending nothing', async () => {
    const { requests } = renderApp('/login', {
      routes: {
        'POST /auth/login': { status: 401, body: { detail: 'Incorrect username or password' } },
      },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit(`${'a'.repeat(250)}@b.co`, 'p'.repeat(257));
    expect(problemOf('Username or e-mail')).toBe('Use at most 254 characters.');
    expect(problemOf('Password')).toBe('Use at most 256 characters.');
    expect(requests.filter((request) => request.path === '/auth/login')).toEqual([]);
    // At the limits, the form sends them.
    fillAndSubmit(`${'a'.repeat(249)}@b.co`, 'p'.repeat(256));
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/auth/login')).toHaveLength(1),
    );
  });

  it('stores the token, goes to /dashboard on success and forgets what the guest forms kept', async () => {
    const user = userFixture();
    // Typed on the registration form earlier in this tab, then left for the login page.
    sessionStorage.setItem('draft.register', JSON.stringify({ first_name: 'Ada' }));
    const { router, storage, requests } = renderApp('/login', {
      routes: {
        'POST /auth/login': { body: { access_token: 'new-token', token_type: 'bearer', user } },
        'GET /auth/me': { body: user },
      },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(storage.get('token')).toBe('new-token');
    expect(requests.find((request) => request.path === '/auth/login')?.body).toEqual({
      username: 'ada',
      password: 'secret',
    });
    expect(sessionStorage.getItem('draft.login')).toBeNull();
    expect(sessionStorage.getItem('draft.register')).toBeNull();
    cleanup();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(fieldInput('Username or e-mail').value).toBe('');
  });

  it('says the session ended when a signed-in call is refused, until the next sign-in, which returns to the page', async () => {
    const user = userFixture();
    const { router } = renderApp('/dashboard', {
      token: 'revoked-token',
      routes: {
        'GET /auth/me': { body: user },
        'GET /exams/stats': { status: 401, body: { detail: 'Not authenticated' } },
        'POST /auth/login': { body: { access_token: 'new-token', token_type: 'bearer', user } },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    // The sign-in returns to the page the learner was on.
    expect(router.state.location.search).toEqual({ redirect: '/dashboard' });
    expect((await screen.findByRole('status')).textContent).toMatch(/Your session has ended/);
    fillAndSubmit('ada', 'secret');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
  });

  const DEACTIVATED = {
    status: 401,
    body: { detail: 'This account is deactivated', code: 'account_deactivated' },
  };
  const SAYS_DEACTIVATED =
    'An administrator has deactivated your account, so your session has ended. You can sign in again once it is reactivated.';
  /** The page's note that the account was deactivated, once shown (the page may still load). */
  const deactivatedStatus = async () =>
    (await screen.findByText(SAYS_DEACTIVATED)).closest('[role="status"]');

  it('says the account was deactivated when a signed-in call is refused for it, and the sign-in then says the same', async () => {
    const user = userFixture();
    const { router, storage } = renderApp('/dashboard', {
      token: 'ada-token',
      routes: {
        'GET /auth/me': { body: user },
        'GET /exams/stats': DEACTIVATED,
        'POST /auth/login': {
          status: 403,
          body: { detail: 'This account is deactivated', code: 'account_deactivated' },
        },
      },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/dashboard' });
    expect(await deactivatedStatus()).toBeTruthy();
    expect(screen.queryByText(/Your session has ended/)).toBeNull();
    expect(screen.queryByText(/Log in to open that page/)).toBeNull();
    expect(storage.has('token')).toBe(false);
    fillAndSubmit('ada', 'secret');
    expect((await screen.findByRole('alert')).textContent).toBe('This account is deactivated');
    expect(screen.queryByText(SAYS_DEACTIVATED)).toBeNull();
  });

  it('says the account was deactivated when a reload finds it so, where an expired token only asks to log in', async () => {
    const { router } = renderApp('/profile', {
      token: 'ada-token',
      routes: { 'GET /auth/me': DEACTIVATED },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await deactivatedStatus()).toBeTruthy();
    expect(screen.queryByText(/Log in to open that page/)).toBeNull();
    cleanup();

    const expired = renderApp('/profile', {
      token: 'old-token',
      routes: { 'GET /auth/me': { status: 401, body: { detail: 'Invalid or expired token' } } },
    });
    await waitFor(() => expect(expired.router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText('Log in to open that page. You will go straight there.'),
    ).toBeTruthy();
    expect(screen.queryByText(SAYS_DEACTIVATED)).toBeNull();
  });

  it('links to register, home, help, privacy and terms', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    const main = screen.getByRole('main');
    const hrefs = [...main.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining(['/register', '/', '/help', '/privacy', '/terms']),
    );
  });

  it('brings the username back after a reload, never the password; a failed login clears neither', async () => {
    renderApp('/login', {
      routes: { 'POST /auth/login': { status: 401, body: { detail: 'Incorrect password' } } },
    });
    await screen.findByRole('heading', { name: 'Welcome back' });
    fillAndSubmit('ada@example.com', 'secret');
    await screen.findByRole('alert');
    expect(fieldInput('Username or e-mail').value).toBe('ada@example.com');
    expect(fieldInput('Password').value).toBe('secret');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('secret');

    // A reload leaves the page and opens it again.
    cleanup();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(fieldInput('Username or e-mail').value).toBe('ada@example.com');
    expect(fieldInput('Password').value).toBe('');
  });
});
