/**
 * The capacity benchmark's load generator: a child process (bench/capacity.ts forks one or more)
 * running simulated learners against one or more servers, each learner on its own loop of
 * pauses and calls (bench/capacity-model.ts). It answers its parent over IPC: `grow` signs new
 * learners in and sets them going; `measure` starts a window, `report` ends it and answers the
 * durations and errors of the calls started in it, with this process's CPU time.
 */
import http from 'node:http';
import { answerKeyOf } from '../domain/answers';
import {
  type Action,
  type ActionMix,
  CALL_KINDS,
  type CallKind,
  chooseAction,
  thinkMs,
} from './capacity-model';

export interface LearnersSetup {
  type: 'setup';
  /** The servers' base URLs; a learner uses the one its `server` indexes. */
  servers: string[];
  password: string;
  meanThinkMs: number;
  /** How long a learner takes over the 40 answers of an exam, between its two calls. */
  examMs: number;
  mix: ActionMix;
  /** Sign-ins this process keeps in flight at once while growing. */
  signInConcurrency: number;
  /** Keep-alive connections this process opens to each server at most. */
  socketsPerServer: number;
  /** Calls taking this long or longer are reported with when they started. */
  limitMs: number;
}

export interface GrowMessage {
  type: 'grow';
  learners: { username: string; server: number }[];
}

export type ToLearners = LearnersSetup | GrowMessage | { type: 'measure' | 'report' | 'stop' };

export interface GrowReply {
  signInMs: number[];
  signInErrors: number;
  errorSamples: string[];
}

export interface Report {
  durations: Record<CallKind, number[]>;
  errors: Record<CallKind, number>;
  errorSamples: string[];
  /** When (epoch ms) each call at or over the limit started. */
  slowStarts: number[];
  /** This process's CPU time (user and system) over the window, in µs. */
  cpuMicros: number;
  windowMs: number;
}

interface Question {
  id: number;
  right_answers: string;
}

interface Learner {
  username: string;
  server: number;
  token: string;
  /** The training run's questions still to answer. */
  run: Question[];
}

let setup: LearnersSetup;
let agents: http.Agent[] = [];
let ticketNumbers: number[] = [];
let running = true;

/** A measuring window: what its calls gave, and those not answered yet. */
interface Window {
  startedAt: number;
  cpuAtStart: NodeJS.CpuUsage;
  durations: Record<CallKind, number[]>;
  errors: Record<CallKind, number>;
  errorSamples: string[];
  slowStarts: number[];
  unanswered: Record<CallKind, number>;
  /** Set while the window's end waits for its last answers. */
  allAnswered: (() => void) | null;
}

/** The open window; null between windows. */
let current: Window | null = null;
/** How long a window's end waits for its last calls before counting them as failed. */
const LAST_CALLS_WAIT_MS = 10_000;

function emptyByKind<T>(make: () => T): Record<CallKind, T> {
  return Object.fromEntries(CALL_KINDS.map((kind) => [kind, make()])) as Record<CallKind, T>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  /** The body when the status was 2xx. */
  text: string | null;
  /** What went wrong otherwise: the status and the start of the body, or the socket's error. */
  problem: string;
  /** From asking to the last byte of the answer, waiting for a free connection included. */
  ms: number;
}

