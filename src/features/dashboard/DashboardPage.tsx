import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { useNumberFormats } from '../../i18n/numbers';
import { useAuth } from '../../lib/auth';
import { useFailureReason } from '../../lib/failure-message';
import { usePendingResultCount, useWhenKeptWorkLeaves } from '../../lib/pending-results';
import { usePromise } from '../../lib/use-remote';
import { Button, buttonClass } from '../../ui/button/Button';
import { Badge, Card, ErrorCard } from '../../ui/card/Card';
import { initialOf } from '../../ui/layout/user-links';
import { fullName, greetingName } from '../../lib/person-name';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import { LoadingScreen } from '../../ui/layout/screens';
import { BADGE_LEVELS, type BadgeLevel, badgeFor, progressPercent, yearOf } from './badge';
import type { DashboardData } from './dashboard-data';
import { DashboardCharts } from './DashboardCharts';
import { Facts } from '../../ui/facts/Facts';
import * as styles from './dashboard.css';
import { RecentExams } from './RecentExams';
import { type Readiness, ReadinessPanel } from './ReadinessPanel';
import { KeptWorkNotice } from '../../ui/card/KeptWorkNotice';
import { ExamInProgressNotice } from './ExamInProgressNotice';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';
import { ProgressBar } from '../../ui/progress/ProgressBar';

const ACTIONS = [
  { to: '/training', key: 'training', icon: icons.target },
  { to: '/exam', key: 'exam', icon: icons.timer },
  { to: '/questions', key: 'questions', icon: icons.book },
] as const;

/**
 * The badge's sentence, in a box as tall as the longest of them (every one is laid out in the
 * same grid cell, the others hidden), so the card keeps its height while the statistics load
 * and whichever badge they bring, in any language and at any width.
 */
function BadgeSentence({ level }: { level: BadgeLevel | null }) {
  const { t } = useTranslation('dashboard');
  return (
    <div className={`${pageStyles.muted} ${styles.badgeText}`}>
      {BADGE_LEVELS.map(({ level: each }) => (
        <span key={each} className={each === level ? undefined : styles.reserved}>
          {t(`badges.${each}.text`)}
        </span>
      ))}
    </div>
  );
}

/**
 * The learner's overview: who, progress badge, quick actions, exam statistics and charts.
 * `data` is the statistics and history the route's loader started fetching.
 */
