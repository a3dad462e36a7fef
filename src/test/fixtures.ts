/**
 * What the web tests' fake servers answer with, each as the contract says the real server may
 * (src/test/fixtures-contract.test.ts holds them to it).
 */
import type { components, ExamResultSummary, Question, Setting, User } from '../api';
import type { Course } from '../lib/learner-course';
import { DEFAULT_COURSE_RULES } from '../../domain/course-defaults';

export const userFixture = (overrides: Partial<User> = {}): User => ({
  id: 7,
  course_id: 1,
  content_language: null,
  username: 'ada',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_admin: false,
  is_active: true,
  created_at: '2025-03-01T10:00:00.000Z',
  last_login: null,
  ...overrides,
});

/** The default course (the spec's exam: 40 questions, 40 minutes, 70 percent) of a 200-question bank. */
export const courseFixture = (overrides: Partial<Course> = {}): Course => ({
  id: 1,
  name: 'Standard',
  description: '',
  language: 'en',
  // The exam language alone: no question translated.
  languages: [overrides.language ?? 'en'],
  is_default: true,
  question_total: 200,
  rules: { ...DEFAULT_COURSE_RULES },
  created_at: '2025-03-01T10:00:00.000Z',
  ...overrides,
});

/** A two-answer question without photo or explanation, its first answer right. */
export const questionFixture = (overrides: Partial<Question> = {}): Question => ({
  id: 12,
  question_text: 'What does a red octagon mean?',
  answer_1: 'Stop',
  answer_2: 'Give way',
  answer_3: null,
  answer_4: null,
  answer_5: null,
  right_answers: '1',
  points: 1,
  photo: null,
  photo_alt: null,
  explanation: null,
  ...overrides,
});

/**
 * A past exam as `GET /exams/history` lists it, by the course's default rule (70 % of the
 * questions): 20 questions, 18 right, unless `overrides` say otherwise; the points, mistakes and
 * score follow the counts given.
 */
export function examSummaryFixture(overrides: Partial<ExamResultSummary> = {}): ExamResultSummary {
  const total = overrides.total_questions ?? 20;
  const correct = overrides.correct_answers ?? total - 2;
  const score = Math.floor((100 * correct) / total);
  return {
    id: 1,
    exam_type: 'exam',
    language: 'en',
    total_questions: total,
    correct_answers: correct,
    score,
    passed: score >= 70,
    time_taken: 1200,
    total_points: correct,
    max_points: total,
    created_at: '2025-04-01T10:00:00.000Z',
    course_id: 1,
    pass_rule: 'percent_questions',
    pass_value: 70,
    decided_by: 'percent_questions',
    mistakes: total - correct,
    unanswered: 0,
    over_time: false,
    ended_early: false,
    ...overrides,
  };
}

/** The result `POST /exams/submit` answers with: the summary and its graded answers. */
export const examResultFixture = (overrides: Partial<ExamResultSummary> = {}) => ({
  ...examSummaryFixture(overrides),
  user_id: userFixture().id,
  answers: [],
});

/** `GET /settings/system/status` of a server holding `counts` (one administrator, nothing else). */
export const systemStatusFixture = (
  counts: Partial<{ questions: number; tickets: number; topics: number; users: number }> = {},
) => ({
  status: 'ok',
  version: '1',
  database: 'sqlite',
  uptime_seconds: 1,
  memory_rss_bytes: 1,
  node_version: 'v20',
  cache_entries: 0,
  counts: {
    users: 1,
    admins: 1,
    questions: 0,
    exams: 0,
    tickets: 0,
    topics: 0,
    settings: 0,
    ...counts,
  },
  recent_activity: [],
});

/** A public number setting, as `GET /settings?public_only=true` lists it. */
export const numberSettingFixture = (key: string, value: string): Setting => ({
  id: 1,
  key,
  value,
  description: null,
  data_type: 'number',
  is_public: true,
  updated_at: '2025-03-01T10:00:00.000Z',
  rule: null,
});

/** `GET /readiness` of a learner who has answered nothing yet. */
export const readinessFixture = (
  overrides: Partial<components['schemas']['Readiness']> = {},
): components['schemas']['Readiness'] => ({
  enough_data: false,
  questions_met: 0,
  questions_needed: 10,
  bank_size: 40,
  probability: null,
  low: null,
  high: null,
  method: 'exact',
  error: 0,
  threshold: 0.9,
  ready: false,
  topics: [],
  focus: [],
  reasons: [],
  history: [],
  streak_days: 0,
  daily_goal: 20,
  answered_today: 0,
  ...overrides,
});

/** A finished marathon run of two questions, as the training sessions calls answer it. */
export const trainingSessionFixture = (overrides: Record<string, unknown> = {}) => ({
  id: 12,
  session_id: 12,
  session_type: 'marathon',
  question_ids: [4, 9],
  time_limit_seconds: null,
  questions_answered: 2,
  correct_answers: 1,
  total_points: 1,
  time_spent_seconds: 900,
  is_completed: true,
  completed_at: '2026-11-27T10:15:00.000Z',
  created_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

/** The memory of a question right once, as a training answer's call answers it. */
export const questionMemoryFixture = (questionId: number, isCorrect = true) => ({
  question_id: questionId,
  correct_count: isCorrect ? 1 : 0,
  wrong_count: isCorrect ? 0 : 1,
  is_weak: !isCorrect,
  due_at: '2026-11-28T10:00:00.000Z',
});
