import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture, type FakeResponse } from '../test/render-app';

afterEach(cleanup);

const LANDING_TITLE = 'Pass your driving theory test with confidence';

describe('the auth code, fetched when a page needs it', () => {
  it('leaves it out of a guest’s landing and help pages, and brings it for the sign-in', async () => {
    const { session, requests, router } = renderApp('/');
    await screen.findByRole('heading', { name: LANDING_TITLE });
    expect(session.actor).toBeNull();
    await router.navigate({ to: '/help' });
    await screen.findByRole('heading', { level: 1, name: /help/i });
    expect(session.actor).toBeNull();
    expect(requests.some((request) => request.path === '/auth/me')).toBe(false);

    const header = screen.getByRole('banner');
    fireEvent.click(within(header).getAllByRole('link', { name: 'Log in' })[0] as HTMLElement);
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(session.actor?.getSnapshot().matches('signedOut')).toBe(true);
  });

  it('restores a stored session from the start, whatever the page, and the header names the learner', async () => {
    const { session, requests } = renderApp('/', {
      token: 'ada-token',
      routes: { 'GET /auth/me': { body: userFixture({ first_name: 'Ada' }) } },
    });
    await screen.findByRole('heading', { name: LANDING_TITLE });
    await waitFor(() => expect(session.actor?.getSnapshot().matches('signedIn')).toBe(true));
    expect(requests.filter((request) => request.path === '/auth/me')).toHaveLength(1);
    const header = screen.getByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findAllByRole('link', { name: 'Go to dashboard' })).toHaveLength(2);
  });

  it('offers no sign-in while a stored session is restored, and the sign-in once it is refused', async () => {
    let answer: (response: FakeResponse) => void = () => undefined;
    const { session } = renderApp('/', {
      token: 'ada-token',
      routes: { 'GET /auth/me': () => new Promise<FakeResponse>((resolve) => (answer = resolve)) },
    });
    await screen.findByRole('heading', { name: LANDING_TITLE });
    await waitFor(() => expect(session.actor?.getSnapshot().matches('loadingUser')).toBe(true));
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(header).queryByRole('link', { name: 'Register' })).toBeNull();
    answer({ status: 401, body: { detail: 'Could not validate credentials' } });
    expect(await within(header).findByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});
