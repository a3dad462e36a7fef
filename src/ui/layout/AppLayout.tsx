import { Outlet } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Notifications } from '../notifications/Notifications';
import { Footer } from './Footer';
import { Header } from './Header';
import * as styles from './layout.css';
import { LoadingScreen } from './screens';

/** Every page: skip link, sticky header, main content, footer and the notifications. */
export function AppLayout() {
  const { t } = useTranslation('common');
  return (
    <>
      <a href="#main" className={styles.skipLink}>
        {t('nav.skip')}
      </a>
      <Header />
      <main id="main" className={styles.main} tabIndex={-1}>
        {/* A page whose translations are still loading keeps the header and footer. */}
        <Suspense fallback={<LoadingScreen />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Notifications />
    </>
  );
}
