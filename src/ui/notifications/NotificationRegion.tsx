import { lazy, Suspense } from 'react';
import { useShown } from './presence';
import * as styles from './region.css';

const NotificationList = lazy(() =>
  import('./Notifications').then((module) => ({ default: module.NotificationList })),
);

/**
 * The notifications' live region, in the page from the start so that screen readers read what
 * comes into it. The list's code (and the store's) comes with the pages that notify: every
 * visitor of a page that never does is spared it.
 */
export function NotificationRegion() {
  const shown = useShown();
  return (
    <div className={styles.region} aria-live="polite" aria-relevant="additions">
      {shown && (
        <Suspense fallback={null}>
          <NotificationList />
        </Suspense>
      )}
    </div>
  );
}
