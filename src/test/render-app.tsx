import { createMemoryHistory } from '@tanstack/react-router';
import { configure, render, type RenderResult } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { afterEach, vi } from 'vitest';
import { reactBinding } from '../i18n/react';
import { createApiClient } from '../api';
import { App, keepGuardsInSync } from '../app';
import type { TokenStore } from '../lib/auth';
import { appSession, type Session } from '../lib/session';
import { resetPublicSettings } from '../lib/public-settings';
import { sessionHooks, type LateSession } from '../lib/session-hooks';
import { createAppRouter, type AppRouter } from '../router';
import { NotificationProvider } from '../ui/notifications/Notifications';
import { createNotificationStore } from '../ui/notifications/store';
import { holdFakeToContract } from './fake-contract';
import { courseFixture, readinessFixture, systemStatusFixture } from './fixtures';

export {
  courseFixture,
  examResultFixture,
  examSummaryFixture,
  numberSettingFixture,
  questionFixture,
  questionMemoryFixture,
  readinessFixture,
  systemStatusFixture,
  trainingSessionFixture,
  userFixture,
} from './fixtures';

// Route code loads on demand (a first transform can take seconds under test).
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no scrolling; the router restores scroll positions.
window.scrollTo = () => {};

const english = import.meta.glob<Record<string, unknown>>('../../public/locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** i18next with the English files already loaded (no HTTP, no Suspense). */
export function testI18n(): I18n {
  const resources: Record<string, Record<string, unknown>> = {};
  for (const [file, strings] of Object.entries(english)) {
    const namespace = file.split('/').pop()?.replace('.json', '') ?? 'common';
    resources[namespace] = strings;
  }
  const instance = i18next.createInstance();
  void instance.use(reactBinding).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: resources },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    // A key the English files lack fails the test rather than showing as its own name: a string
    // moved to another namespace, or a component reading the wrong one, is caught here.
    saveMissing: true,
    missingKeyHandler: (_languages, namespace, key) => {
      throw new Error(`missing translation ${namespace}:${key}`);
    },
  });
  return instance;
}

export interface FakeResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Why this answer is one the real server would not send (an old server's shape, a limit the
   * server would refuse): without it, an answer outside the contract fails the test
   * (holdFakeToContract in fake-contract.ts).
   */
  offContract?: string;
}

export type FakeRoutes = Record<
  string,
  FakeResponse | ((request: Request) => FakeResponse | Promise<FakeResponse>)
>;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's values (`?course_id=2` as `{ course_id: '2' }`). */
  query: Record<string, string>;
  body: unknown;
  /** The request's headers, names in lower case. */
  headers: Record<string, string>;
}

/** `GET /questions` of a bank of `size` questions, as its first page one question long counts them. */
export const bankSizeRoute = (size: number): FakeResponse => ({
  body: { questions: [], page: 1, limit: 1, totalPages: size, totalQuestions: size },
});

const DEFAULT_ROUTES: FakeRoutes = {
  'GET /settings': { body: [] },
  'GET /courses': { body: [courseFixture()] },
  'GET /readiness': { body: readinessFixture() },
  'GET /bookmarks': { body: { question_ids: [] } },
  'GET /training-topics': { body: [] },
  'GET /exams/stats': {
    body: {
      total_exams: 0,
      passed_exams: 0,
      average_score: 0,
      best_score: 0,
      success_rate: 0,
      topics: [],
    },
  },
  'GET /exams/history': { body: [] },
  'GET /settings/system/status': { body: systemStatusFixture() },
  'GET /admin/users': { body: [] },
  'POST /auth/logout': { body: { message: 'Logged out' } },
};

/** The routers of the apps rendered by the running test. */
const rendered = new Set<AppRouter>();

// A test may end while its app still loads a route (a sign-in's way to /dashboard): finished
// after jsdom has gone with the test file, that load would throw into no window. Each test's
// apps settle first (5 s at most).
afterEach(async () => {
  const routers = [...rendered];
  rendered.clear();
  const settled = () =>
    routers.every((router) => !router.state.isLoading && router.state.status === 'idle');
  await vi
    .waitFor(
      () => {
        if (!settled()) throw new Error('a route is still loading');
      },
      { timeout: 5_000, interval: 20 },
    )
    .catch(() => undefined);
});

/**
 * Renders the whole app at `path` with a fake server (`routes` keyed 'METHOD /path' under
 * /api/v1), an in-memory token store and English strings.
 */
export function renderApp(
  path: string,
  { routes = {}, token = null }: { routes?: FakeRoutes; token?: string | null } = {},
): RenderResult & {
  router: AppRouter;
  session: Session;
  requests: RecordedRequest[];
  storage: Map<string, string>;
} {
  resetPublicSettings();
  const all = { ...DEFAULT_ROUTES, ...routes };
  const requests: RecordedRequest[] = [];
  const storage = new Map<string, string>();
  if (token) storage.set('token', token);
  const tokens: TokenStore = {
    get: () => storage.get('token') ?? null,
    set: (value) => storage.set('token', value),
    remove: () => storage.delete('token'),
  };
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const route = url.pathname.replace(/^\/api\/v1/, '');
    const text = request.method === 'GET' ? '' : await request.clone().text();
    const json = request.headers.get('content-type')?.includes('application/json') ?? false;
    requests.push({
      method: request.method,
      path: route,
      query: Object.fromEntries(url.searchParams),
      // An upload is recorded as its text, a JSON body as its value.
      body: text ? (json ? (JSON.parse(text) as unknown) : text) : undefined,
      headers: Object.fromEntries(request.headers),
    });
    const handler = all[`${request.method} ${route}`];
    const answer =
      typeof handler === 'function'
        ? await handler(request)
        : (handler ?? { status: 404, body: { detail: 'Not found' } });
    holdFakeToContract(request, answer.status ?? 200, answer.body ?? {}, answer.offContract);
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  };
  const late: LateSession = {};
  const i18n = testI18n();
  const api = createApiClient({
    baseUrl: 'http://localhost/api/v1',
    fetch,
    ...sessionHooks(late, tokens),
    // As the app's client does (src/main.tsx): the server words its answers in it.
    getLanguage: () => i18n.language,
  });
  const session = appSession(api, tokens);
  const router = createAppRouter({
    session,
    api,
    i18n,
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  Object.assign(late, { session, router });
  rendered.add(router);
  keepGuardsInSync(session, router);
  // A store of its own: the app's would carry one test's notifications into the next.
  const result = render(
    <NotificationProvider store={createNotificationStore()}>
      <App router={router} session={session} api={api} i18n={i18n} />
    </NotificationProvider>,
  );
  return {
    ...result,
    router,
    session,
    requests,
    storage,
  };
}
