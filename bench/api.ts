import type { ChildProcess } from 'node:child_process';
import { askChild } from './server-process';

/** A small JSON client for a server process, failing loudly on an unexpected status. */
export function apiClient(baseUrl: string) {
  return async function call<T>(
    method: string,
    url: string,
    init: { token?: string; body?: unknown; form?: FormData; expect?: number[] } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {};
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    let body: string | FormData | undefined;
    if (init.form) body = init.form;
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.body);
    }
    const response = await fetch(`${baseUrl}/api/v1${url}`, { method, headers, body });
    const text = await response.text();
    const parsed = (
      text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    ) as T;
    const expected = init.expect ?? [200, 201];
    if (!expected.includes(response.status)) {
      throw new Error(`${method} ${url} answered ${response.status}: ${text.slice(0, 300)}`);
    }
    return { status: response.status, body: parsed };
  };
}

export type ApiCall = ReturnType<typeof apiClient>;

export interface QuestionSummary {
  id: number;
  right_answers: string;
}

/** Registers a learner and answers their token. */
export async function registerLearner(call: ApiCall, name: string): Promise<string> {
  const { body } = await call<{ access_token: string }>('POST', '/auth/register', {
    body: {
      username: name,
      email: `${name}@example.com`,
      password: `pw-${name}-secret`,
      first_name: 'Bench',
      last_name: 'Learner',
    },
  });
  return body.access_token;
}

export async function login(call: ApiCall, username: string, password: string): Promise<string> {
  const { body } = await call<{ access_token: string }>('POST', '/auth/login', {
    body: { username, password },
  });
  return body.access_token;
}

/**
 * A complete exam body (40 answers on the demo bank) for a session started now, as the exam
 * page submits it. Each call starts a session of its own: a session takes one result.
 */
export async function examBody(call: ApiCall, token: string): Promise<string> {
  const { body } = await call<{
    session_id: number;
    main_count: number;
    questions: QuestionSummary[];
  }>('POST', '/exams/sessions', { token });
  return JSON.stringify({
    exam_type: 'exam',
    session_id: body.session_id,
    answers: body.questions
      .slice(0, body.main_count)
      .map((q, i) => ({ question_id: q.id, selected_answers: [i % 3 === 0 ? 2 : 1] })),
  });
}

/** The server's own RSS, asked over IPC. */
export async function serverRss(child: ChildProcess): Promise<number> {
  const memory = await askChild<NodeJS.MemoryUsage>(child, { type: 'memory' });
  return memory.rss;
}
