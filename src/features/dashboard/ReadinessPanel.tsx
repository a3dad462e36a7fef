import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import type { components } from '../../../openapi/schema';
import { useDateFormats } from '../../i18n/dates';
import { useNumberFormats } from '../../i18n/numbers';
import { usePromise } from '../../lib/use-remote';
import { buttonClass } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { ProgressBar } from '../../ui/progress/ProgressBar';
import { daysFromFirst } from './chart-layout';
import * as styles from './readiness.css';
import { EmptyCourseNotice } from '../../ui/card/EmptyCourseNotice';

export type Readiness = components['schemas']['Readiness'];
type ReadinessDay = components['schemas']['ReadinessDay'];

/** Topics shown in the per topic list: the least ready first. */
const TOPICS_SHOWN = 6;
const REASONS_SHOWN = 3;

/** A share (0 to 1) as whole percent, never rounded up past what it is. */
const wholePercent = (share: number) => Math.floor(share * 100 + 1e-9);

/** Today's answers against the daily goal, as a ring; `label` says them in words. */
function GoalRing({ answered, goal, label }: { answered: number; goal: number; label: string }) {
  const size = 64;
  const r = 26;
  const circumference = 2 * Math.PI * r;
  const share = Math.min(1, goal > 0 ? answered / goal : 0);
  return (
    <svg
      className={styles.ring}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label={label}
    >
      <circle className={styles.ringTrack} cx={32} cy={32} r={r} strokeWidth={7} fill="none" />
      <circle
        className={styles.ringFill}
        cx={32}
        cy={32}
        r={r}
        strokeWidth={7}
        fill="none"
        strokeLinecap="round"
        strokeDasharray={`${share * circumference} ${circumference}`}
        transform="rotate(-90 32 32)"
      />
      <text className={styles.ringText} x={32} y={37} textAnchor="middle">
        {Math.min(answered, 999)}
      </text>
    </svg>
  );
}

/** The history chart's box, in its viewBox's units (px at 320 px wide). */
const CHART = {
  width: 320,
  height: 120,
  /** Where the percent labels end: "100 %" (Russian's, the widest) at 11 px is about 31 wide. */
  labelsEnd: 34,
  /** Where the axis and threshold lines start. */
  axisStart: 38,
  /** The first day's x: its dot clear of the labels and of the axis's start. */
  plotStart: 46,
  /** Room right of the last day's dot. */
  plotEndGap: 6,
  top: 6,
  bottom: 18,
} as const;

/**
 * The probability day by day, with the ready threshold as a dashed line. Each day sits by its
 * date, so a day without a figure (no answers, or not enough yet) shows as a gap in the line.
 */
function HistoryChart({ history, threshold }: { history: ReadinessDay[]; threshold: number }) {
  const { t } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  const { dayMonth, longDay } = useDateFormats();
  const points = history.filter(
    (day): day is ReadinessDay & { probability: number } => day.probability !== null,
  );
  if (points.length < 2) return <p className={styles.muted}>{t('readiness.chartSoon')}</p>;
  const { width, height } = CHART;
  const offsets = daysFromFirst(points.map((day) => day.day));
  const span = offsets[offsets.length - 1] || 1;
  const x = (i: number) =>
    CHART.plotStart + ((offsets[i] ?? 0) * (width - CHART.plotEndGap - CHART.plotStart)) / span;
  const y = (share: number) => CHART.top + (1 - share) * (height - CHART.bottom - CHART.top);
  const path = points
    .map((day, i) => `${i === 0 ? 'M' : 'L'}${x(i)},${y(day.probability)}`)
    .join(' ');
  const first = points[0] as ReadinessDay;
  const last = points[points.length - 1] as ReadinessDay & { probability: number };
  // A calendar day, not a moment: noon, so that no time zone's midnight moves it.
  const shortDay = (day: string) => dayMonth(new Date(`${day}T12:00`));
  return (
    <figure style={{ margin: 0 }} data-testid="readiness-chart">
      <svg
        className={styles.chart}
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-label={t('readiness.chartLabel', {
          days: points.length,
          from: longDay(first.day),
          to: longDay(last.day),
          last: percent(wholePercent(last.probability)),
        })}
      >
        <line className={styles.chartAxis} x1={CHART.axisStart} x2={width} y1={y(0)} y2={y(0)} />
        <line
          className={styles.chartThreshold}
          x1={CHART.axisStart}
          x2={width}
          y1={y(threshold)}
          y2={y(threshold)}
        />
        {[0, 0.5, 1].map((share) => (
          <text
            key={share}
            className={styles.chartLabel}
            x={CHART.labelsEnd}
            y={y(share) + 4}
            textAnchor="end"
            data-testid="readiness-chart-percent"
          >
            {percent(share * 100)}
          </text>
        ))}
        <path className={styles.chartLine} d={path} />
        {points.map((day, i) => (
          <circle
            key={day.day}
            className={styles.chartDot}
            cx={x(i)}
            cy={y(day.probability)}
            r={3}
          />
        ))}
        <text
          className={styles.chartLabel}
          x={x(0)}
          y={height - 3}
          data-testid="readiness-chart-day"
        >
          {shortDay(first.day)}
        </text>
        <text
          className={styles.chartLabel}
          x={width}
          y={height - 3}
          textAnchor="end"
          data-testid="readiness-chart-day"
        >
          {shortDay(last.day)}
        </text>
      </svg>
    </figure>
  );
}

