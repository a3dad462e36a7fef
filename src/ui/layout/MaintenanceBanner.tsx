import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Icon } from '../icons/Icon';
import * as icons from '../icons/frame-paths';
import * as styles from './layout.css';

/** The message dismissed in this tab; a different message shows again. */
const DISMISSED_KEY = 'maintenance-dismissed';

function dismissedMessage(): string | null {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null; // Storage blocked: the banner shows until dismissed on this page.
  }
}

/** The administrator's maintenance notice, for everyone, guests too, until dismissed for the session. */
export function MaintenanceBanner({ message }: { message: string }) {
  const { t } = useTranslation('common');
  const [dismissed, setDismissed] = useState(dismissedMessage);
  if (message === dismissed) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, message);
    } catch {
      // Kept for this page only.
    }
    setDismissed(message);
  };

  return (
    <div className={styles.banner} role="status" data-testid="maintenance-banner">
      <div className={styles.bannerInner}>
        <span className={styles.bannerIcon} aria-hidden="true">
          <Icon path={icons.warning} size={20} />
        </span>
        <p className={styles.bannerText}>
          <strong>{t('maintenance.label')}</strong> {message}
        </p>
        <button
          type="button"
          className={styles.bannerClose}
          onClick={dismiss}
          aria-label={t('maintenance.dismiss')}
        >
          <Icon path={icons.close} size={18} />
        </button>
      </div>
    </div>
  );
}
