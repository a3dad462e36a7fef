import { RouterProvider } from '@tanstack/react-router';
import { Suspense, type ReactNode } from 'react';
import { I18nProvider } from './i18n/react';
import type { i18n as I18n } from 'i18next';
import { type ApiClient } from './api';
import { ApiProvider } from './lib/api-context';
import { isAuthenticated, isSettled, SessionProvider, type Session } from './lib/session';
import type { AppRouter } from './router';
import { LoadingScreen } from './ui/layout/screens';

export interface AppProps {
  router: AppRouter;
  session: Session;
  api: ApiClient;
  i18n: I18n;
}

export function AppProviders({
  session,
  api,
  i18n,
  children,
}: Omit<AppProps, 'router'> & { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ApiProvider client={api}>
        <SessionProvider session={session}>
          <Suspense fallback={<LoadingScreen />}>{children}</Suspense>
        </SessionProvider>
      </ApiProvider>
    </I18nProvider>
  );
}

/** The whole SPA. */
export function App({ router, session, api, i18n }: AppProps) {
  return (
    <AppProviders session={session} api={api} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * Re-runs the route guards whenever the session opens, ends or settles, so a login lands on
 * /dashboard and a logout or 401 leaves the protected pages.
 */
export function keepGuardsInSync(session: Session, router: AppRouter): () => void {
  let last = '';
  return session.subscribe(() => {
    const snapshot = session.actor?.getSnapshot();
    if (!snapshot) return;
    const key = `${isSettled(snapshot)}:${isAuthenticated(snapshot)}`;
    if (key !== last) {
      const first = last === '';
      last = key;
      if (!first) void router.invalidate();
    }
  });
}
