import { useRouterState } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { useSignedIn } from '../../lib/session';
import { usePendingWorkCount } from '../../lib/pending-results';
import { useNewVersion, useOnline } from '../../lib/service-worker';
import { Button } from '../button/Button';
import * as styles from './layout.css';

/**
 * Under the header, in the maintenance notice's colours and shape (its rules are already in the
 * page; a stylesheet of its own would arrive after the first paint): that the browser is
 * offline and how much of the learner's work waits to be sent; and that a new version of the
 * app is ready, with Reload. The new version is never offered on the exam's page, where a
 * reload would break the learner's concentration (the exam itself survives one): it shows
 * again on any other page. Its strings are in `common`, loaded before the page: a namespace of its
 * own, fetched after the page, was still missing when the network went early in a first visit,
 * and the banner then kept asking for it.
 */
export function AppStatusBanner() {
  const { t } = useTranslation('common');
  const online = useOnline();
  const { ready, reload } = useNewVersion();
  const onExam = useRouterState({ select: (state) => state.location.pathname === '/exam' });
  const { user } = useSignedIn();
  const waiting = usePendingWorkCount(user?.id ?? null);
  const offerVersion = ready && !onExam;
  if (online && !offerVersion) return null;
  return (
    <div className={styles.banner} role="status" data-testid="app-status">
      {!online && (
        <div className={styles.bannerInner} data-testid="offline-note">
          <p className={styles.bannerText}>
            <strong>{t('offline.label')}</strong>{' '}
            {waiting > 0 ? t('offline.waiting', { count: waiting }) : t('offline.nothingWaiting')}
          </p>
        </div>
      )}
      {offerVersion && (
        <div className={styles.bannerInner} data-testid="new-version">
          <p className={styles.bannerText}>{t('update.ready')}</p>
          <Button size="sm" onClick={reload}>
            {t('update.reload')}
          </Button>
        </div>
      )}
    </div>
  );
}
