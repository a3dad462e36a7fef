import type { ExamStats } from '../../api';

/** Height in px of the scores chart, its legend included. */
export const SCORES_CHART_HEIGHT = 280;
/** Height in px of a chart card's empty-state box (matches `empty` in charts.css.ts). */
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

/**
 * The longest topic label the accuracy chart writes beside its bar: at 12 px in its 120 px
 * column that is two lines, which fit a bar's 36 px row. A longer name (Russian topic names
 * often are) would wrap onto a third and fourth line and run into the next row's label on a
 * phone; it is cut at a word with an ellipsis, and the bar's tooltip names it whole.
 */
export const TOPIC_LABEL_MAX_CHARACTERS = 26;

export function topicLabel(name: string): string {
  const characters = [...name.trim()];
  if (characters.length <= TOPIC_LABEL_MAX_CHARACTERS) return name.trim();
  const cut = characters.slice(0, TOPIC_LABEL_MAX_CHARACTERS - 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  // At a word's end when one ends late enough; a long word is cut where it must be.
  const kept = lastSpace >= cut.length * 0.6 ? cut.slice(0, lastSpace) : cut;
  return `${kept.replace(/[\s,.;:–-]+$/u, '')}…`;
}

/** The accuracy chart's columns beside its bars, in px: the topics' names and their figures. */
export const TOPIC_NAME_WIDTH = 120;
export const TOPIC_FIGURE_WIDTH = 44;

/** The percent axis's ticks, and its grid lines. */
export const PERCENT_TICKS = [0, 25, 50, 75, 100] as const;

/**
 * The mistakes axis of a course passed on at most `allowed` mistakes, whose exams had at most
 * `most`: five whole-number ticks from 0, high enough for every exam and for the pass line to
 * sit no higher than half way (a line at the top would read as a ceiling reached).
 */
export function mistakeTicks(allowed: number, most: number): number[] {
  const step = Math.ceil(Math.max(4, allowed * 2, most) / 4);
  return [0, 1, 2, 3, 4].map((index) => index * step);
}

/** At most this many exams are numbered under the scores chart: they fit a phone's width. */
export const ATTEMPT_LABELS_MAX = 6;

/**
 * Which of `count` exams (by index, oldest first) get their number under the scores chart: all
 * of a few, or every so many counted back from the latest, which is always numbered.
 */
export function attemptTicks(count: number): number[] {
  const step = Math.ceil(count / ATTEMPT_LABELS_MAX);
  const ticks: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) ticks.unshift(index);
  return ticks;
}

/** A YYYY-MM-DD day as a count of days (since 1970-01-01), whatever the reader's time zone. */
const dayCount = (day: string) => {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  return Date.UTC(year, month - 1, date) / 86_400_000;
};

/**
 * How many days after the first of `days` (YYYY-MM-DD, oldest first) each one is: the readiness
 * chart places its points by these, so a day without a figure leaves a gap where it would be.
 */
export function daysFromFirst(days: readonly string[]): number[] {
  const first = days[0] === undefined ? 0 : dayCount(days[0]);
  return days.map((day) => dayCount(day) - first);
}
