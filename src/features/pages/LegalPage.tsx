import { useTranslation } from '../../i18n/react';
import { useDateFormats } from '../../i18n/dates';
import { useSupportEmail } from '../../lib/public-settings';
import { buttonClass } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import * as styles from './pages.css';
import { Icon, type IconPath } from '../../ui/icons/Icon';

export interface LegalPageProps {
  kind: 'privacy' | 'terms';
  /** ISO date of the document's last update. */
  updated: string;
  sections: readonly string[];
  highlights: readonly { key: string; icon: IconPath }[];
}

/** Privacy and terms: date, highlight cards, numbered sections, notice and contact. */
export function LegalPage({ kind, updated, sections, highlights }: LegalPageProps) {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  const other = kind === 'privacy' ? 'terms' : 'privacy';
  const date = useDateFormats().longDay(updated);
  const mailto = email
    ? `mailto:${email}?subject=${encodeURIComponent(t(`${kind}.mailSubject`))}`
    : undefined;

  return (
    <div className={pageStyles.prose} style={{ maxWidth: 'none' }}>
      <PageHeader title={t(`${kind}.title`)} subtitle={t(`${kind}.intro`)} />
      <p className={styles.meta}>{t('legal.updated', { date })}</p>

      <div className={styles.highlights}>
        {highlights.map((item) => (
          <Card key={item.key} as="article" className={styles.highlight}>
            <span className={pageStyles.icon} aria-hidden="true">
              <Icon path={item.icon} />
            </span>
            <h2 style={{ fontSize: '1rem' }}>{t(`${kind}.highlights.${item.key}.title`)}</h2>
            <p className={pageStyles.muted} style={{ margin: 0 }}>
              {t(`${kind}.highlights.${item.key}.text`)}
            </p>
          </Card>
        ))}
      </div>

      <Card className={pageStyles.section}>
        <ol className={styles.numbered}>
          {sections.map((section) => (
            <li key={section} className={styles.numberedItem}>
              <h2 className={styles.numberedTitle}>{t(`${kind}.sections.${section}.title`)}</h2>
              <p style={{ margin: 0 }}>{t(`${kind}.sections.${section}.text`)}</p>
            </li>
          ))}
        </ol>
      </Card>

      <div className={styles.notice} role="note">
        <strong>{t('legal.noticeTitle')}</strong> {t(`${kind}.notice`)}
      </div>

      <div className={pageStyles.row}>
        {mailto && (
          <a href={mailto} className={buttonClass()}>
            {t('legal.contactSupport')}
          </a>
        )}
        <a
          href={`/${other}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass({ variant: 'outline' })}
        >
          {t(`legal.read.${other}`)} <span className="visually-hidden">{t('legal.newTab')}</span>
          <span aria-hidden="true">↗</span>
        </a>
      </div>
    </div>
  );
}