export function DashboardPage({
  data,
  readiness,
  reviewId,
}: {
  data: Promise<DashboardData>;
  /** The learner's readiness (`GET /readiness`); the card is left out without it. */
  readiness?: Promise<Readiness>;
  /** The past exam whose review is open (`?review=`), or null. */
  reviewId: number | null;
}) {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const router = useRouter();
  const reasonOf = useFailureReason();
  const remote = usePromise(data);
  const { number, percent } = useNumberFormats();
  // A result kept in this browser that reaches the server changes every figure here.
  useWhenKeptWorkLeaves(user?.id ?? null, () => void router.invalidate());
  const waiting = usePendingResultCount(user?.id ?? null);

  if (!user) return <LoadingScreen />;

  const name = fullName(user) || user.username;
  const stats = remote.data?.stats;
  const total = stats?.total_exams ?? 0;
  const passed = stats?.passed_exams ?? 0;
  // Unknown until the statistics arrive: no badge is shown rather than a newcomer's.
  const level = stats ? badgeFor(total) : null;
  const progress = progressPercent(passed, total);
  // Scores of no exam are no scores at all, not 0%.
  const score = (value: number | undefined) =>
    stats && stats.total_exams > 0 && value !== undefined ? percent(value) : undefined;
  const since = yearOf(user.created_at);

  return (
    <>
      <PageHeader title={t('title', { name: greetingName(user) })} subtitle={t('subtitle')} />
      <ExamInProgressNotice userId={user.id} />

      <div className={styles.top}>
        <Card aria-labelledby="dashboard-person">
          <div className={styles.person}>
            <span className={styles.avatar} aria-hidden="true">
              {initialOf(user)}
            </span>
            <div>
              <h2 id="dashboard-person" className={styles.name}>
                {name}
              </h2>
              <Badge>{user.is_admin ? t('role.admin') : t('role.user')}</Badge>
            </div>
          </div>
          <Facts
            className={styles.details}
            items={[
              { term: t('info.email'), value: user.email },
              { term: t('info.fullName'), value: name },
              { term: t('info.memberSince'), value: since ?? t('info.notSet') },
            ]}
          />
          <Link to="/profile" className={buttonClass({ variant: 'outline', size: 'sm' })}>
            {t('info.editProfile')}
          </Link>
        </Card>

        <Card title={t('progress.title')}>
          {level === null ? (
            // Laid out as the badge, bar and figures that replace it, so the table below them
            // stays where it is when they come.
            <div aria-busy={remote.status === 'loading'}>
              <div className={styles.badgeRow}>
                <span className={`${styles.badgeIcon} ${pageStyles.muted}`} aria-hidden="true">
                  <Icon path={icons.sprout} size={44} />
                </span>
                <div>
                  <strong className={pageStyles.muted} data-testid="progress-pending">
                    {remote.status === 'loading' ? t('common:loading') : t('progress.unavailable')}
                  </strong>
                  <BadgeSentence level={null} />
                </div>
              </div>
              <div aria-hidden="true">
                <ProgressBar
                  percent={0}
                  label={t('progress.label')}
                  size="thick"
                  tone="success"
                  className={styles.progressSpacing}
                />
                <p className={pageStyles.muted} style={{ margin: 0 }}>
                  {'\u00a0'}
                </p>
              </div>
            </div>
          ) : (
            <>
              <div className={styles.badgeRow}>
                <span className={`${styles.badgeIcon} ${styles.level[level]}`} aria-hidden="true">
                  <Icon path={level === 'newcomer' ? icons.sprout : icons.medal} size={44} />
                </span>
                <div>
                  <strong className={styles.level[level]} data-testid="badge-level">
                    {t(`badges.${level}.name`)}
                  </strong>
                  <BadgeSentence level={level} />
                </div>
              </div>
              <ProgressBar
                percent={progress}
                label={t('progress.label')}
                size="thick"
                tone="success"
                className={styles.progressSpacing}
              />
              <p className={pageStyles.muted} style={{ margin: 0 }}>
                {t('progress.percent', {
                  percent: percent(progress),
                  passed: number(passed),
                  total: number(total),
                })}
              </p>
            </>
          )}
          <table className={styles.table}>
            <caption className="visually-hidden">{t('badges.caption')}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.cell}>
                  {t('badges.badge')}
                </th>
                <th scope="col" className={styles.cell}>
                  {t('badges.exams')}
                </th>
              </tr>
            </thead>
            <tbody>
              {BADGE_LEVELS.map((item) => (
                <tr
                  key={item.level}
                  className={item.level === level ? styles.currentRow : undefined}
                  aria-current={item.level === level ? 'true' : undefined}
                >
                  <td className={`${styles.cell} ${styles.badgeName}`}>
                    <Icon
                      path={item.icon === 'sprout' ? icons.sprout : icons.medal}
                      size={16}
                      className={styles.level[item.level]}
                      style={{ verticalAlign: '-3px' }}
                    />{' '}
                    {t(`badges.${item.level}.name`)}
                  </td>
                  <td className={styles.cell}>
                    {item.to === null
                      ? t('badges.orMore', { from: item.from })
                      : item.from === item.to
                        ? item.from
                        : t('badges.range', { from: item.from, to: item.to })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      </div>

      {readiness && <ReadinessPanel data={readiness} />}

      <h2 className={styles.sectionTitle}>{t('actions.title')}</h2>
      <nav className={styles.actions} aria-label={t('actions.title')}>
        {ACTIONS.map((action) => (
          <Link key={action.to} to={action.to} className={styles.action}>
            <span className={styles.actionIcon} aria-hidden="true">
              <Icon path={action.icon} />
            </span>
            <span className={styles.actionText}>
              {t(`actions.${action.key}.title`)}
              <span className={styles.actionHint}>{t(`actions.${action.key}.text`)}</span>
            </span>
          </Link>
        ))}
      </nav>

      <h2 className={styles.sectionTitle}>{t('stats.title')}</h2>
      {waiting > 0 && (
        <KeptWorkNotice
          userId={user.id}
          testId="dashboard-waiting"
          text={t('stats.waiting', { count: waiting })}
        />
      )}
      {remote.status === 'error' ? (
        <ErrorCard
          title={t('stats.error')}
          message={reasonOf(remote.error) ?? t('common:error.generic')}
        >
          <Button variant="secondary" onClick={() => void router.invalidate()}>
            {t('common:actions.retry')}
          </Button>
        </ErrorCard>
      ) : (
        <>
          <dl
            className={pageStyles.gridSmall}
            style={{ margin: 0 }}
            aria-busy={remote.status === 'loading'}
          >
            {(
              [
                ['total', stats && number(stats.total_exams)],
                ['passed', stats && number(stats.passed_exams)],
                ['average', score(stats?.average_score)],
                ['best', score(stats?.best_score)],
                ['successRate', score(stats?.success_rate)],
              ] as const
            ).map(([key, value]) => (
              <div key={key} className={styles.tile} data-testid={`stat-${key}`}>
                <dt className={styles.tileLabel}>{t(`stats.${key}`)}</dt>
                <dd className={styles.tileValue} style={{ margin: 0 }}>
                  {/* '—' is for no figure at all (no exams yet), not for one on its way. */}
                  {remote.status === 'loading' ? '…' : (value ?? '—')}
                </dd>
              </div>
            ))}
          </dl>
          {remote.data && (
            <>
              <RecentExams history={remote.data.history} reviewId={reviewId} />
              <h2 className={styles.sectionTitle}>{t('charts.title')}</h2>
              <DashboardCharts history={remote.data.history} topics={remote.data.stats.topics} />
            </>
          )}
        </>
      )}
    </>
  );
}
