import * as Accordion from '@radix-ui/react-accordion';
import { useTranslation } from '../../i18n/react';
import { useSupportEmail } from '../../lib/public-settings';
import { useExamRuleTexts } from '../../lib/exam-rule-texts';
import { useNumberFormats } from '../../i18n/numbers';
import { Button, buttonClass } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import * as styles from './pages.css';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';

const QUICK_START = ['account', 'training', 'study', 'exam'] as const;
const TIPS = ['daily', 'repeat', 'exams', 'stats'] as const;
const FAQ = ['free', 'questions', 'exam', 'pass', 'language', 'password', 'progress'] as const;

/** Help centre: contact cards, quick start, tips and an FAQ with one answer open at a time. */
export function HelpPage() {
  const { t } = useTranslation('pages');
  const email = useSupportEmail();
  const { passPercent, ...examRules } = useExamRuleTexts();
  const { percent } = useNumberFormats();

  return (
    <>
      <PageHeader title={t('help.title')} subtitle={t('help.subtitle')} />

      <div className={pageStyles.grid}>
        <Card as="article">
          <span className={pageStyles.icon} aria-hidden="true">
            <Icon path={icons.mail} />
          </span>
          <h2 style={{ fontSize: '1.1rem' }}>{t('help.contact.email.title')}</h2>
          <p className={pageStyles.muted}>{t('help.contact.email.text')}</p>
          {email && (
            <a href={`mailto:${email}`} className={buttonClass({ variant: 'outline', size: 'sm' })}>
              {email}
            </a>
          )}
        </Card>
        <Card as="article">
          <span className={pageStyles.icon} aria-hidden="true">
            <Icon path={icons.book} />
          </span>
          <h2 style={{ fontSize: '1.1rem' }}>{t('help.contact.docs.title')}</h2>
          <p className={pageStyles.muted}>{t('help.contact.docs.text')}</p>
          <a href="#quick-start" className={buttonClass({ variant: 'outline', size: 'sm' })}>
            {t('help.contact.docs.button')}
          </a>
        </Card>
        <Card as="article">
          <span className={pageStyles.icon} aria-hidden="true">
            <Icon path={icons.help} />
          </span>
          <h2 style={{ fontSize: '1.1rem' }}>{t('help.contact.faq.title')}</h2>
          <p className={pageStyles.muted}>{t('help.contact.faq.text')}</p>
          <Button
            variant="outline"
            size="sm"
            onClick={() => {
              const faq = document.getElementById('faq');
              faq?.scrollIntoView({ behavior: 'smooth', block: 'start' });
              faq?.focus({ preventScroll: true });
            }}
          >
            {t('help.contact.faq.button')}
          </Button>
        </Card>
      </div>

      <div className={`${pageStyles.grid} ${pageStyles.section}`}>
        <Card id="quick-start" title={t('help.quickStart.title')} tabIndex={-1}>
          <ol className={styles.list}>
            {QUICK_START.map((step) => (
              <li key={step}>{t(`help.quickStart.steps.${step}`)}</li>
            ))}
          </ol>
        </Card>
        <Card title={t('help.tips.title')}>
          <ul className={styles.list}>
            {TIPS.map((tip) => (
              <li key={tip}>{t(`help.tips.items.${tip}`)}</li>
            ))}
          </ul>
        </Card>
      </div>

      <Card id="faq" className={pageStyles.section} title={t('help.faq.title')} tabIndex={-1}>
        <Accordion.Root type="single" collapsible>
          {FAQ.map((item) => (
            <Accordion.Item key={item} value={item} className={styles.accordionItem}>
              <Accordion.Header className={styles.accordionHeader}>
                <Accordion.Trigger className={styles.accordionTrigger}>
                  {t(`help.faq.items.${item}.q`)}
                  <span className={styles.chevron} aria-hidden="true">
                    ▾
                  </span>
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className={styles.accordionContent}>
                <p style={{ margin: 0 }}>
                  {t(`help.faq.items.${item}.a`, { ...examRules, percent: percent(passPercent) })}
                </p>
              </Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </Card>
    </>
  );
}
