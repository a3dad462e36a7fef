import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { useSupportEmail } from '../../lib/public-settings';
import { useOffersDonations, useSiteName } from '../../lib/site-settings';
import { LanguageSwitcher } from '../LanguageSwitcher';
import * as styles from './layout.css';

export function Footer() {
  const { t } = useTranslation('common');
  const email = useSupportEmail();
  const name = useSiteName();
  const offersDonations = useOffersDonations();
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={styles.footerInner}>
        <div>
          <p className={styles.footerMuted}>{t('footer.copyright', { year, name })}</p>
          {email && (
            <p className={styles.footerMuted}>
              {t('footer.contact')} <a href={`mailto:${email}`}>{email}</a>
            </p>
          )}
        </div>
        <nav aria-label={t('footer.label')}>
          <ul className={styles.footerLinks}>
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('footer.terms')}</Link>
            </li>
            <li>
              <Link to="/help">{t('footer.help')}</Link>
            </li>
            {offersDonations && (
              <li>
                <Link to="/donations">{t('footer.donations')}</Link>
              </li>
            )}
          </ul>
        </nav>
        {/* Its menu opens leftwards from the row's right end (see footerLanguage). */}
        <div className={styles.footerLanguage}>
          <LanguageSwitcher up testId="language-footer" />
        </div>
      </div>
    </footer>
  );
}
