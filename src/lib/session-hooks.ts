import { TOKEN_KEY } from '../api/token-storage';
import type { AppRouter } from '../router';
import { returnPath } from '../routes/-components/guards';
import type { AuthActor, TokenStore } from './auth';

/** The app's session and router, created after the API client that needs them. */
export interface LateSession {
  auth?: AuthActor;
  router?: AppRouter;
}

/**
 * What the API client asks of the session: the token this tab's session holds (not whatever
 * storage holds now: another tab may have stored someone else's), and what a 401 does: the
 * session ends and /login brings the learner back to the page they were on.
 */
export function sessionHooks(late: LateSession, storage: TokenStore) {
  return {
    getToken: (): string | null =>
      late.auth ? late.auth.getSnapshot().context.token : storage.get(),
    onUnauthorized: (): void => {
      // Another tab has stored a session of its own since: this tab starts over under it when
      // it hears of that (followOtherTabs), and must not remove it.
      const stored = storage.get();
      if (late.auth && stored !== null && stored !== late.auth.getSnapshot().context.token) return;
      storage.remove();
      late.auth?.send({ type: 'api.unauthorized' });
      const router = late.router;
      if (!router || router.state.location.pathname === '/login') return;
      const back = returnPath(router.state.location.href);
      void router.navigate({ to: '/login', search: back ? { redirect: back } : {}, replace: true });
    },
  };
}

/**
 * Follows sign-ins and sign-outs made in the browser's other tabs, so no tab goes on sending
 * one learner's work under another's session. A sign-out ends this tab's session too (the
 * guards then send it to /login, which returns here); a different token (another sign-in) starts
 * this tab over under it. Answers a function that stops following.
 */
export function followOtherTabs(
  auth: AuthActor,
  storage: TokenStore,
  startOver: () => void = () => window.location.reload(),
): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: the other tab cleared all of storage.
    if (event.key !== TOKEN_KEY && event.key !== null) return;
    const stored = storage.get();
    if (stored === auth.getSnapshot().context.token) return;
    if (stored === null) auth.send({ type: 'session.endedElsewhere' });
    else startOver();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
