import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, tokenStorage } from './api';
import { App, keepGuardsInSync } from './app';
import { isDev } from './env';
import { startI18n } from './i18n';
import { startInspector } from './lib/inspector';
import { appSession } from './lib/session';
import { sessionHooks, type LateSession } from './lib/session-hooks';
import { createAppRouter } from './router';
import { initTheme } from './theme/theme';

/** How long the first render waits for the first page to load (see start). */
const FIRST_LOAD_WAIT_MS = 1_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Ends the current task; what follows runs in a new one, ahead of other queued work where the
 * browser has `scheduler.yield`. The app's start is a few steps of 10 to 35 ms each on a desktop
 * (four times that on a phone): run as one task they block input and count as blocking time
 * together, run as tasks of their own they do not.
 */
function nextTask(): Promise<unknown> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : delay(0);
}

async function start() {
  initTheme();
  await startInspector();
  const { i18n, ready } = startI18n();
  await nextTask();

  // The client's token and 401 hook need the actor and router, which need the client.
  const late: LateSession = {};
  const api = createApiClient({
    ...sessionHooks(late, tokenStorage),
    getLanguage: () => i18n.language,
  });
  const session = appSession(api, tokenStorage);
  await nextTask();
  const router = createAppRouter({ session, api, i18n });
  await nextTask();
  Object.assign(late, { session, router });
  keepGuardsInSync(session, router);
  // The page's code and strings download alongside the common strings, not after the first
  // render; RouterProvider picks up this load instead of starting its own.
  const firstLoad = router.load().catch(console.error);
  await ready;
  // The first page is rendered once its code, strings and data have come: one transition that
  // yields to the browser. Rendered before, it showed the pending screen and then the page in a
  // synchronous render (the router's updates are never transitions) that held the main thread
  // for hundreds of milliseconds on a phone. A slow load shows the pending screen after a while.
  await Promise.race([firstLoad, delay(FIRST_LOAD_WAIT_MS)]);

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole page (input stays responsive while the page builds).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App router={router} session={session} api={api} i18n={i18n} />
      </StrictMode>,
    );
  });

  // Results kept in the browser after a failed submission are sent again from any page; the
  // code for it is fetched once the first page is up.
  await firstLoad;
  // From the first page on: a change made in another tab before then shows at this tab's next
  // change or refused call, and meanwhile its calls carry its own session's token.
  const { followOtherTabs, followOtherTabsChoices } = await import('./lib/follow-other-tabs');
  followOtherTabs(session, tokenStorage);
  followOtherTabsChoices(i18n);
  const { startPendingResultSync } = await import('./lib/pending-results');
  startPendingResultSync({
    api,
    getUserId: () => session.actor?.getSnapshot().context.user?.id ?? null,
  });
  // Installable and offline (docs/offline-and-sync.md); under `npm run dev` Vite serves the code.
  if (!isDev) {
    const { startServiceWorker } = await import('./lib/service-worker');
    await startServiceWorker();
  }
}

void start();
