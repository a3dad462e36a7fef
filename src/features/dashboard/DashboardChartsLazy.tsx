import { lazy, Suspense, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamResultSummary, ExamStats } from '../../api';
import { scorePassMark } from '../../lib/exam-rules';
import { FALLBACK_COURSE, useLearnerCourse } from '../../lib/learner-course';
import { useNearViewport } from '../../lib/use-near-viewport';
import { Card } from '../../ui/card/Card';
import { SCORES_CHART_HEIGHT, chartedTopics, topicsChartHeight } from './chart-layout';
import * as styles from './dashboard.css';

/**
 * recharts is large: the charts live in their own chunk, fetched (and run) only when there is
 * something to draw and the charts come near the screen; a learner without results never loads
 * it, and a phone not before the learner scrolls down to them.
 */
const loadCharts = () => import('./DashboardCharts');
const ScoresChart = lazy(() => loadCharts().then((module) => ({ default: module.ScoresChart })));
const TopicsChart = lazy(() => loadCharts().then((module) => ({ default: module.TopicsChart })));

/** One chart card: the empty-state message, or the chart behind a skeleton of its final height. */
function ChartCard({
  title,
  empty,
  height,
  visible,
  children,
}: {
  title: string;
  /** Shown instead of the chart when there is nothing to draw. */
  empty: string | null;
  height: number;
  /** False while the chart is far off screen: the skeleton holds its place. */
  visible: boolean;
  children: ReactNode;
}) {
  const skeleton = <div className={styles.chartSkeleton} style={{ height }} aria-busy />;
  return (
    <Card title={title} headingLevel={3}>
      {empty !== null ? (
        <div className={styles.empty}>{empty}</div>
      ) : visible ? (
        <Suspense fallback={skeleton}>{children}</Suspense>
      ) : (
        skeleton
      )}
    </Card>
  );
}

/**
 * Exam scores over time and accuracy per topic, each card with its empty state, with the pass
 * mark of the learner's course drawn across them.
 */
export function LazyDashboardCharts({
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
  const passPercent = scorePassMark(course.rules);
  const charted = chartedTopics(topics);
  const area = useRef<HTMLDivElement>(null);
  const visible = useNearViewport(area);
  return (
    <div className={styles.charts} ref={area}>
      <ChartCard
        title={t('charts.scores.title')}
        empty={history.length === 0 ? t('charts.scores.empty') : null}
        height={SCORES_CHART_HEIGHT}
        visible={visible}
      >
        <ScoresChart history={history} passPercent={passPercent} />
      </ChartCard>
      <ChartCard
        title={t('charts.topics.title')}
        empty={charted.length === 0 ? t('charts.topics.empty') : null}
        height={topicsChartHeight(charted.length)}
        visible={visible}
      >
        <TopicsChart topics={charted} passPercent={passPercent} />
      </ChartCard>
    </div>
  );
}
