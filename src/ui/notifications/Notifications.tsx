import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import * as styles from './notifications.css';
import { notifications, type NotificationStore, type NotificationType } from './store';

const StoreContext = createContext<NotificationStore>(notifications);

export function NotificationProvider({
  store,
  children,
}: {
  store: NotificationStore;
  children: ReactNode;
}) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>;
}

/** `key` names the action reported (`profile.save`): its next notification replaces this one. */
export interface Notify {
  success(message: string, key?: string): void;
  info(message: string, key?: string): void;
  warning(message: string, key?: string): void;
  error(message: string, key?: string): void;
  /** Closes the notification of the action `key`, made stale by a new try. */
  clear(key: string): void;
}

/**
 * Shows a notification at the top right, below the header:
 * `notify.success(t('profile:updateSuccess'), 'profile.save')`.
 */
export function useNotify(): Notify {
  const store = useContext(StoreContext);
  return useMemo(() => {
    const send = (type: NotificationType) => (message: string, key?: string) => {
      store.notify(type, message, { key });
    };
    return {
      success: send('success'),
      info: send('info'),
      warning: send('warning'),
      error: send('error'),
      clear: store.clear,
    };
  }, [store]);
}

const ICONS: Record<NotificationType, string> = {
  success: '✓',
  info: 'i',
  warning: '!',
  error: '✕',
};

/**
 * The notifications themselves, drawn into the layout's live region (NotificationRegion), which
 * loads this module once the first one is shown.
 */
export function NotificationList() {
  const store = useContext(StoreContext);
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  const { t } = useTranslation('common');
  return items.map((item) => (
    <div
      key={item.id}
      role={item.type === 'error' ? 'alert' : 'status'}
      className={cx(styles.toast, styles.kind[item.type], item.leaving && styles.leaving)}
      data-type={item.type}
      // Kept open while it is being read or its close button has the focus.
      onPointerEnter={() => store.hold(item.id, 'pointer')}
      onPointerLeave={() => store.release(item.id, 'pointer')}
      onFocus={() => store.hold(item.id, 'focus')}
      onBlur={() => store.release(item.id, 'focus')}
    >
      <span className={styles.icon[item.type]} aria-hidden="true">
        {ICONS[item.type]}
      </span>
      <p className={styles.message}>{item.message}</p>
      <button
        type="button"
        className={styles.close}
        onClick={() => store.dismiss(item.id)}
        aria-label={t('actions.dismiss')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  ));
}
