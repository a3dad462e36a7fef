import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Row types shared by SQLite and PostgreSQL. Booleans are stored as 0/1 integers and
 * timestamps as ISO-8601 text so both databases read and sort them the same way.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_admin: number;
  is_active: number;
  created_at: string;
  last_login: string | null;
  /**
   * Moves whenever the user's exam results or memory change (migration 0007): by triggers, and
   * on SQLite by memory's writer for inserted and updated memory rows (migration 0024).
   */
  activity_revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** Moves with every password change; tokens carry it (migration 0008). */
  session_revision: ColumnType<number | null, number | null | undefined, number | null>;
  /** The course the user learns (migration 0013). */
  course_id: ColumnType<number, number | undefined, number>;
  /** The language the user's questions come in; null for the default (migration 0023). */
  content_language: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A question bank with its exam rules (migration 0013); course 1 is the default one. */
export interface CoursesTable {
  id: Generated<number>;
  name: string;
  description: string;
  language: string;
  question_count: number;
  time_limit_seconds: number;
  pass_rule: string;
  pass_value: number;
  extra_questions_per_mistake: number;
  extra_seconds_per_mistake: number;
  /** 1: the exam ends once it can no longer be passed (migration 0030). */
  ends_when_failed: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export interface QuestionsTable {
  id: Generated<number>;
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  right_answers: string;
  points: number;
  photo: string | null;
  /** What the photo shows, for those who cannot see it (migration 0012). */
  photo_alt: ColumnType<string | null, string | null | undefined, string | null>;
  explanation: string | null;
  created_at: string;
  /** The searchable words, folded (migration 0009); null until filled. */
  search_text: ColumnType<string | null, string | null | undefined, string | null>;
  course_id: ColumnType<number, number | undefined, number>;
}

/** A question in another language than its course's, one row per language (migration 0023). */
export interface QuestionTranslationsTable {
  question_id: number;
  language: string;
  question_text: string;
  answer_1: string;
  answer_2: string;
  answer_3: string | null;
  answer_4: string | null;
  answer_5: string | null;
  explanation: string | null;
  photo_alt: string | null;
}

export interface ImagesTable {
  name: string;
  content_type: string;
  data: Buffer;
  etag: string;
  created_at: string;
}

export interface TicketsTable {
  id: Generated<number>;
  ticket_number: number;
  question_ids: string;
  created_at: string;
  course_id: ColumnType<number, number | undefined, number>;
}

export interface TopicsTable {
  id: Generated<number>;
  name: string;
  question_ids: string;
  created_at: string;
  course_id: ColumnType<number, number | undefined, number>;
  /** The name in other languages: a JSON object by language (migration 0028); null for none. */
  translations: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SettingsTable {
  id: Generated<number>;
  key: string;
  value: string;
  description: string | null;
  data_type: string;
  is_public: number;
  updated_at: string;
}

export interface ExamResultsTable {
  id: Generated<number>;
  user_id: number;
  exam_type: string;
  total_questions: number;
  correct_answers: number;
  score: number;
  passed: number;
  time_taken: number | null;
  total_points: number;
  max_points: number;
  answers: string;
  /** The client's key for the attempt; unique per user. */
  client_id: string | null;
  created_at: string;
  course_id: ColumnType<number, number | undefined, number>;
  /** The rule and mark it was graded by, and what decided it (migration 0013). */
  pass_rule: ColumnType<string, string | undefined, string>;
  pass_value: ColumnType<number, number | undefined, number>;
  decided_by: ColumnType<string, string | undefined, string>;
  mistakes: ColumnType<number, number | undefined, number>;
  unanswered: ColumnType<number, number | undefined, number>;
  /** The exam session it was graded against; one result per session (migration 0018). */
  session_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 when the exam went past its time (an answer after the limit, or a late submission). */
  over_time: ColumnType<number, number | undefined, number>;
  /** The language the exam was sat in (its session's); null for training and before 0023. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the exam ended at the mistake that failed it, graded on the questions asked (0030). */
  ended_early: ColumnType<number, number | undefined, number>;
}

export interface ExamSessionsTable {
  id: Generated<number>;
  user_id: number;
  exam_type: string;
  question_ids: string;
  time_limit_seconds: number;
  result_id: number | null;
  started_at: string;
  completed_at: string | null;
  course_id: ColumnType<number, number | undefined, number>;
  /** The drawn questions' main part; the rest is the extra-questions reserve (migration 0018). */
  main_count: ColumnType<number | null, number | null | undefined, number | null>;
  /** The language the exam is sat in; null for a session from before migration 0023. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When a session drawn ahead for an offline start was drawn (migration 0025); null for one
   * started when drawn. Its `started_at` is the draw's time until its result sets the claimed start.
   */
  prepared_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The course's rules when drawn, as JSON (migration 0030); null for a session from before. */
  rules: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TrainingSessionsTable {
  id: Generated<number>;
  user_id: number;
  session_type: string;
  question_ids: string;
  time_limit_seconds: number | null;
  questions_answered: number;
  correct_answers: number;
  total_points: number;
  time_spent_seconds: number;
  is_completed: number;
  completed_at: string | null;
  created_at: string;
  course_id: ColumnType<number, number | undefined, number>;
  /**
   * The questions whose first answer the server counted in the figures (a JSON array); NULL for
   * a session from before migration 0022, whose figures are the ones its client sent.
   */
  counted_question_ids: ColumnType<string | null, string | null | undefined, string | null>;
  /** The client's key for a session recorded once its run was over (migration 0026). */
  client_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Per-learner, per-question memory: answer counts and the FSRS card. */
export interface QuestionMemoryTable {
  user_id: number;
  question_id: number;
  topic_name: string | null;
  correct_count: number;
  wrong_count: number;
  last_correct: number;
  stability: number;
  difficulty: number;
  reps: number;
  lapses: number;
  state: number;
  elapsed_days: number;
  scheduled_days: number;
  learning_steps: number;
  due_at: string;
  last_answered_at: string;
  /**
   * The client's keys of the latest training answers counted, newest first and space-separated
   * (migration 0011); null before any.
   */
  recent_answer_keys: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  username: string | null;
  action: string;
  summary: string;
  /** JSON of the values the summary is made of (migration 0005); null before. */
  details: string | null;
  created_at: string;
}

/** Counters moved on by triggers whenever a cached data set changes (migration 0004). */
export interface CacheRevisionsTable {
  name: string;
  revision: number;
}

/** The one row `/health` rewrites to show the database takes writes (migration 0014). */
export interface HealthProbeTable {
  id: number;
  checked_at: string;
}

/** Tokens signed out before they expire, by their id (migration 0015). */
export interface RevokedTokensTable {
  token_id: string;
  user_id: number;
  /** The token's own expiry (ISO-8601): past it the row is no longer needed. */
  expires_at: string;
}

/** Attempts counted per key and window, shared by every process (migration 0016). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  /** When the window ends, in milliseconds since 1970. */
  resets_at: number;
}

/** The questions a learner starred (migration 0021). */
export interface BookmarksTable {
  user_id: number;
  question_id: number;
  created_at: string;
}

/** A learner's day in a course: answers given and the day's latest pass probability (migration 0020). */
export interface ReadinessDaysTable {
  user_id: number;
  course_id: number;
  /** UTC day, `YYYY-MM-DD`. */
  day: string;
  answers: number;
  probability: number | null;
}

/** A learner's decayed answer sums in a course, which readiness learns from (migration 0020). */
export interface ReadinessEvidenceTable {
  user_id: number;
  course_id: number;
  first_answers: number;
  first_right: number;
  seen_answers: number;
  seen_retrievability: number;
  seen_right: number;
  updated_at: string;
}

export interface Database {
  courses: CoursesTable;
  users: UsersTable;
  questions: QuestionsTable;
  question_translations: QuestionTranslationsTable;
  images: ImagesTable;
  tickets: TicketsTable;
  topics: TopicsTable;
  settings: SettingsTable;
  exam_results: ExamResultsTable;
  exam_sessions: ExamSessionsTable;
  training_sessions: TrainingSessionsTable;
  question_memory: QuestionMemoryTable;
  readiness_days: ReadinessDaysTable;
  readiness_evidence: ReadinessEvidenceTable;
  audit_log: AuditLogTable;
  cache_revisions: CacheRevisionsTable;
  health_probe: HealthProbeTable;
  revoked_tokens: RevokedTokensTable;
  rate_limits: RateLimitsTable;
  bookmarks: BookmarksTable;
}

export type CourseRow = Selectable<CoursesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type QuestionRow = Selectable<QuestionsTable>;
/** A question as the API and grading read it: every column but the search index's. */
export type QuestionRecord = Omit<QuestionRow, 'search_text' | 'course_id'>;
export type NewQuestion = Insertable<QuestionsTable>;
export type QuestionTranslationRow = Selectable<QuestionTranslationsTable>;
export type TicketRow = Selectable<TicketsTable>;
export type TopicRow = Selectable<TopicsTable>;
export type SettingRow = Selectable<SettingsTable>;
export type ExamResultRow = Selectable<ExamResultsTable>;
export type ExamSessionRow = Selectable<ExamSessionsTable>;
export type TrainingSessionRow = Selectable<TrainingSessionsTable>;
export type QuestionMemoryRow = Selectable<QuestionMemoryTable>;
export type AuditLogRow = Selectable<AuditLogTable>;

/** Tables in an order that respects foreign keys (parents first), for backup and restore. */
export const TABLES_IN_ORDER = [
  'courses',
  'users',
  'questions',
  'question_translations',
  'images',
  'tickets',
  'topics',
  'settings',
  'exam_results',
  'exam_sessions',
  'training_sessions',
  'question_memory',
  'readiness_days',
  'readiness_evidence',
  'audit_log',
  'bookmarks',
] as const satisfies readonly (keyof Database)[];
