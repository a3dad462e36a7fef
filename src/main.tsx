import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApiClient, tokenStorage } from './api';
import { App, keepGuardsInSync } from './app';
import { initI18n } from './i18n';
import { createAuthActor, type AuthActor } from './lib/auth';
import { startInspector } from './lib/inspector';
import { startPendingResultSync } from './lib/pending-results';
import { createAppRouter, type AppRouter } from './router';
import { initTheme } from './theme/theme';

async function start() {
  initTheme();
  await startInspector();
  const i18n = await initI18n();

  // The client's 401 hook needs the actor and router, which need the client.
  const late: { auth?: AuthActor; router?: AppRouter } = {};
  const api = createApiClient({
    getToken: tokenStorage.get,
    onUnauthorized: () => {
      tokenStorage.remove();
      late.auth?.send({ type: 'api.unauthorized' });
      const router = late.router;
      if (router && router.state.location.pathname !== '/login') {
        void router.navigate({ to: '/login', replace: true });
      }
    },
  });
  const auth = createAuthActor(api, tokenStorage);
  const router = createAppRouter({ auth, api });
  Object.assign(late, { auth, router });
  keepGuardsInSync(auth, router);
  auth.start();
  // Results kept in the browser after a failed submission are sent again from any page.
  startPendingResultSync({ api, getUserId: () => auth.getSnapshot().context.user?.id ?? null });

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App router={router} auth={auth} api={api} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
