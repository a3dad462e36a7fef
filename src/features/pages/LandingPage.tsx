import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { useSignedIn } from '../../lib/session';
import { useExamRuleTexts } from '../../lib/exam-rule-texts';
import { useRegistrationOpen } from '../../lib/site-settings';
import { buttonClass } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { pageStyles } from '../../ui/page/PageHeader';
import * as styles from './pages.css';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/landing-paths';

const FEATURES = [
  { key: 'practice', icon: icons.pencil },
  { key: 'exam', icon: icons.timer },
  { key: 'progress', icon: icons.chart },
] as const;

/** The landing page: hero, three feature cards and a call to action. */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const { isAuthenticated } = useSignedIn();
  const registrationOpen = useRegistrationOpen();
  const { questions, time } = useExamRuleTexts();
  // Closed to newcomers, the page offers a guest only the way to log in: no invitation to
  // create an account the server would refuse.
  const showCta = isAuthenticated || registrationOpen;

  const actions = isAuthenticated ? (
    <Link to="/dashboard" className={buttonClass({ size: 'lg' })}>
      {t('goToDashboard')}
    </Link>
  ) : !registrationOpen ? (
    <Link to="/login" className={buttonClass({ size: 'lg' })}>
      {t('login')}
    </Link>
  ) : (
    <>
      <Link to="/register" className={buttonClass({ size: 'lg' })}>
        {t('register')}
      </Link>
      <Link to="/login" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
        {t('login')}
      </Link>
    </>
  );

  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div>
          <span className={styles.eyebrow}>{t('eyebrow')}</span>
          <h1 id="hero-title" className={styles.heroTitle}>
            {t('title')}
          </h1>
          <p className={styles.heroText}>{t('subtitle')}</p>
          <div className={pageStyles.row}>{actions}</div>
        </div>
        <div className={styles.heroArt} aria-hidden="true">
          <p className={styles.sampleQuestion}>{t('sample.question')}</p>
          <div className={styles.sampleAnswer}>{t('sample.answer1')}</div>
          <div className={`${styles.sampleAnswer} ${styles.sampleRight}`}>
            <Icon path={icons.check} size={16} /> {t('sample.answer2')}
          </div>
          <div className={styles.sampleAnswer}>{t('sample.answer3')}</div>
          <div className={styles.stats}>
            <div className={styles.stat}>
              <span className={styles.statValue}>1000+</span>
              <span className={styles.statLabel}>{t('stats.questions')}</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>95%</span>
              <span className={styles.statLabel}>{t('stats.success')}</span>
            </div>
            <div className={styles.stat}>
              <span className={styles.statValue}>24/7</span>
              <span className={styles.statLabel}>{t('stats.available')}</span>
            </div>
          </div>
        </div>
      </section>

      <section className={styles.features} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          {t('featuresTitle')}
        </h2>
        <div className={pageStyles.grid}>
          {FEATURES.map((feature) => (
            <Card key={feature.key} as="article">
              <span className={pageStyles.icon} aria-hidden="true">
                <Icon path={feature.icon} />
              </span>
              <h3>{t(`features.${feature.key}.title`)}</h3>
              <p className={pageStyles.muted}>
                {t(`features.${feature.key}.text`, { questions, time })}
              </p>
            </Card>
          ))}
        </div>
      </section>

      {showCta && (
        <section className={styles.cta} aria-labelledby="cta-title">
          <h2 id="cta-title">{t('cta.title')}</h2>
          <p className={styles.ctaText}>{t('cta.text')}</p>
          <div className={pageStyles.row} style={{ justifyContent: 'center' }}>
            {isAuthenticated ? (
              <Link
                to="/dashboard"
                className={`${buttonClass({ size: 'lg' })} ${styles.ctaButton}`}
              >
                {t('goToDashboard')}
              </Link>
            ) : (
              <Link to="/register" className={`${buttonClass({ size: 'lg' })} ${styles.ctaButton}`}>
                {t('cta.button')}
              </Link>
            )}
          </div>
        </section>
      )}
    </>
  );
}
