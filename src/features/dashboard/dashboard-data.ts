import { unwrap, type ApiClient, type ExamResultSummary, type ExamStats } from '../../api';
import type { Readiness } from './ReadinessPanel';

export interface DashboardData {
  stats: ExamStats;
  history: ExamResultSummary[];
}

/** The learner's exam statistics and exam history (the dashboard's figures and charts). */
export async function loadDashboardData(api: ApiClient): Promise<DashboardData> {
  const [stats, history] = await Promise.all([
    unwrap(api.GET('/exams/stats')),
    unwrap(api.GET('/exams/history', { params: { query: { exam_type: 'exam', limit: 100 } } })),
  ]);
  return { stats, history };
}

/** The learner's readiness in their course (GET /readiness): the "Am I ready?" card. */
export function loadReadiness(api: ApiClient): Promise<Readiness> {
  return unwrap(api.GET('/readiness'));
}
