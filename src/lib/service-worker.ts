import { useSyncExternalStore } from 'react';
import { SKIP_WAITING } from './offline-caches';

/**
 * The page's side of the service worker (src/service-worker/sw.ts): registers it, and follows
 * a new version that has installed and waits, so the page can offer it. Loaded after the first
 * page is up (src/main.tsx), never in the entry.
 */

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const tell = () => listeners.forEach((listener) => listener());
const followed = new WeakSet<ServiceWorkerRegistration>();

function follow(registration: ServiceWorkerRegistration) {
  if (followed.has(registration)) return;
  followed.add(registration);
  const note = () => {
    // Only an update waits behind a running worker; the first install takes over at once.
    const next = registration.waiting;
    if (next && navigator.serviceWorker.controller && next !== waiting) {
      waiting = next;
      tell();
    }
  };
  note();
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') note();
    });
  });
}

/** Resolves once the page has loaded and the browser has a moment with nothing to do. */
function loadedAndIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    const whenIdle = () =>
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(() => resolve(), { timeout: 3000 })
        : setTimeout(resolve, 200);
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
  });
}

/**
 * Registers /sw.js (where the browser has service workers) and follows its updates. Only once
 * the page has loaded and gone quiet: the worker's install downloads the whole app, which must
 * not take the bandwidth the first page's own photos and calls need.
 */
export async function startServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  // A version that installed while another page was open waits already: offer it at once
  // (looking it up costs no download), not only once this page has gone quiet.
  const existing = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (existing) follow(existing);
  await loadedAndIdle();
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
    follow(registration);
    // A tab left open for days still hears of a new version: look again every hour.
    window.setInterval(() => void registration.update().catch(() => {}), 60 * 60 * 1000);
  } catch (error) {
    // The app works without it, only not offline.
    console.warn('[service worker]', error);
  }
}

/** The learner chose the new version: it takes over, and the page reloads onto it. */
export function useNewVersion(): { ready: boolean; reload: () => void } {
  const ready = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting !== null,
    () => false,
  );
  return { ready, reload: applyNewVersion };
}

function applyNewVersion() {
  const next = waiting;
  if (!next) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
    once: true,
  });
  next.postMessage({ type: SKIP_WAITING });
}

/** Whether the browser says it has a network (updated as it changes). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}
