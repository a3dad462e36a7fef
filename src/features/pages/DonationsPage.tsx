import { useTranslation } from 'react-i18next';
import { useSupportEmail } from '../../lib/public-settings';
import { buttonClass } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import * as styles from './pages.css';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';

const COUNTRIES = [
  { key: 'russia', icon: icons.phone, methods: ['sbp'] },
  { key: 'kazakhstan', icon: icons.bank, methods: ['bank'] },
  { key: 'korea', icon: icons.card, methods: ['wallet', 'bank'] },
] as const;

/** Donations: the service is free; ways to support it by country, and a contact button. */
export function DonationsPage() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  return (
    <>
      <PageHeader title={t('donations.title')} subtitle={t('donations.subtitle')} />
      <Card className={styles.highlight}>
        <p style={{ margin: 0 }}>{t('donations.free')}</p>
      </Card>
      <h2 className={pageStyles.section}>{t('donations.methodsTitle')}</h2>
      <div className={pageStyles.grid}>
        {COUNTRIES.map((country) => (
          <Card key={country.key} as="article">
            <span className={pageStyles.icon} aria-hidden="true">
              <Icon path={country.icon} />
            </span>
            <h3>{t(`donations.countries.${country.key}.name`)}</h3>
            <div className={pageStyles.stack}>
              {country.methods.map((method) => (
                <div key={method} className={styles.method}>
                  <p className={styles.methodLabel}>
                    {t(`donations.countries.${country.key}.${method}.label`)}
                  </p>
                  <p className={styles.methodValue}>
                    {t(`donations.countries.${country.key}.${method}.value`)}
                  </p>
                </div>
              ))}
            </div>
          </Card>
        ))}
      </div>
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
