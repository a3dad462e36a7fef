import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExamResultSummary, ExamStats } from '../../api';
import { Card } from '../../ui/card/Card';
import { chartHeights } from './chart-layout';
import * as styles from './dashboard.css';

interface ChartsProps {
  history: ExamResultSummary[];
  topics: ExamStats['topics'];
  passPercent?: number;
}

/** recharts is large: it lives in its own chunk, fetched on demand. */
const loadCharts = () => import('./DashboardCharts');

const DashboardCharts = lazy(() =>
  loadCharts().then((module) => ({ default: module.DashboardCharts })),
);

/** Starts fetching the charts chunk early (e.g. while the statistics load), without rendering it. */
export function usePreloadCharts() {
  useEffect(() => {
    void loadCharts().catch(() => undefined);
  }, []);
}

/** The chart cards with their titles and empty bodies of the final height: no layout shift. */
function ChartsSkeleton({ history, topics }: ChartsProps) {
  const { t } = useTranslation('dashboard');
  const heights = chartHeights(history, topics);
  return (
    <div className={styles.charts} aria-busy="true">
      <Card title={t('charts.scores.title')} headingLevel={3}>
        <div className={styles.chartSkeleton} style={{ height: heights.scores }} />
      </Card>
      <Card title={t('charts.topics.title')} headingLevel={3}>
        <div className={styles.chartSkeleton} style={{ height: heights.topics }} />
      </Card>
    </div>
  );
}

/** Exam scores and topic accuracy charts, loaded on demand behind a same-size skeleton. */
export function LazyDashboardCharts(props: ChartsProps) {
  return (
    <Suspense fallback={<ChartsSkeleton {...props} />}>
      <DashboardCharts {...props} />
    </Suspense>
  );
}
