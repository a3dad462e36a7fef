import { createRouter } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './api';
import type { AuthActor } from './lib/auth';
import { routeTree } from './routeTree.gen';
import type { PageTitleKey } from './ui/layout/document-title';
import { ErrorScreen, LoadingScreen, NotFoundScreen } from './ui/layout/screens';

export interface CreateAppRouterOptions {
  auth: AuthActor;
  api: ApiClient;
  i18n: I18n;
  /** Tests pass a memory history. */
  history?: Parameters<typeof createRouter>[0]['history'];
}

/** The router with its typed context (the auth actor, the API client and i18next). */
export function createAppRouter({ auth, api, i18n, history }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { auth, api, i18n },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingScreen,
    defaultErrorComponent: ({ error, reset }) => <ErrorScreen error={error} reset={reset} />,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** The page's name in the browser tab (see useDocumentTitle); none shows the site name alone. */
    title?: PageTitleKey;
  }
}
