import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { NotificationRegion } from '../notifications/NotificationRegion';
import { useDocumentTitle } from './document-title';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './layout.css';
import { useMaintenanceMessage } from '../../lib/site-settings';
import { LoadingScreen } from './screens';

/** Rare, so fetched only when an administrator has switched a notice on. */
const MaintenanceBanner = lazy(() =>
  import('./MaintenanceBanner').then((module) => ({ default: module.MaintenanceBanner })),
);

/** Offline, what waits, and a new version: fetched after the page, like the notice above. */
const AppStatusBanner = lazy(() =>
  import('./AppStatusBanner').then((module) => ({ default: module.AppStatusBanner })),
);

/**
 * Every page: skip link, sticky header, the maintenance notice, main content, footer and the
 * notifications; it also keeps the tab's title.
 */
export function AppLayout() {
  const { t } = useTranslation('common');
  useDocumentTitle();
  const notice = useMaintenanceMessage();
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('nav.skip')}
      </a>
      <Header />
      {notice !== null && (
        <Suspense fallback={null}>
          <MaintenanceBanner message={notice} />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <AppStatusBanner />
      </Suspense>
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* A page whose translations are still loading keeps the header and footer. */}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <NotificationRegion />
    </>
  );
}
