import type { CSSProperties, PointerEvent, ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ExamResultSummary, ExamStats } from '../../api';
import { useDateFormats } from '../../i18n/dates';
import { useNumberFormats } from '../../i18n/numbers';
import type { CourseRules } from '../../../domain/course-rules';
import { scorePassMark } from '../../lib/exam-rules';
import { FALLBACK_COURSE, useLearnerCourse } from '../../lib/learner-course';
import { cx } from '../../lib/cx';
import { Card } from '../../ui/card/Card';
import {
  LEGEND_HEIGHT,
  PERCENT_TICKS,
  SCORES_CHART_HEIGHT,
  TOPICS_LEGEND_HEIGHT,
  TOPIC_FIGURE_WIDTH,
  TOPIC_NAME_WIDTH,
  attemptTicks,
  chartedTopics,
  mistakeTicks,
  topicLabel,
  topicsChartHeight,
} from './chart-layout';
import * as styles from './charts.css';
import { examsOldestFirst } from './dashboard-data';
import { scoreOf, useMistakesText } from './result-score';
import { ALONG, DOWN, useChartCursor } from './use-chart-cursor';

/**
 * A chart's figures as a table for screen readers: the chart draws them, its summary only counts
 * them, and its tooltips give one at a time. Hidden inside a box of its own: a table keeps its
 * rows' height whatever height it is given, and would stretch the page below its footer.
 */
function FiguresTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: readonly [string, string];
  rows: readonly (readonly [string, string])[];
}) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{headers[0]}</th>
            <th scope="col">{headers[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value], index) => (
            <tr key={index}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A tooltip's two lines: what the mark is, and its figure. */
function Tooltip({ title, line, style }: { title: string; line: string; style: CSSProperties }) {
  return (
    <div className={styles.tooltip} style={style} aria-hidden="true" data-testid="chart-tooltip">
      <div className={styles.tooltipTitle}>{title}</div>
      <div>{line}</div>
    </div>
  );
}

/**
 * What the tooltip shows, said to screen readers as the arrow keys move it: a region that is
 * there before its words are, as screen readers read a region when it changes.
 */
function CursorWords({ words }: { words: string }) {
  return (
    <span className="visually-hidden" aria-live="polite">
      {words}
    </span>
  );
}

/**
 * How a course's exams are charted: the figure its rule judges, on an axis of its own, with its
 * pass line. A percent line cannot state "at most 2 mistakes" once extra questions change an
 * exam's length (a failed 27 of 30 sat on a 90% line), so such a course charts its mistakes.
 */
interface ExamsPlot {
  title: string;
  summary: (count: number, latest: ExamResultSummary) => string;
  /** The figure's column in the screen readers' table, and its name in the tooltip. */
  header: string;
  /** The axis from 0 to its top, and how each tick is written. */
  ticks: readonly number[];
  tickLabel: (tick: number) => string;
  /** Where a result sits on the axis, and its figure in words. */
  valueOf: (result: ExamResultSummary) => number;
  figureOf: (result: ExamResultSummary) => string;
  /** The pass line on the axis, and its words under the chart. */
  line: number;
  legend: string;
  /** The pass mark as a share right, for the accuracy chart, and its words there. */
  passPercent: number;
  percentLegend: string;
}

/** The plot of a course's exams: mistakes for a course passed on them, else scores in percent. */
function useExamsPlot(rules: CourseRules, history: ExamResultSummary[]): ExamsPlot {
  const { t } = useTranslation('dashboard');
  const { percent, number } = useNumberFormats();
  const mistakesText = useMistakesText();
  const passPercent = scorePassMark(rules);
  const percentLegend = t('charts.scores.passLegend', { percent: percent(passPercent) });
  if (rules.pass_rule === 'max_mistakes') {
    const most = Math.max(0, ...history.map((result) => result.mistakes));
    return {
      title: t('charts.mistakes.title'),
      summary: (n, latest) => t('charts.mistakes.summary', { n, last: mistakesText(latest) }),
      header: t('charts.mistakes.mistakes'),
      ticks: mistakeTicks(rules.pass_value, most),
      tickLabel: number,
      valueOf: (result) => result.mistakes,
      figureOf: mistakesText,
      line: rules.pass_value,
      legend: t('charts.mistakes.passLegend', { count: rules.pass_value }),
      passPercent,
      // A share right, from the course's mistakes: say where it comes from.
      percentLegend: t('charts.topics.mistakesLegend', {
        percent: percent(passPercent),
        count: rules.pass_value,
        questions: rules.question_count,
      }),
    };
  }
  return {
    title: t('charts.scores.title'),
    summary: (n, latest) => t('charts.scores.summary', { n, last: percent(scoreOf(latest)) }),
    header: t('charts.scores.score'),
    ticks: PERCENT_TICKS,
    tickLabel: percent,
    valueOf: scoreOf,
    figureOf: (result) => percent(scoreOf(result)),
    line: passPercent,
    legend: percentLegend,
    passPercent,
    percentLegend,
  };
}

/** A course's exams over time (oldest first) against its pass line; `history` is not empty. */
export function ExamsChart({ history, plot }: { history: ExamResultSummary[]; plot: ExamsPlot }) {
  const { t } = useTranslation('dashboard');
  const { dayMonth } = useDateFormats();
  const results = examsOldestFirst(history);
  const top = plot.ticks.at(-1) ?? 100;
  const height = (value: number) => (Math.min(value, top) * 100) / top;
  const exams = results.map((result, index) => ({
    label: t('charts.scores.attempt', {
      n: index + 1,
      date: dayMonth(new Date(result.created_at)),
    }),
    height: height(plot.valueOf(result)),
    // Beside the figure, the verdict: the rules' other parts (a mistake among the extra
    // questions) can fail an exam whose figure is on the right side of the line.
    withVerdict: `${plot.figureOf(result)} · ${result.passed ? t('recent.passed') : t('recent.failed')}`,
    passed: result.passed,
  }));
  const figure = (exam: (typeof exams)[number]) => `${plot.header}: ${exam.withVerdict}`;
  const cursor = useChartCursor(exams.length, ALONG, plot.title);
  // Each exam in the middle of an equal slice of the width, as a bar chart's categories are.
  const across = (index: number) => ((index + 0.5) * 100) / exams.length;
  const pointAt = (event: PointerEvent<HTMLElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    cursor.show(Math.floor(((event.clientX - box.left) / box.width) * exams.length));
  };
  const active = cursor.active === null ? undefined : exams[cursor.active];
  const activeX = across(cursor.active ?? 0);
  const latest = results.at(-1);
  return (
    <figure
      className={styles.chartBox}
      aria-label={latest ? plot.summary(exams.length, latest) : plot.title}
    >
      <div className={styles.scoresArea} style={{ height: SCORES_CHART_HEIGHT - LEGEND_HEIGHT }}>
        <div className={styles.axisLabels} aria-hidden="true">
          {plot.ticks.map((tick) => (
            <span key={tick} className={styles.yLabel} style={{ bottom: `${height(tick)}%` }}>
              {plot.tickLabel(tick)}
            </span>
          ))}
        </div>
        <div
          className={cx(styles.plot, styles.scoresPlot)}
          onPointerMove={pointAt}
          onPointerDown={pointAt}
          {...cursor.plotProps}
        >
          {plot.ticks.slice(1).map((tick) => (
            <div
              key={tick}
              className={styles.gridLine.horizontal}
              style={{ bottom: `${height(tick)}%` }}
            />
          ))}
          {active && <div className={styles.cursorLine} style={{ left: `${activeX}%` }} />}
          <svg
            className={styles.scoresLine}
            viewBox="0 0 100 100"
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <polyline
              vectorEffect="non-scaling-stroke"
              points={exams.map((exam, index) => `${across(index)},${100 - exam.height}`).join(' ')}
            />
          </svg>
          {exams.map((exam, index) => (
            <span
              key={index}
              className={cx(
                styles.dot,
                !exam.passed && styles.failedDot,
                index === cursor.active && styles.activeDot,
              )}
              data-passed={exam.passed}
              style={{ left: `${across(index)}%`, bottom: `${exam.height}%` }}
            />
          ))}
          <div
            className={styles.passLine.horizontal}
            style={{ bottom: `${height(plot.line)}%` }}
            data-testid="chart-pass-line"
          />
          <CursorWords words={active ? `${active.label}. ${figure(active)}` : ''} />
          {active && (
            <Tooltip
              title={active.label}
              line={figure(active)}
              // Beside the exam, on the side with the more room.
              style={
                activeX <= 50
                  ? { top: 0, left: `calc(${activeX}% + 12px)` }
                  : { top: 0, right: `calc(${100 - activeX}% + 12px)` }
              }
            />
          )}
        </div>
        <div />
        <div className={styles.axisLabels} aria-hidden="true">
          {attemptTicks(exams.length).map((index) => (
            <span key={index} className={styles.xLabel} style={{ left: `${across(index)}%` }}>
              #{index + 1}
            </span>
          ))}
        </div>
      </div>
      {/* Below the plot rather than on the line, where the dots would run over it. */}
      <PassLegend legend={plot.legend} failed={exams.some((exam) => !exam.passed)} />
      <FiguresTable
        caption={plot.title}
        headers={[t('charts.scores.exam'), plot.header]}
        rows={exams.map((exam) => [exam.label, exam.withVerdict] as const)}
      />
    </figure>
  );
}

/**
 * The dashed pass line's meaning, under a chart; with the bar colours when `bars`, and what a
 * ring is when `failed` (some exam drawn failed, whichever side of the line it sits).
 */
function PassLegend({
  legend,
  bars = false,
  failed = false,
}: {
  legend: string;
  bars?: boolean;
  failed?: boolean;
}) {
  const { t } = useTranslation('dashboard');
  const swatch = (variant: keyof typeof styles.swatch) => (
    <svg width="12" height="12" aria-hidden="true">
      <rect width="12" height="12" rx="2" className={styles.swatch[variant]} />
    </svg>
  );
  const passLine = (
    <>
      <svg width="28" height="4" aria-hidden="true">
        <line x1="0" y1="2" x2="28" y2="2" className={styles.passSwatch} />
      </svg>
      {legend}
    </>
  );
  if (!bars) {
    return (
      <figcaption className={styles.legend} style={{ minHeight: LEGEND_HEIGHT }}>
        <span className={styles.legendItem}>{passLine}</span>
        {failed && (
          <span className={styles.legendItem} data-testid="chart-failed-legend">
            <span className={styles.legendRing} aria-hidden="true" />
            {t('recent.failed')}
          </span>
        )}
      </figcaption>
    );
  }
  return (
    <figcaption className={styles.legendRows} style={{ height: TOPICS_LEGEND_HEIGHT }}>
      <span className={styles.legend}>
        <span className={styles.legendItem}>{passLine}</span>
      </span>
      <span className={styles.legend}>
        <span className={styles.legendItem}>
          {swatch('atPass')}
          {t('charts.topics.atPass')}
        </span>
        <span className={styles.legendItem}>
          {swatch('belowPass')}
          {t('charts.topics.belowPass')}
        </span>
      </span>
    </figcaption>
  );
}

/**
 * Accuracy per topic; `topics` holds only topics with answers, at least one. A topic below the
 * pass mark is drawn in amber: green would read as "fine" at 7%.
 */
export function TopicsChart({
  topics,
  passPercent,
  legend,
}: {
  topics: ExamStats['topics'];
  passPercent: number;
  /** What the pass line is, under the chart. */
  legend: string;
}) {
  const { t } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  const cursor = useChartCursor(topics.length, DOWN, t('charts.topics.title'));
  const height = topicsChartHeight(topics.length);
  const active = cursor.active === null ? undefined : topics[cursor.active];
  return (
    <figure
      className={styles.chartBox}
      style={{ height }}
      aria-label={t('charts.topics.summary', { n: topics.length })}
    >
      <div className={styles.topicsArea} style={{ height: height - TOPICS_LEGEND_HEIGHT }}>
        <div className={styles.topicsLines}>
          {PERCENT_TICKS.slice(1).map((tick) => (
            <div key={tick} className={styles.gridLine.vertical} style={{ left: `${tick}%` }} />
          ))}
        </div>
        <div className={cx(styles.plot, styles.topicRows)} {...cursor.plotProps}>
          {topics.map((topic, index) => (
            <div
              key={topic.topic_id}
              className={cx(styles.topicRow, index === cursor.active && styles.activeRow)}
              onPointerMove={() => cursor.show(index)}
              onPointerDown={() => cursor.show(index)}
            >
              {/* At most two lines: a long name never runs into the next row's; the tooltip
                  names it whole. */}
              <span className={styles.topicName} aria-hidden="true">
                {topicLabel(topic.topic_name)}
              </span>
              <span className={styles.track}>
                {/* At 0% a sliver, so that a topic with no right answer still shows a bar. */}
                <span
                  className={cx(
                    styles.bar[topic.accuracy >= passPercent ? 'atPass' : 'belowPass'],
                    styles.barShape,
                  )}
                  style={{ width: `${topic.accuracy}%` }}
                  data-testid="chart-bar"
                />
              </span>
              {/* Each bar's figure in a column right of the plot, where the pass line does not
                  run through it (at a bar's end it did, for bars just short of the mark). */}
              <span className={styles.topicFigure} aria-hidden="true" data-testid="chart-figure">
                {percent(topic.accuracy)}
              </span>
              {index === cursor.active && (
                <Tooltip
                  title={topic.topic_name}
                  line={`${t('charts.topics.accuracy')}: ${percent(topic.accuracy)}`}
                  // Under the first topic, over the others: never over the chart's title.
                  style={{
                    left: `${TOPIC_NAME_WIDTH + 12}px`,
                    ...(index === 0 ? { top: '100%' } : { bottom: '100%' }),
                  }}
                />
              )}
            </div>
          ))}
          <CursorWords
            words={
              active
                ? `${active.topic_name}. ${t('charts.topics.accuracy')}: ${percent(active.accuracy)}`
                : ''
            }
          />
        </div>
        <div className={styles.topicsLines}>
          <div
            className={styles.passLine.vertical}
            style={{ left: `${passPercent}%` }}
            data-testid="chart-pass-line"
          />
        </div>
        {/* As wide as the chart, not the bars' column: the 100% under the bars' end stands out
            into the figures' column, never out of its own box. */}
        <div className={styles.axisLabels} aria-hidden="true">
          {PERCENT_TICKS.map((tick) => (
            <span
              key={tick}
              className={cx(styles.xLabel, tick % 50 !== 0 && styles.minorTick)}
              style={{
                left: `calc(${TOPIC_NAME_WIDTH}px + (100% - ${TOPIC_NAME_WIDTH + TOPIC_FIGURE_WIDTH}px) * ${tick / 100})`,
              }}
            >
              {percent(tick)}
            </span>
          ))}
        </div>
      </div>
      <PassLegend legend={legend} bars />
      <FiguresTable
        caption={t('charts.topics.title')}
        headers={[t('charts.topics.topic'), t('charts.topics.accuracy')]}
        rows={topics.map((topic) => [topic.topic_name, percent(topic.accuracy)] as const)}
      />
    </figure>
  );
}

/** One chart card: the chart, or the empty-state message when there is nothing to draw. */
function ChartCard({
  title,
  empty,
  children,
}: {
  title: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Card title={title} headingLevel={3}>
      {empty !== null ? <div className={styles.empty}>{empty}</div> : children}
    </Card>
  );
}

/**
 * The exams over time (scores, or mistakes in a course passed on them) and accuracy per topic,
 * each card with its empty state, with the pass mark of the learner's course drawn across them.
 */
export function DashboardCharts({
  history,
  topics,
}: {
  history: ExamResultSummary[];
  topics: ExamStats['topics'];
}) {
  const { t } = useTranslation('dashboard');
  // Read here, not by the page: the courses come after the page's first render, and only the
  // charts draw from them (the spec's exam until then), so only the charts are drawn again.
  const course = useLearnerCourse() ?? FALLBACK_COURSE;
  const plot = useExamsPlot(course.rules, history);
  const charted = chartedTopics(topics);
  return (
    <div className={styles.charts}>
      <ChartCard title={plot.title} empty={history.length === 0 ? t('charts.scores.empty') : null}>
        <ExamsChart history={history} plot={plot} />
      </ChartCard>
      <ChartCard
        title={t('charts.topics.title')}
        empty={charted.length === 0 ? t('charts.topics.empty') : null}
      >
        <TopicsChart topics={charted} passPercent={plot.passPercent} legend={plot.percentLegend} />
      </ChartCard>
    </div>
  );
}
