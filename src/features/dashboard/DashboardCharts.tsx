import { useTranslation } from 'react-i18next';
import { useNumberFormats } from '../../i18n/numbers';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ExamResultSummary, ExamStats } from '../../api';
import { percentRight } from '../../../machines/question-grading';
import { LANGUAGE_TAGS, toLanguage } from '../../i18n/config';
import { useTheme } from '../../theme/theme';
import {
  LEGEND_HEIGHT,
  SCORES_CHART_HEIGHT,
  TOPICS_LEGEND_HEIGHT,
  topicLabel,
  topicsChartHeight,
} from './chart-layout';
import * as styles from './dashboard.css';

const PALETTE = {
  light: {
    line: '#1d4ed8',
    bar: '#047857',
    below: '#b45309',
    grid: '#d5dae3',
    text: '#4b5563',
    pass: '#b45309',
    surface: '#ffffff',
  },
  dark: {
    line: '#60a5fa',
    bar: '#34d399',
    below: '#fbbf24',
    grid: '#2c3a57',
    text: '#a7b2c7',
    pass: '#fbbf24',
    surface: '#1b2640',
  },
} as const;

/** The theme's chart colours and the tooltip box drawn with them. */
function useChartColors() {
  const { theme } = useTheme();
  const colors = PALETTE[theme];
  const tooltipStyle = {
    backgroundColor: colors.surface,
    border: `1px solid ${colors.grid}`,
    borderRadius: 8,
    color: colors.text,
  };
  return { colors, tooltipStyle };
}