/** One request on the learner's server's keep-alive connections. */
function send(
  learner: Pick<Learner, 'server'> & { token?: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const base = setup.servers[learner.server] as string;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {};
  if (learner.token) headers.authorization = `Bearer ${learner.token}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = (error: Error) =>
      resolve({ text: null, problem: error.message, ms: performance.now() - started });
    const request = http.request(
      `${base}/api/v1${path}`,
      { method, headers, agent: agents[learner.server] },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(chunks).toString();
          const status = response.statusCode ?? 0;
          resolve(
            status >= 200 && status < 300
              ? { text, problem: '', ms }
              : { text: null, problem: `${status} ${text.slice(0, 160)}`, ms },
          );
        });
        response.on('error', failed);
      },
    );
    request.on('error', failed);
    request.end(payload);
  });
}

/**
 * A learner's call, counted in the window it starts in (its answer waited for when the window
 * ends, so the slowest calls are not left out); answers the body, or null when it failed.
 */
async function call(
  kind: CallKind,
  learner: Learner,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<string | null> {
  const window = current;
  if (!window) return (await send(learner, method, path, body)).text;
  window.unanswered[kind] += 1;
  const startedAt = Date.now();
  const answer = await send(learner, method, path, body);
  window.unanswered[kind] -= 1;
  if (answer.text === null) {
    window.errors[kind] += 1;
    if (window.errorSamples.length < 10) window.errorSamples.push(`${kind}: ${answer.problem}`);
  } else window.durations[kind].push(answer.ms);
  if (answer.ms >= setup.limitMs) window.slowStarts.push(startedAt);
  if (unansweredIn(window) === 0) window.allAnswered?.();
  return answer.text;
}

const unansweredIn = (window: Window) =>
  Object.values(window.unanswered).reduce((sum, count) => sum + count, 0);

const draw = () => Math.random();
const pick = <T>(items: readonly T[]): T => items[Math.floor(draw() * items.length)] as T;
let nextClientId = 0;
const clientId = (learner: Learner, what: string) =>
  `bench-${what}-${learner.username}-${process.pid}-${nextClientId++}`;

/** Right about three times in four, as a learner in the middle of their course. */
function choiceFor(question: Question): { selected: number[]; right: boolean } {
  const right = answerKeyOf(question.right_answers);
  if (draw() < 0.75) return { selected: right, right: true };
  return { selected: right.length === 1 && right[0] === 1 ? [2] : [1], right: false };
}

/** A training answer, as the practice screen records it; a fresh ticket when the run is done. */
async function answer(learner: Learner) {
  if (learner.run.length === 0) {
    const ticket = pick(ticketNumbers);
    const text = await call(
      'ticket',
      learner,
      'GET',
      `/training-tickets/${ticket}?with_original=true`,
    );
    if (text === null) return;
    learner.run = (JSON.parse(text) as { questions: Question[] }).questions;
  }
  const question = learner.run.shift();
  if (!question) return;
  const { selected, right } = choiceFor(question);
  await call('answer', learner, 'POST', '/training-modules/weak-spots/update', {
    question_id: question.id,
    is_correct: right,
    topic_name: null,
    selected_answers: selected,
    client_id: clientId(learner, 'answer'),
  });
}

/** A page of the question list, as the questions screen asks for it. */
async function browse(learner: Learner) {
  const page = 1 + Math.floor(draw() * 5);
  await call(
    'browse',
    learner,
    'GET',
    `/questions?mode=all-questions&page=${page}&limit=40&with_original=true`,
  );
}

/** The dashboard's three calls, made at once as its loader makes them. */
async function dashboard(learner: Learner) {
  await Promise.all([
    call('stats', learner, 'GET', '/exams/stats'),
    call('history', learner, 'GET', '/exams/history?exam_type=exam&limit=100'),
    call('readiness', learner, 'GET', '/readiness'),
  ]);
}

/**
 * An exam: the session, the learner's time over its 40 questions (no calls meanwhile, as in the
 * app), then the answers in one submission, each dated on the server's clock from the session's
 * start, as the exam page dates them.
 */
async function exam(learner: Learner) {
  const text = await call('exam start', learner, 'POST', '/exams/sessions');
  if (text === null) return;
  const session = JSON.parse(text) as {
    session_id: number;
    main_count: number;
    started_at: string;
    questions: Question[];
  };
  const received = Date.now();
  await sleep(setup.examMs);
  if (!running) return;
  const startedAt = Date.parse(session.started_at);
  const main = session.questions.slice(0, session.main_count);
  const spentMs = Date.now() - received;
  await call('exam submit', learner, 'POST', '/exams/submit', {
    exam_type: 'exam',
    session_id: session.session_id,
    answers: main.map((question, index) => {
      const { selected, right } = choiceFor(question);
      return {
        question_id: question.id,
        selected_answers: selected,
        answered_at: new Date(startedAt + ((index + 1) * spentMs) / main.length).toISOString(),
        correct_answers: answerKeyOf(question.right_answers),
        is_correct: right,
      };
    }),
    time_taken: Math.round(spentMs / 1000),
    client_id: clientId(learner, 'exam'),
  });
}

const ACTIONS: Record<Action, (learner: Learner) => Promise<void>> = {
  answer,
  browse,
  dashboard,
  exam,
};

/** A learner's life after signing in: a pause, an action, a pause, ... until told to stop. */
async function live(learner: Learner) {
  // A first pause anywhere in one think time, so newcomers do not all call at once.
  await sleep(draw() * setup.meanThinkMs);
  while (running) {
    await ACTIONS[chooseAction(draw(), setup.mix)](learner);
    await sleep(thinkMs(draw(), setup.meanThinkMs));
  }
}

/** Signs the learners in, a few at a time, and sets each going as soon as it is in. */
async function grow(message: GrowMessage): Promise<GrowReply> {
  const reply: GrowReply = { signInMs: [], signInErrors: 0, errorSamples: [] };
  const queue = [...message.learners];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const answer = await send(next, 'POST', '/auth/login', {
        username: next.username,
        password: setup.password,
      });
      if (answer.text === null) {
        reply.signInErrors += 1;
        if (reply.errorSamples.length < 10) reply.errorSamples.push(`sign-in: ${answer.problem}`);
        continue;
      }
      reply.signInMs.push(answer.ms);
      const learner: Learner = {
        ...next,
        token: (JSON.parse(answer.text) as { access_token: string }).access_token,
        run: [],
      };
      if (ticketNumbers.length === 0) ticketNumbers = await ticketsOf(learner);
      void live(learner);
    }
  };
  await Promise.all(Array.from({ length: setup.signInConcurrency }, worker));
  return reply;
}

/** The bank's ticket numbers, asked once, for the training runs to pick from. */
async function ticketsOf(learner: Learner): Promise<number[]> {
  const answer = await send(learner, 'GET', '/training-tickets');
  const numbers =
    answer.text === null
      ? []
      : (JSON.parse(answer.text) as { ticket_number: number }[]).map((t) => t.ticket_number);
  if (numbers.length === 0) throw new Error(`no training tickets to practise: ${answer.problem}`);
  return numbers;
}

function startWindow() {
  current = {
    startedAt: performance.now(),
    cpuAtStart: process.cpuUsage(),
    durations: emptyByKind(() => []),
    errors: emptyByKind(() => 0),
    errorSamples: [],
    slowStarts: [],
    unanswered: emptyByKind(() => 0),
    allAnswered: null,
  };
}

async function endWindow(): Promise<Report> {
  const window = current;
  if (!window) throw new Error('no window to end');
  current = null;
  const windowMs = performance.now() - window.startedAt;
  const cpu = process.cpuUsage(window.cpuAtStart);
  if (unansweredIn(window) > 0) {
    await Promise.race([
      new Promise<void>((resolve) => (window.allAnswered = resolve)),
      sleep(LAST_CALLS_WAIT_MS),
    ]);
  }
  for (const kind of CALL_KINDS) {
    const left = window.unanswered[kind];
    if (left === 0) continue;
    window.errors[kind] += left;
    window.errorSamples.push(
      `${kind}: ${left} unanswered ${LAST_CALLS_WAIT_MS / 1000} s after the window`,
    );
  }
  const { durations, errors, errorSamples, slowStarts } = window;
  return {
    durations,
    errors,
    errorSamples,
    slowStarts,
    cpuMicros: cpu.user + cpu.system,
    windowMs,
  };
}

process.on('message', (message: ToLearners) => {
  const answerParent = (reply: unknown) => process.send?.(reply);
  switch (message.type) {
    case 'setup':
      setup = message;
      agents = message.servers.map(
        () => new http.Agent({ keepAlive: true, maxSockets: message.socketsPerServer }),
      );
      answerParent({ ok: true });
      break;
    case 'grow':
      grow(message).then(answerParent, (error: unknown) =>
        answerParent({ signInMs: [], signInErrors: 1, errorSamples: [String(error)] }),
      );
      break;
    case 'measure':
      startWindow();
      answerParent({ ok: true });
      break;
    case 'report':
      void endWindow().then(answerParent);
      break;
    case 'stop':
      running = false;
      for (const agent of agents) agent.destroy();
      process.exit(0);
  }
});
