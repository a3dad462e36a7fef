import { createRouter, parseSearchWith, stringifySearchWith } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import type { ApiClient } from './api';
import type { Session } from './lib/session';
import { routeTree } from './routeTree.gen';
import type { PageTitleKey } from './ui/layout/document-title';
import { ErrorScreen, LoadingScreen, NotFoundScreen } from './ui/layout/screens';

export interface CreateAppRouterOptions {
  session: Session;
  api: ApiClient;
  i18n: I18n;
  /** Tests pass a memory history. */
  history?: Parameters<typeof createRouter>[0]['history'];
}

/** The router with its typed context (the session, the API client and i18next). */
export function createAppRouter({ session, api, i18n, history }: CreateAppRouterOptions) {
  return createRouter({
    routeTree,
    context: { session, api, i18n },
    ...(history ? { history } : {}),
    defaultPreload: 'intent',
    defaultPendingComponent: LoadingScreen,
    defaultErrorComponent: ({ error, reset }) => <ErrorScreen error={error} reset={reset} />,
    defaultNotFoundComponent: NotFoundScreen,
    scrollRestoration: true,
    // A URL's search values are text or whole ids (each route's validateSearch says which). The
    // default JSON reading would write a search for `150` in quotes (`?search=%22150%22`) and
    // read one for `[1]` as a list; here a value is written as typed and read as the URL decoder
    // gives it (a plain number or true/false comes as one, which the checks turn back to text).
    parseSearch: parseSearchWith((value) => value),
    stringifySearch: stringifySearchWith(JSON.stringify),
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
