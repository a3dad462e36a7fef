import { useTranslation } from '../../i18n/react';
import { useDonationLines } from '../../lib/site-settings';
import { useSupportEmail } from '../../lib/public-settings';
import { buttonClass } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import * as styles from './pages.css';

/**
 * Donations: the service is free; the ways to support it are the administrator's, in the
 * reader's language (`donation_details`). A school that takes none has no page to speak of: it
 * says so, and no link leads here.
 */
export function DonationsPage() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  const lines = useDonationLines();
  if (lines === null) return <PageHeader title={t('donations.title')} />;
  if (lines.length === 0) {
    return (
      <>
        <PageHeader title={t('donations.title')} />
        <Card>
          <p style={{ margin: 0 }} data-testid="donations-none">
            {t('donations.none')}
          </p>
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader title={t('donations.title')} subtitle={t('donations.subtitle')} />
      <Card className={styles.highlight}>
        <p style={{ margin: 0 }}>{t('donations.free')}</p>
      </Card>
      <h2 className={pageStyles.section}>{t('donations.methodsTitle')}</h2>
      <Card as="article">
        <div className={pageStyles.stack} data-testid="donation-lines">
          {lines.map((line, index) => (
            <div key={index} className={styles.method}>
              {line.label !== '' && <p className={styles.methodLabel}>{line.label}</p>}
              <p className={styles.methodValue}>{line.details}</p>
            </div>
          ))}
        </div>
      </Card>
      <Card className={pageStyles.section}>
        <h2 style={{ fontSize: '1.15rem' }}>{t('donations.contactTitle')}</h2>
        <p className={pageStyles.muted}>{t('donations.contactText')}</p>
        {email && (
          <a
            href={`mailto:${email}?subject=${encodeURIComponent(t('donations.mailSubject'))}`}
            className={buttonClass()}
          >
            {t('donations.contactButton')}
          </a>
        )}
      </Card>
    </>
  );
}
