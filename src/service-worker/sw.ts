/**
 * The service worker: keeps the app and the learner's course on the device, so a page opens,
 * and training and an exam go on, with no connection. Built by scripts/service-worker-plugin.ts
 * into dist/sw.js with the build's file list; never registered under `npm run dev`.
 *
 * - The app shell (every script, stylesheet, locale file and icon of this build) is cached when
 *   the worker installs, under a cache named by the build's version, and served from there.
 * - A page is fetched from the network first (index.html names the current build), kept per
 *   path, and served from the cache when the network is out of reach.
 * - The learner's GET calls (questions, topics, tickets, progress, memory, profile) go to the
 *   network first; each answer is kept per learner and language and served when offline.
 * - Photos are kept as they are fetched; a versioned URL (`photo_url`) never changes content.
 * - Nothing else (sending answers and results, admin calls) is touched: the outbox in the page
 *   keeps what the server did not take (src/lib/kept-queue.ts).
 *
 * A new version installs beside the running one and waits: the page offers a reload, which
 * sends SKIP_WAITING; it is never forced on an open tab (an exam in progress keeps its code).
 */
import {
  COURSE_DATA_CACHE,
  COURSE_PHOTOS_CACHE,
  courseDataKey,
  PAGES_CACHE,
  SHELL_CACHE_PREFIX,
  SKIP_WAITING,
} from '../lib/offline-caches';
import { toLanguage } from '../i18n/config';

// The worker's global scope, declared here: the project compiles against the DOM library, and
// the WebWorker one cannot sit beside it in one program.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface MessageEventLike extends ExtendableEvent {
  readonly data: unknown;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
  skipWaiting(): Promise<void>;
  readonly clients: { claim(): Promise<void> };
  readonly location: Location;
}
declare const self: WorkerScope;

/** Set by the build: the shell's files and the version they make together. */
declare const __PRECACHE__: string[];
declare const __VERSION__: string;

const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__VERSION__}`;
/** Served when a path was never opened online: the build's own page, which fetches the rest. */
const FALLBACK_PAGE = '/index.html';
const API = '/api/v1/';
const PHOTOS = /^\/(?:api\/v1\/)?images\/questions\//;
/** Calls whose answers are the learner's course or memory; admin and maintenance are not. */
const NOT_KEPT = /^\/api\/v1\/(?:admin\/|settings\/(?:maintenance|system)\/|health$|.*\/export$)/;

self.addEventListener('install', (event) => {
  // `reload`: never a locale file from the HTTP cache that is older than this build.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) =>
        cache.addAll(__PRECACHE__.map((url) => new Request(url, { cache: 'reload' }))),
      ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      // The first install takes the open pages at once, so they work offline from the first
      // visit; an update only ever comes in through SKIP_WAITING or with every tab closed.
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING)
    event.waitUntil(self.skipWaiting());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // The API's own pages (its reference) are not the app's.
    if (url.pathname.startsWith('/api/')) return;
    event.respondWith(page(request, url));
  } else if (PHOTOS.test(url.pathname)) {
    event.respondWith(
      url.search ? cacheFirst(request) : networkFirst(request, request.url, COURSE_PHOTOS_CACHE),
    );
  } else if (url.pathname.startsWith(API)) {
    // A search is one of endless texts: kept, they would only fill the device.
    if (NOT_KEPT.test(url.pathname) || url.searchParams.has('search')) return;
    const key = courseDataKey(request.url, userOf(request), languageOf(request));
    event.respondWith(networkFirst(request, key, COURSE_DATA_CACHE));
  } else {
    event.respondWith(shellFile(request));
  }
});

/** The page from the network, kept per path; offline, the kept one or the build's own. */
async function page(request: Request, url: URL): Promise<Response> {
  const cache = await caches.open(PAGES_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(url.pathname, response.clone());
    return response;
  } catch (error) {
    const kept =
      (await cache.match(url.pathname)) ??
      (await caches.match(FALLBACK_PAGE, { cacheName: SHELL_CACHE }));
    if (kept) return kept;
    throw error;
  }
}

/**
 * A file of the build: from the cache, else from the network. Every cache is searched: after a
 * deploy, a page the network sent names the next build's files, which the next worker, still
 * waiting, has already kept, so that page opens offline too.
 */
async function shellFile(request: Request): Promise<Response> {
  const kept = await caches.match(request, { ignoreSearch: true });
  return kept ?? fetch(request);
}

/** A versioned photo: from the cache when kept, else fetched and kept. */
async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(COURSE_PHOTOS_CACHE);
  const kept = await cache.match(request.url, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.status === 200) await cache.put(request.url, response.clone());
  return response;
}

/**
 * From the network, keeping each full answer under `key`; with no network, the kept answer, or
 * the network's failure, which the page reports as "could not reach the server".
 */
async function networkFirst(request: Request, key: string, cacheName: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.status === 200) await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/**
 * Whose call it is: the token's subject, read (not verified: the server does that) from the
 * bearer token's payload. Calls without one are a guest's.
 */
function userOf(request: Request): string {
  const token = /^Bearer\s+(.+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return 'guest';
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const subject = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof subject === 'string' || typeof subject === 'number' ? String(subject) : 'guest';
  } catch {
    return 'guest';
  }
}

/**
 * The app language a call is in. As one of the app's languages: the first call of a page (whose
 * user) goes out before the page has settled its language, with the browser's own header
 * ('en-US,en;q=0.9'), and kept under 'en-US' it was not found offline by the next page's 'en'.
 */
function languageOf(request: Request): string {
  return toLanguage(request.headers.get('accept-language')?.split(',')[0]?.trim());
}
