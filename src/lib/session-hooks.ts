import type { RefusalCode } from '../../machines/auth.types';
import type { AppRouter } from '../router';
import { returnPath } from '../routes/-components/guards';
import type { TokenStore } from './auth';
import type { Session } from './session';

/** The app's session and router, created after the API client that needs them. */
export interface LateSession {
  session?: Session;
  router?: AppRouter;
}

/**
 * What the API client asks of the session: the token this tab's session holds (not whatever
 * storage holds now: another tab may have stored someone else's), and what a 401 does: the
 * session ends (saying why when the server did) and /login brings the learner back to the
 * page they were on.
 */
export function sessionHooks(late: LateSession, storage: TokenStore) {
  return {
    getToken: (): string | null => (late.session ? late.session.token : storage.get()),
    onUnauthorized: (code?: RefusalCode): void => {
      // Another tab has stored a session of its own since: this tab starts over under it when
      // it hears of that (followOtherTabs), and must not remove it.
      const stored = storage.get();
      if (late.session && stored !== null && stored !== late.session.token) return;
      storage.remove();
      late.session?.actor?.send({ type: 'api.unauthorized', code });
      const router = late.router;
      if (!router || router.state.location.pathname === '/login') return;
      const back = returnPath(router.state.location.href);
      void router.navigate({ to: '/login', search: back ? { redirect: back } : {}, replace: true });
    },
  };
}
