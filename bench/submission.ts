import { type ApiCall, examBody } from './api';
import { compileChild, startFlags } from './compile';
import { BENCH_ADMIN_PASSWORD, BENCH_JWT_SECRET } from './data';
import { load, type LoadFigures } from './load';
import { type ServerProcess, startServer } from './server-process';

export interface BenchAppOptions {
  dataDir: string;
  /** PostgreSQL instead of SQLite in dataDir: the URL and a schema of the benchmark's own. */
  databaseUrl?: string | undefined;
  pgSchema?: string | undefined;
  /** On the benchmark's server core (bench/cpu-pinning.ts); true by default. */
  pinned?: boolean;
  /** More of the child's environment (bench/server-child.ts reads BENCH_AUTH_RATE_LIMIT). */
  env?: Record<string, string>;
}

/**
 * The app as the benchmarks load it: bench/server-child.ts compiled to plain JavaScript and run
 * with `npm start`'s node flags, answering once /api/v1/health does.
 */
export async function startBenchApp(options: BenchAppOptions): Promise<ServerProcess> {
  return startServer({
    pinned: options.pinned ?? true,
    entry: await compileChild('server-child'),
    tsx: false,
    nodeArgs: startFlags(),
    ipc: true,
    env: {
      DATA_DIR: options.dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      DATABASE_URL: options.databaseUrl ?? '',
      PG_SCHEMA: options.pgSchema ?? '',
      ...options.env,
    },
  });
}

/** Exam sessions started before the submission case: more than it can send in its time. */
const SUBMISSIONS_PER_SECOND_AT_MOST = 3000;

/**
 * POST /exams/submit under load: the same learner submitting 40-answer exams, each in a session
 * of its own started beforehand (a session takes one result; a resend would be answered from
 * the saved result, a different and cheaper path). `progress` hears of each step.
 */
export async function submitLoad(
  url: string,
  call: ApiCall,
  token: string,
  seconds: number,
  progress: (step: string) => void = () => {},
): Promise<LoadFigures | undefined> {
  progress('exam sessions for the submissions');
  const bodies: string[] = [];
  const wanted = seconds * SUBMISSIONS_PER_SECOND_AT_MOST;
  const starter = async () => {
    while (bodies.length < wanted) bodies.push(await examBody(call, token));
  };
  await Promise.all(Array.from({ length: 4 }, starter));
  if (bodies.length === 0) return undefined;
  let next = 0;
  progress('POST /exams/submit');
  const figures = await load({
    url: `${url}/api/v1/exams/submit`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: bodies[0],
    bodies: () => bodies[Math.min(next++, bodies.length - 1)] as string,
    seconds,
  });
  // Past the sessions made, the last one would be answered as a resend (200): not this case.
  if (next > bodies.length) figures.failures += next - bodies.length;
  return figures;
}

/**
 * POST /training-modules/weak-spots/update under load: the same learner's training answers, as
 * the practice screen records them (src/lib/pending-answers.ts), each with a fresh `client_id`
 * (a resend would be answered from memory, a cheaper path), over the bank's first 100 questions,
 * right three times in four.
 */
export async function answerLoad(
  url: string,
  call: ApiCall,
  token: string,
  seconds: number,
): Promise<LoadFigures> {
  const page = await call<{ questions: { id: number }[] }>(
    'GET',
    '/questions?mode=all-questions&page=1&limit=100',
    { token },
  );
  const ids = page.body.questions.map((question) => question.id);
  let sent = 0;
  return load({
    url: `${url}/api/v1/training-modules/weak-spots/update`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
    bodies: () => {
      sent += 1;
      return JSON.stringify({
        question_id: ids[sent % ids.length],
        is_correct: sent % 4 !== 0,
        topic_name: null,
        client_id: `bench-${sent}`,
      });
    },
    seconds,
  });
}
