import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { buttonClass } from '../../ui/button/Button';
import * as styles from './auth.css';

/** Help, privacy and terms, and the way back home, under the login and register forms. */
export function AuthLinks() {
  const { t } = useTranslation('auth');
  return (
    <>
      <nav className={styles.links} aria-label={t('moreLinks')}>
        <Link to="/help">{t('common:footer.help')}</Link>
        <Link to="/privacy">{t('common:footer.privacy')}</Link>
        <Link to="/terms">{t('common:footer.terms')}</Link>
      </nav>
      <div className={styles.back}>
        <Link to="/" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
          <span aria-hidden="true">←</span> {t('backHome')}
        </Link>
      </div>
    </>
  );
}