/**
 * "Am I ready?": the chance of passing the next exam with its range, what would raise it most,
 * per topic readiness, a one-click study plan, the ready badge, the chart over time, the streak
 * and the daily goal. A learner with too few answers is told so and nothing else is claimed.
 */
export function ReadinessPanel({ data }: { data: Promise<Readiness> }) {
  const { t } = useTranslation('dashboard');
  const { percent, number } = useNumberFormats();
  const remote = usePromise(data);
  if (remote.status !== 'success') {
    return (
      <Card
        title={t('readiness.title')}
        className={styles.panel}
        aria-busy={remote.status === 'loading'}
      >
        <p className={styles.muted}>
          {remote.status === 'loading' ? t('common:loading') : t('readiness.unavailable')}
        </p>
      </Card>
    );
  }
  const r = remote.data;
  // Past the goal, not "40 of 20": the answers, and the goal as met.
  const today = t(r.answered_today >= r.daily_goal ? 'readiness.todayMet' : 'readiness.today', {
    count: r.answered_today,
    answered: number(r.answered_today),
    goal: number(r.daily_goal),
  });
  const habits = (
    <div className={styles.habits} data-testid="readiness-habits">
      <GoalRing answered={r.answered_today} goal={r.daily_goal} label={today} />
      <div className={styles.habitsText}>
        <strong data-testid="readiness-today">{today}</strong>
        <p className={styles.muted} data-testid="readiness-streak">
          {t('readiness.streak', { count: r.streak_days })}
        </p>
      </div>
    </div>
  );

  // A course with no questions yet has nothing to answer: the way to another course instead.
  if (r.bank_size === 0) {
    return (
      <Card title={t('readiness.title')} className={styles.panel} data-testid="readiness">
        <div className={styles.grid}>
          <EmptyCourseNotice />
          {habits}
        </div>
      </Card>
    );
  }

  if (!r.enough_data || r.probability === null) {
    const left = Math.max(0, r.questions_needed - r.questions_met);
    return (
      <Card title={t('readiness.title')} className={styles.panel} data-testid="readiness">
        <div className={styles.grid}>
          <div>
            <p data-testid="readiness-not-enough">
              <strong>{t('readiness.notEnough')}</strong>
            </p>
            <p className={styles.muted}>{t('readiness.notEnoughText', { count: left })}</p>
            <ProgressBar
              percent={r.questions_needed > 0 ? (100 * r.questions_met) / r.questions_needed : 0}
              label={t('readiness.metLabel')}
              tone="primary"
            />
            <div className={styles.actions}>
              <Link to="/training" className={buttonClass({ variant: 'primary', size: 'sm' })}>
                {t('readiness.practise')}
              </Link>
            </div>
          </div>
          {habits}
        </div>
      </Card>
    );
  }

  const shown = (share: number | null) => percent(wholePercent(share ?? 0));
  // The figure lies within its range: ends that round alike are the figure itself, said once.
  const range =
    shown(r.low) === shown(r.high)
      ? null
      : t('readiness.range', { low: shown(r.low), high: shown(r.high) });
  // Every simulated exam alike (all passed, or none) has no error to speak of: "off by up to 0%".
  const errorTenths = Math.ceil(r.error * 1000);
  const estimate =
    r.method === 'monte_carlo' && errorTenths > 0
      ? t('readiness.estimate', { error: percent(errorTenths / 10) })
      : null;
  // The plan's gain in percentage points, cut to a tenth (as wholePercent cuts, with its allowance
  // for a sum's rounding); under a tenth it is not promised as one. Each question's gain is its
  // own, taken alone: summed over a plan of twenty they can pass what is left to 100 % (41 %
  // "+87.7 %"), which no study gains.
  const gain = Math.min(
    r.focus.reduce((sum, item) => sum + item.gain, 0),
    1 - r.probability,
  );
  const gainPoints = Math.floor(gain * 1000 + 1e-9) / 10;
  const topics = [...r.topics].sort((a, b) => a.chance - b.chance).slice(0, TOPICS_SHOWN);
  return (
    <Card title={t('readiness.title')} className={styles.panel} data-testid="readiness">
      <div className={styles.grid}>
        <div>
          <div className={styles.headline}>
            <span className={styles.probability} data-testid="readiness-probability">
              {shown(r.probability)}
            </span>
            {r.ready && (
              <span className={styles.ready} data-testid="readiness-ready">
                {t('readiness.ready')}
              </span>
            )}
          </div>
          {range && (
            <p className={styles.range} data-testid="readiness-range">
              {range}
            </p>
          )}
          {/* The simulation's own error, said of the figure apart from the range: written
              beside it ("between 7% and 93%, ±1.3%") the two read as a contradiction. */}
          {estimate && (
            <p className={styles.muted} data-testid="readiness-estimate">
              {estimate}
            </p>
          )}
          <p className={styles.muted}>{t('readiness.meaning')}</p>
          <p className={styles.muted}>
            {t('readiness.threshold', { threshold: percent(wholePercent(r.threshold)) })}
          </p>

          {r.reasons.length > 0 && (
            <>
              <h3 className={styles.subTitle}>{t('readiness.reasonsTitle')}</h3>
              <ul className={styles.list} data-testid="readiness-reasons">
                {r.reasons.slice(0, REASONS_SHOWN).map((reason) => (
                  <li key={reason.topic_id ?? 'none'}>
                    {reason.topic_name === null
                      ? t('readiness.reasonNoTopic', { count: reason.questions })
                      : t('readiness.reason', {
                          count: reason.questions,
                          topic: reason.topic_name,
                        })}
                  </li>
                ))}
              </ul>
            </>
          )}
          {r.focus.length > 0 && (
            <div className={styles.actions}>
              <Link
                to="/training"
                search={{ mode: 'study-plan' }}
                className={buttonClass({ variant: 'primary' })}
                data-testid="readiness-study-plan"
              >
                {t('readiness.studyPlan', { count: r.focus.length })}
              </Link>
              <span className={styles.muted} data-testid="readiness-study-gain">
                {gainPoints >= 0.1
                  ? t('readiness.studyGain', { gain: percent(gainPoints) })
                  : t('readiness.studyGainBelow', { gain: percent(0.1) })}
              </span>
            </div>
          )}
        </div>
        <div>
          {habits}
          <h3 className={styles.subTitle}>{t('readiness.chartTitle')}</h3>
          <HistoryChart history={r.history} threshold={r.threshold} />
        </div>
      </div>
      {topics.length > 0 && (
        <>
          <h3 className={styles.subTitle}>{t('readiness.topicsTitle')}</h3>
          <ul className={styles.topics} data-testid="readiness-topics">
            {topics.map((topic) => (
              <li key={topic.topic_id} className={styles.topicRow}>
                <span className={styles.topicName}>
                  {topic.topic_name}
                  {topic.likely_missed > 0 && (
                    <span className={styles.missed}>
                      {t('readiness.likelyMissed', { count: topic.likely_missed })}
                    </span>
                  )}
                </span>
                <span className={styles.topicValue}>{shown(topic.chance)}</span>
                <span className={styles.bar} aria-hidden="true">
                  <span
                    className={styles.barFill}
                    style={{ display: 'block', width: `${wholePercent(topic.chance)}%` }}
                  />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
