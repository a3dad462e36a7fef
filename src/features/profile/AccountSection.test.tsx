import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture, type FakeRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const signedIn = (routes: FakeRoutes = {}, user = userFixture()) => ({
  token: 'good-token',
  routes: { 'GET /auth/me': { body: user }, ...routes },
});

describe('signing out', () => {
  it('logging out from the menu tells the server to end that token, then forgets it', async () => {
    const { requests, storage, router } = renderApp(
      '/profile',
      signedIn({ 'POST /auth/logout': { body: { message: 'Signed out' } } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/auth/logout')).toBe(true),
    );
    const logout = requests.find((request) => request.path === '/auth/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.authorization).toBe('Bearer good-token');
    expect(storage.has('token')).toBe(false);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('still signs out here when the server cannot be reached', async () => {
    const { storage, router } = renderApp(
      '/profile',
      signedIn({
        'POST /auth/logout': () => {
          throw new TypeError('Failed to fetch');
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: /account menu/i }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    // Home and signed out here, in whichever order the two land.
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
      expect(storage.has('token')).toBe(false);
    });
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it('Sign out everywhere asks first, then ends every session and goes home', async () => {
    const { requests, storage, router } = renderApp(
      '/profile',
      signedIn({ 'POST /auth/logout-all': { body: { message: 'Signed out everywhere' } } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    // Cancel changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((request) => request.path === '/auth/logout-all')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    const again = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const call = requests.find((request) => request.path === '/auth/logout-all');
    expect(call?.headers.authorization).toBe('Bearer good-token');
    expect(storage.has('token')).toBe(false);
    expect(await screen.findByText('You have been signed out on every device.')).toBeTruthy();
  });

  it('Sign out everywhere that fails says so and keeps the session', async () => {
    const { storage, router } = renderApp(
      '/profile',
      signedIn({ 'POST /auth/logout-all': { status: 503, body: { detail: 'Database down' } } }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }));
    expect(
      await screen.findByText('Could not sign out everywhere. Reason: Database down'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(storage.get('token')).toBe('good-token');
  });
});

describe('deleting the account', () => {
  /** The dialog's password field (the page has a Password section too). */
  const passwordField = () =>
    within(screen.getByRole('dialog')).getByLabelText(/^Password/) as HTMLInputElement;
  /** What a screen reader reads with the password field: the text under it. */
  const passwordProblem = () =>
    (passwordField().getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');

  async function openDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    return screen.findByRole('dialog', { name: 'Delete your account?' });
  }

  it('asks for the password first, in a dialog whose focus starts there', async () => {
    const { requests } = renderApp('/profile', signedIn());
    const dialog = await openDialog();
    expect(
      within(dialog).getByText(
        'Your exam and training results, your progress and your account will be deleted. This cannot be undone. Enter your password to confirm.',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(passwordField()));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(passwordProblem()).toBe('This field is required.');
    expect(requests.some((request) => request.path === '/user/account')).toBe(false);
  });

  it('says a wrong password under the field and keeps the account', async () => {
    const { requests, storage } = renderApp(
      '/profile',
      signedIn({
        'DELETE /user/account': {
          status: 400,
          body: { detail: 'The password is incorrect', field: 'password' },
        },
      }),
    );
    const dialog = await openDialog();
    fireEvent.change(passwordField(), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(passwordProblem()).toBe('The password is incorrect.'));
    expect(requests.find((request) => request.path === '/user/account')?.body).toEqual({
      password: 'wrong',
    });
    expect(storage.get('token')).toBe('good-token');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('tells the last administrator why not, in the dialog', async () => {
    renderApp(
      '/profile',
      signedIn(
        {
          'DELETE /user/account': {
            status: 409,
            body: { detail: 'You are the last active administrator' },
          },
        },
        userFixture({ is_admin: true }),
      ),
    );
    const dialog = await openDialog();
    fireEvent.change(passwordField(), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The account could not be deleted. Reason: You are the last active administrator',
    );
  });

  it('deletes the account with the password, signs out and goes home', async () => {
    const { requests, storage, router } = renderApp(
      '/profile',
      signedIn({ 'DELETE /user/account': { body: { message: 'Account deleted' } } }),
    );
    const dialog = await openDialog();
    fireEvent.change(passwordField(), { target: { value: 'my-password' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/');
      expect(storage.has('token')).toBe(false);
    });
    const call = requests.find((request) => request.path === '/user/account');
    expect(call).toMatchObject({ method: 'DELETE', body: { password: 'my-password' } });
    expect(call?.headers.authorization).toBe('Bearer good-token');
    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
  });
});