/**
 * A chart's figures as a table for screen readers: the chart draws them, its summary only counts
 * them, and its keyboard tooltips give one at a time. Hidden inside a box of its own: a table
 * keeps its rows' height whatever height it is given, and would stretch the page below its footer.
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

/** Exam scores over time (oldest first) against the pass line; `history` is not empty. */
export function ScoresChart({
  history,
  passPercent,
}: {
  history: ExamResultSummary[];
  passPercent: number;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  const { colors, tooltipStyle } = useChartColors();
  const formatter = new Intl.DateTimeFormat(LANGUAGE_TAGS[toLanguage(i18n.resolvedLanguage)], {
    month: 'short',
    day: 'numeric',
  });
  const scores = [...history]
    .sort((a, b) => a.created_at.localeCompare(b.created_at))
    .map((result, index) => ({
      attempt: index + 1,
      date: formatter.format(new Date(result.created_at)),
      score: percentRight(result.correct_answers, result.total_questions),
    }));
  return (
    <figure
      className={styles.chartBox}
      style={{ margin: 0 }}
      aria-label={t('charts.scores.summary', {
        n: scores.length,
        last: percent(scores.at(-1)?.score ?? 0),
      })}
    >
      <ResponsiveContainer width="100%" height={SCORES_CHART_HEIGHT - LEGEND_HEIGHT}>
        <LineChart
          data={scores}
          margin={{ top: 10, right: 16, bottom: 0, left: -16 }}
          title={t('charts.scores.title')}
        >
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" />
          <XAxis
            dataKey="attempt"
            stroke={colors.text}
            tick={{ fill: colors.text, fontSize: 12 }}
            tickFormatter={(value) => `#${String(value)}`}
            allowDecimals={false}
          />
          <YAxis
            domain={[0, 100]}
            stroke={colors.text}
            tick={{ fill: colors.text, fontSize: 12 }}
            tickFormatter={(value) => percent(Number(value))}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            separator=": "
            formatter={(value) => [percent(Number(value)), t('charts.scores.score')]}
            labelFormatter={(label, payload) =>
              t('charts.scores.attempt', {
                n: String(label),
                date: String(payload?.[0]?.payload?.date ?? ''),
              })
            }
          />
          <ReferenceLine y={passPercent} stroke={colors.pass} strokeDasharray="6 4" />
          <Line
            type="monotone"
            dataKey="score"
            stroke={colors.line}
            strokeWidth={3}
            dot={{ r: 4, fill: colors.line }}
            activeDot={{ r: 6 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
      {/* Below the plot rather than on the line, where the scores would run over it. */}
      <PassLegend passPercent={passPercent} />
      <FiguresTable
        caption={t('charts.scores.title')}
        headers={[t('charts.scores.exam'), t('charts.scores.score')]}
        rows={scores.map(
          (score) =>
            [
              t('charts.scores.attempt', { n: score.attempt, date: score.date }),
              percent(score.score),
            ] as const,
        )}
      />
    </figure>
  );
}

/** The dashed pass line's meaning, under a chart; with the bar colours when `bars`. */
function PassLegend({ passPercent, bars = false }: { passPercent: number; bars?: boolean }) {
  const { t } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  const { colors } = useChartColors();
  const swatch = (color: string) => (
    <svg width="12" height="12" aria-hidden="true">
      <rect width="12" height="12" rx="2" fill={color} />
    </svg>
  );
  const passLine = (
    <>
      <svg width="28" height="4" aria-hidden="true">
        <line
          x1="0"
          y1="2"
          x2="28"
          y2="2"
          stroke={colors.pass}
          strokeWidth="2"
          strokeDasharray="6 4"
        />
      </svg>
      {t('charts.scores.passLegend', { percent: percent(passPercent) })}
    </>
  );
  if (!bars) {
    return (
      <figcaption className={styles.legend} style={{ height: LEGEND_HEIGHT }}>
        {passLine}
      </figcaption>
    );
  }
  return (
    <figcaption className={styles.legendRows} style={{ height: TOPICS_LEGEND_HEIGHT }}>
      <span className={styles.legend}>{passLine}</span>
      <span className={styles.legend}>
        <span className={styles.legendItem}>
          {swatch(colors.bar)}
          {t('charts.topics.atPass')}
        </span>
        <span className={styles.legendItem}>
          {swatch(colors.below)}
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
}: {
  topics: ExamStats['topics'];
  passPercent: number;
}) {
  const { t } = useTranslation('dashboard');
  const { percent } = useNumberFormats();
  const { colors, tooltipStyle } = useChartColors();
  const accuracy = topics.map((topic) => ({
    name: topic.topic_name,
    accuracy: topic.accuracy,
    answered: topic.answered,
  }));
  return (
    <figure
      className={styles.chartBox}
      style={{ margin: 0, height: topicsChartHeight(accuracy.length) }}
      aria-label={t('charts.topics.summary', { n: accuracy.length })}
    >
      <ResponsiveContainer
        width="100%"
        height={topicsChartHeight(accuracy.length) - TOPICS_LEGEND_HEIGHT}
      >
        <BarChart
          data={accuracy}
          layout="vertical"
          margin={{ top: 0, right: 4, bottom: 0, left: 8 }}
          title={t('charts.topics.title')}
        >
          <CartesianGrid stroke={colors.grid} strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            domain={[0, 100]}
            // Where 0–100% do not all fit (a phone), every other one, evenly: 0%, 50%, 100%.
            interval="equidistantPreserveStart"
            tickFormatter={(value) => percent(Number(value))}
            stroke={colors.text}
            tick={{ fill: colors.text, fontSize: 12 }}
          />
          <YAxis
            type="category"
            dataKey="name"
            width={120}
            // At most two lines per row: a long name never runs into the next row's label.
            tickFormatter={(value) => topicLabel(String(value))}
            stroke={colors.text}
            tick={{ fill: colors.text, fontSize: 12 }}
          />
          {/* Each bar's figure in a column right of the plot, where the pass line does not run
              through it (at a bar's end it did, for bars just short of the mark). A topic at 0%
              shows a value, not just a gap. */}
          <YAxis
            yAxisId="figures"
            orientation="right"
            type="category"
            dataKey="name"
            width={44}
            axisLine={false}
            tickLine={false}
            tickFormatter={(_, index) => percent(accuracy[index]?.accuracy ?? 0)}
            tick={{ fill: colors.text, fontSize: 12 }}
          />
          <Tooltip
            contentStyle={tooltipStyle}
            separator=": "
            cursor={{ fill: colors.grid, opacity: 0.4 }}
            // In the text colour: the bar's own green would say "fine" of a topic below the mark.
            itemStyle={{ color: colors.text }}
            formatter={(value) => [percent(Number(value)), t('charts.topics.accuracy')]}
          />
          {/* At 0% a sliver (recharts draws, and labels, a bar of no width not at all). */}
          <Bar
            dataKey="accuracy"
            fill={colors.bar}
            radius={[0, 6, 6, 0]}
            minPointSize={3}
            isAnimationActive={false}
          >
            {accuracy.map((topic) => (
              <Cell
                key={topic.name}
                fill={topic.accuracy >= passPercent ? colors.bar : colors.below}
              />
            ))}
          </Bar>
          <ReferenceLine x={passPercent} stroke={colors.pass} strokeDasharray="6 4" />
        </BarChart>
      </ResponsiveContainer>
      <PassLegend passPercent={passPercent} bars />
      <FiguresTable
        caption={t('charts.topics.title')}
        headers={[t('charts.topics.topic'), t('charts.topics.accuracy')]}
        rows={accuracy.map((topic) => [topic.name, percent(topic.accuracy)] as const)}
      />
    </figure>
  );
}
