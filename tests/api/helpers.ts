import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { type AppOptions, buildApp } from '../../server/app';
import type { AppDatabase } from '../../server/db/database';
import { createPgSchema, dropPgSchema } from '../../bench/server-process';
import { holdToContract } from './contract-conformance';

export type DatabaseKind = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export const ADMIN_PASSWORD = 'admin-test-password';

/** A course's rules for a short exam of three questions, passed at 60 %, with no extras. */
export const SHORT_EXAM_RULES = {
  question_count: 3,
  time_limit_seconds: 600,
  pass_rule: 'percent_questions',
  pass_value: 60,
  extra_questions_per_mistake: 0,
  extra_seconds_per_mistake: 0,
} as const;

/** A new course of `name` in `language`, with `rules` (the short exam's by default); its id. */
export async function createCourse(
  t: TestApp,
  adminToken: string,
  name: string,
  language = 'en',
  rules: Record<string, unknown> = SHORT_EXAM_RULES,
): Promise<number> {
  const res = await t.api<{ id: number }>('POST', '/admin/courses', {
    token: adminToken,
    body: { name, language, rules },
  });
  if (res.status !== 201)
    throw new Error(`course ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  raw: Buffer;
}

export interface TestApp {
  app: FastifyInstance;
  kind: DatabaseKind;
  dataDir: string;
  options: AppOptions;
  /**
   * The app's own database, to set up rows and check what is stored behind the API's back. Not a
   * second handle: a SQLite file is held by its server alone.
   */
  database: AppDatabase;
  /** Calls the API under /api/v1 with an optional bearer token and JSON body. */
  api<T = any>(
    method: InjectOptions['method'],
    url: string,
    init?: { token?: string | undefined; body?: unknown; headers?: Record<string, string> },
  ): Promise<ApiResponse<T>>;
  adminToken(): Promise<string>;
  /** Registers a new learner and returns their token and id. */
  learner(name?: string): Promise<{ token: string; id: number; username: string }>;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh app on a fresh database of the given kind. */
export async function createTestApp(
  kind: DatabaseKind,
  overrides: Partial<AppOptions> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-test-'));
  let pgSchema: string | undefined;
  if (kind === 'postgres') {
    // A random part too: a name made of the pid and the time alone once met another test's.
    pgSchema = await createPgSchema(String(process.env.TEST_DATABASE_URL), 't');
  }
  const options: AppOptions = {
    dataDir,
    jwtSecret: 'test-secret-that-is-long-enough-0123456789',
    databaseUrl: kind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined,
    pgSchema,
    adminPassword: ADMIN_PASSWORD,
    seedDemo: false,
    authRateLimit: 10_000,
    ...overrides,
  };
  const app = await buildApp(options);
  holdToContract(app);
  let adminToken: string | undefined;

  async function api<T = any>(
    method: InjectOptions['method'],
    url: string,
    init: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await app.inject({
      method,
      url: url.startsWith('/api/') || url.startsWith('/images/') ? url : `/api/v1${url}`,
      headers,
      ...(init.body !== undefined
        ? typeof init.body === 'string' || Buffer.isBuffer(init.body)
          ? { payload: init.body }
          : { payload: init.body as object }
        : {}),
    });
    const type = String(response.headers['content-type'] ?? '');
    return {
      status: response.statusCode,
      body: (type.includes('json') ? response.json() : response.body) as T,
      headers: response.headers,
      raw: response.rawPayload,
    };
  }

  return {
    app,
    kind,
    dataDir,
    options,
    database: app.database,
    api,
    async adminToken() {
      if (!adminToken) {
        const res = await api('POST', '/auth/login', {
          body: { username: 'admin', password: ADMIN_PASSWORD },
        });
        adminToken = (res.body as { access_token: string }).access_token;
      }
      return adminToken;
    },
    async learner(name = `learner${counter++}`) {
      const res = await api('POST', '/auth/register', {
        body: {
          username: name,
          email: `${name}@example.com`,
          password: 'pw-' + name,
          first_name: 'Lea',
          last_name: 'Rner',
        },
      });
      if (res.status !== 201) throw new Error(`register failed: ${JSON.stringify(res.body)}`);
      const body = res.body as { access_token: string; user: { id: number; username: string } };
      return { token: body.access_token, id: body.user.id, username: body.user.username };
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) await dropPgSchema(String(process.env.TEST_DATABASE_URL), pgSchema);
    },
  };
}

/** Adds questions through the admin API, one per entry of `points`; returns their ids. */
export async function addQuestions(t: TestApp, points: readonly number[]): Promise<number[]> {
  const token = await t.adminToken();
  const ids: number[] = [];
  for (const [index, value] of points.entries()) {
    const res = await t.api<{ id: number }>('POST', '/admin/questions', {
      token,
      body: {
        question_text: `Question ${index} worth ${value}?`,
        answer_1: 'Yes',
        answer_2: 'No',
        right_answers: '1',
        points: value,
      },
    });
    if (res.status !== 201)
      throw new Error(`addQuestions: ${res.status} ${JSON.stringify(res.body)}`);
    ids.push(res.body.id);
  }
  return ids;
}

/** A multipart/form-data body with one file field named `file`. */
export function multipartFile(
  content: string | Buffer,
  filename: string,
  contentType = 'application/octet-stream',
): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----trainer${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * Imports a bank file (a questions CSV or a package's zip) into course `courseId` as the admin
 * import area sends it; `query` adds the import's options (`&update_edited=true`).
 */
export function importBankFile<T = any>(
  t: TestApp,
  token: string,
  courseId: number,
  content: string | Buffer,
  filename: string,
  query = '',
) {
  const upload = multipartFile(content, filename);
  return t.api<T>('POST', `/admin/questions/import-csv?course_id=${courseId}${query}`, {
    token,
    body: upload.body,
    headers: upload.headers,
  });
}

/** An answer as a test submits it (a bank lookup may still be undefined where it is typed). */
export interface SubmittedAnswer {
  question_id: number | undefined;
  selected_answers?: readonly number[] | undefined;
  answered_at?: string;
  [other: string]: unknown;
}

export interface HeldExamOptions {
  /** The main part's size; the rest of `questionIds` is the extra-questions reserve. All by default. */
  mainCount?: number;
  /** When the exam began (a past time lets a test be late without waiting); now by default. */
  startedAt?: Date;
  timeLimitSeconds?: number;
  /** The default course (1) unless given. */
  courseId?: number;
  /** The rules the session was drawn under; none (a session from before 0030) by default. */
  rules?: Record<string, unknown>;
}

/**
 * An exam session of `userId` holding exactly `questionIds`, in that order, as POST
 * /exams/sessions draws one for a course of that many questions: a test chooses which
 * questions its exam asks instead of taking a random draw. Returns the session's id.
 */
export async function heldExam(
  t: TestApp,
  userId: number,
  questionIds: readonly number[],
  options: HeldExamOptions = {},
): Promise<number> {
  const row = await t.database.db
    .insertInto('exam_sessions')
    .values({
      user_id: userId,
      exam_type: 'exam',
      question_ids: JSON.stringify(questionIds),
      main_count: options.mainCount ?? questionIds.length,
      time_limit_seconds: options.timeLimitSeconds ?? 2400,
      course_id: options.courseId ?? 1,
      result_id: null,
      started_at: (options.startedAt ?? new Date()).toISOString(),
      completed_at: null,
      rules: options.rules ? JSON.stringify(options.rules) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Submits an exam in a session holding just the questions it answers (see heldExam): the
 * submission as the exam page sends it, graded as that session's exam.
 */
export async function submitHeldExam<T = any>(
  t: TestApp,
  learner: { token: string; id: number },
  body: { answers: readonly SubmittedAnswer[] } & Record<string, unknown>,
  options: HeldExamOptions = {},
): Promise<ApiResponse<T>> {
  const ids = body.answers.map((answer) => Number(answer.question_id));
  const session_id = await heldExam(t, learner.id, ids, options);
  return t.api<T>('POST', '/exams/submit', {
    token: learner.token,
    body: { exam_type: 'exam', ...body, session_id },
  });
}
