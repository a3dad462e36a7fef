import type { ExamStats } from '../../api';

/** Height in px of the scores chart (matches `chartBox` in dashboard.css.ts). */
export const SCORES_CHART_HEIGHT = 280;
/** Height in px of a chart card's empty-state box (matches `empty` in dashboard.css.ts). */
export const EMPTY_CHART_HEIGHT = 220;

/** Room under a chart for its pass-mark legend, in px. */
export const LEGEND_HEIGHT = 28;
/** The accuracy chart's legend: the pass mark, then the bar colours on a line of their own. */
export const TOPICS_LEGEND_HEIGHT = 48;

/** Topics shown in the accuracy chart: only those with at least one answer. */
export function chartedTopics(topics: ExamStats['topics']): ExamStats['topics'] {
  return topics.filter((topic) => topic.answered > 0);
}

/** Height in px of the accuracy chart for `count` topics. */
export function topicsChartHeight(count: number): number {
  return Math.max(EMPTY_CHART_HEIGHT, count * 36 + 40 + TOPICS_LEGEND_HEIGHT);
}
