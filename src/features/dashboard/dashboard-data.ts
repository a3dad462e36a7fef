import { unwrap, type ApiClient, type ExamResultSummary, type ExamStats } from '../../api';
import { followPromise } from '../../lib/use-remote';
import type { Readiness } from './ReadinessPanel';

export interface DashboardData {
  stats: ExamStats;
  history: ExamResultSummary[];
}

/** The learner's exam statistics and exam history (the dashboard's figures and charts). */
export function loadDashboardData(api: ApiClient): Promise<DashboardData> {
  return followPromise(
    Promise.all([
      unwrap(api.GET('/exams/stats')),
      unwrap(api.GET('/exams/history', { params: { query: { exam_type: 'exam', limit: 100 } } })),
    ]).then(([stats, history]) => ({ stats, history })),
  );
}

/** The learner's readiness in their course (GET /readiness): the "Am I ready?" card. */
export function loadReadiness(api: ApiClient): Promise<Readiness> {
  return followPromise(unwrap(api.GET('/readiness')));
}

/**
 * Exams in the order they were taken (by their ISO time, then id). Compared as plain strings,
 * not with `localeCompare`, whose first call loads ICU's collation data in the dashboard's render.
 */
export function examsOldestFirst(history: readonly ExamResultSummary[]): ExamResultSummary[] {
  return [...history].sort((a, b) =>
    a.created_at === b.created_at ? a.id - b.id : a.created_at < b.created_at ? -1 : 1,
  );
}
