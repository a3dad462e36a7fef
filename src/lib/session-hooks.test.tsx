import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, userFixture } from '../test/render-app';
import type { TokenStore } from './auth';
import { followOtherTabs } from './follow-other-tabs';
import { sessionHooks } from './session-hooks';

afterEach(cleanup);

/** A learner signed in on /profile, following the other tabs through the app's storage. */
async function signedInTab() {
  const app = renderApp('/profile', {
    token: 'ada-token',
    routes: { 'GET /auth/me': { body: userFixture() } },
  });
  await waitFor(() => expect(app.session.actor?.getSnapshot().matches('signedIn')).toBe(true));
  const store: TokenStore = {
    get: () => app.storage.get('token') ?? null,
    set: (token) => app.storage.set('token', token),
    remove: () => app.storage.delete('token'),
  };
  const startOver = vi.fn();
  const stop = followOtherTabs(app.session, store, startOver);
  /** Another tab changes the stored token, and this one hears of it. */
  const otherTab = (token: string | null, key: string | null = 'token') => {
    if (token === null) app.storage.delete('token');
    else app.storage.set('token', token);
    window.dispatchEvent(new StorageEvent('storage', { key }));
  };
  return { ...app, store, startOver, stop, otherTab };
}

describe('following the other tabs of the app', () => {
  it('ends this tab’s session when another tab signs out, and the sign-in returns here', async () => {
    const tab = await signedInTab();
    tab.otherTab(null);
    await waitFor(() => expect(tab.router.state.location.pathname).toBe('/login'));
    expect(tab.router.state.location.search).toEqual({ redirect: '/profile' });
    expect(await screen.findByText(/Your session has ended/)).toBeTruthy();
    expect(tab.startOver).not.toHaveBeenCalled();
    tab.stop();
  });

  it('starts over when another tab signs in, as someone else or anew', async () => {
    const tab = await signedInTab();
    tab.otherTab('bea-token');
    expect(tab.startOver).toHaveBeenCalledTimes(1);
    // Until it starts over, this tab's calls still carry its own session's token.
    expect(tab.session.actor?.getSnapshot().context.token).toBe('ada-token');
    tab.stop();
  });

  it('leaves a session another tab stored alone when one of its own calls is refused', async () => {
    const tab = await signedInTab();
    const hooks = sessionHooks({ session: tab.session, router: tab.router }, tab.store);
    tab.storage.set('token', 'bea-token');
    hooks.onUnauthorized();
    expect(tab.storage.get('token')).toBe('bea-token');
    tab.stop();
  });

  it('opens again with the new token of a password change answered after a sign-out elsewhere', async () => {
    const tab = await signedInTab();
    tab.otherTab(null);
    await waitFor(() => expect(tab.router.state.location.pathname).toBe('/login'));
    tab.session.actor?.send({ type: 'session.renewed', token: 'renewed-token' });
    expect(tab.storage.get('token')).toBe('renewed-token');
    await waitFor(() => expect(tab.router.state.location.pathname).toBe('/profile'));
    expect(tab.session.actor?.getSnapshot().context.token).toBe('renewed-token');
    tab.stop();
  });

  it('ignores other keys and a token that did not change', async () => {
    const tab = await signedInTab();
    tab.otherTab('ada-token');
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme' }));
    expect(tab.startOver).not.toHaveBeenCalled();
    expect(tab.session.actor?.getSnapshot().matches('signedIn')).toBe(true);
    // A cleared storage (no key) counts as a sign-out.
    tab.otherTab(null, null);
    await waitFor(() => expect(tab.router.state.location.pathname).toBe('/login'));
    tab.stop();
  });
});
