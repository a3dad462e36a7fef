/**
 * Shared by the exam and training model tests: question fixtures, API actors whose promises
 * the test settles by hand, the replay of a graph path on a live actor, and the exam and
 * training graphs (events, filter, serialization) that the machine and screen tests both walk.
 */
import {
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { expect } from 'vitest';
import type { CourseRules, PassDecision } from '../../domain/course-rules';
import type { examMachine } from '../../machines/exam.machine';
import type { ExamSnapshot } from '../../machines/exam.selectors';
import type { ExamDraw, PendingExamResult } from '../../machines/exam.types';
import type {
  ExamResult,
  ExamSubmission,
  QuestionMemory,
  SessionRecordInput,
  SessionUpdateInput,
  TrainingSession,
  WeakSpotUpdateInput,
} from '../../machines/practice.types';
import { createTicker } from '../../machines/ticker.actor';
import type { trainingMachine } from '../../machines/training.machine';
import type { TrainingSnapshot } from '../../machines/training.selectors';
import {
  TRAINING_MODES,
  type ModeOffer,
  type StartedSession,
  type TicketProgress,
  type TicketsAndStats,
  type TopicProgress,
  type TopicsAndStats,
} from '../../machines/training.types';
import type { components } from '../../openapi/schema';
import { whileItsActorRuns } from './graph.harness';

export type Question = components['schemas']['Question'];

export const T0 = Date.UTC(2025, 5, 1, 9, 0, 0);

export function question(id: number, rightAnswers: string, answers = 2, points = 1): Question {
  return {
    id,
    question_text: `Question ${id}`,
    answer_1: 'A',
    answer_2: 'B',
    answer_3: answers >= 3 ? 'C' : null,
    answer_4: answers >= 4 ? 'D' : '',
    answer_5: answers >= 5 ? 'E' : null,
    right_answers: rightAnswers,
    points,
    photo: null,
    photo_alt: null,
    explanation: `Because of rule ${id}.`,
  };
}

interface Pending {
  input: unknown;
  /** Aborted when the state that invoked the call is left: the call no longer has a listener. */
  signal: AbortSignal;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** API actors that wait until the test settles them: `done(id, output)` or `fail(id, error)`. */
export class ManualApi {
  private readonly pending = new Map<string, Pending[]>();
  readonly calls: Array<{ id: string; input: unknown }> = [];

  actor<TOutput, TInput = unknown>(id: string) {
    return fromPromise<TOutput, TInput>(
      ({ input, signal }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ id, input });
          const queue = this.pending.get(id) ?? [];
          queue.push({ input, signal, resolve: (value) => resolve(value as TOutput), reject });
          this.pending.set(id, queue);
        }),
    );
  }

  /** The input of the oldest unsettled call of `id` still listened to. */
  inputOf(id: string): unknown {
    return this.live(id)[0]?.input;
  }

  /** Whether a call of `id` waits for its answer, made by a state still in it. */
  isWaiting(id: string): boolean {
    return this.live(id).length > 0;
  }

  callsOf(id: string): unknown[] {
    return this.calls.filter((call) => call.id === id).map((call) => call.input);
  }

  async done(id: string, output: unknown): Promise<void> {
    this.take(id).resolve(output);
    await settle();
  }

  async fail(id: string, error: unknown): Promise<void> {
    this.take(id).reject(error);
    await settle();
  }

  /** The oldest unsettled call of `id` still listened to; calls of states left are dropped. */
  private take(id: string): Pending {
    const next = this.live(id).shift();
    if (next === undefined) throw new Error(`no pending call of ${id}`);
    return next;
  }

  private live(id: string): Pending[] {
    const queue = (this.pending.get(id) ?? []).filter((call) => !call.signal.aborted);
    this.pending.set(id, queue);
    return queue;
  }
}

/** Lets settled promises deliver their events (microtasks only; nothing waits on real time). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

interface TickState {
  context: { startedAt: number | null; now: number | null };
}

/**
 * Plays one step's event on the live actor the way it happens for real: API outcomes by
 * settling the pending call, clock reports by moving the simulated clock (the ticker reports
 * the first instant by itself as it starts), everything else by sending it.
 */
export async function replayEvent(
  actor: AnyActorRef,
  event: EventObject,
  api: ManualApi,
  clock: SimulatedClock,
  before: TickState | undefined,
): Promise<void> {
  if (event.type === 'xstate.init') return;
  if (event.type.startsWith(DONE)) {
    await api.done(
      event.type.slice(DONE.length),
      (event as EventObject & { output: unknown }).output,
    );
    return;
  }
  if (event.type.startsWith(ERROR)) {
    await api.fail(
      event.type.slice(ERROR.length),
      (event as EventObject & { error: unknown }).error,
    );
    return;
  }
  if (event.type === 'timer.tick') {
    const { now } = event as EventObject & { now: number };
    const last = before?.context.now ?? null;
    if (before?.context.startedAt === null || last === null) return;
    clock.increment(now - last);
    return;
  }
  actor.send(event);
  await settle();
}

/** A simulated clock set to `T0` and a fresh set of manual API actors. */
export function clockAndApi(): { clock: SimulatedClock; api: ManualApi } {
  const clock = new SimulatedClock();
  clock.set(T0);
  return { clock, api: new ManualApi() };
}

/** The practice machine's API actors, settled by hand, and its ticker on the simulated clock. */
export function practiceActors(api: ManualApi, clock: SimulatedClock) {
  return {
    submitResult: api.actor<ExamResult, ExamSubmission>('submitResult'),
    updateWeakSpot: api.actor<QuestionMemory, WeakSpotUpdateInput>('updateWeakSpot'),
    updateTrainingSession: api.actor<TrainingSession, SessionUpdateInput>('updateTrainingSession'),
    recordTrainingSession: api.actor<TrainingSession, SessionRecordInput>('recordTrainingSession'),
    ticker: createTicker(clock),
  };
}

interface ClockedSnapshot {
  context: { startedAt: number | null; now: number | null };
}

/**
 * The clock only moves forward, and its first report comes as soon as the run is under way
 * (`running`): until then nothing else happens.
 */
export function clockFilter<TSnapshot extends ClockedSnapshot, TEvent extends EventObject>(
  running: (snapshot: TSnapshot) => boolean,
): (snapshot: TSnapshot, event: TEvent) => boolean {
  return (snapshot, event) => {
    const { startedAt, now } = snapshot.context;
    const waitingForClock = running(snapshot) && startedAt === null;
    if (event.type !== 'timer.tick') return !waitingForClock;
    const tick = event as TEvent & { now: number };
    if (startedAt === null) return tick.now === T0;
    return now !== null && tick.now > now;
  };
}

// The exam graph, walked by tests/model/exam.machine.test.ts and tests/model/exam.screen.test.tsx.

export type ExamEvent = EventFromLogic<typeof examMachine>;

export const EXAM_QUESTIONS = [question(1, '1'), question(2, '2,3', 3)];

/** The server's clock runs 3 s behind the browser's: answers are dated on the server's. */
export const SERVER_T0 = T0 - 3_000;
export const SESSION_ID = 77;

/** The exam session the server answers `POST /exams/sessions` with. */
export function drawOf(
  questions: readonly Question[],
  mainCount = questions.length,
  timeLimitSeconds = 2400,
): ExamDraw {
  return {
    sessionId: SESSION_ID,
    startedAt: SERVER_T0,
    questions: [...questions],
    mainCount,
    timeLimitSeconds,
    startedOnDevice: false,
  };
}

/**
 * The exam the server drew ahead and the device keeps, as `startPreparedExam` answers it with no
 * connection: the same questions, started on this browser's clock.
 */
export function preparedDrawOf(questions: readonly Question[]): ExamDraw {
  return { ...drawOf(questions), startedOnDevice: true };
}

/** The failed start that sends the exam to the prepared one: no answer from the server. */
export const START_UNREACHABLE = Object.assign(new Error('offline'), { status: 0 });
export const EXAM_LIMIT_MS = 2400 * 1000;
/** A saved result without picks: the exam keeps showing its own. */
export const EXAM_RESULT = { id: 9, answers: [] } as unknown as ExamResult;
/**
 * The result the server already held for the attempt (finished first in another tab): every
 * question answered right in 7:30. Where the learner's picks differ, the saved ones are shown.
 */
export const EXAM_RESULT_SAVED_EARLIER = {
  id: 8,
  time_taken: 450,
  answers: [
    { question_id: 1, selected_answers: [1] },
    { question_id: 2, selected_answers: [2, 3] },
  ],
} as unknown as ExamResult;

export const EXAM_TICKS = {
  start: { type: 'timer.tick', now: T0 },
  oneSecond: { type: 'timer.tick', now: T0 + 1000 },
  critical: { type: 'timer.tick', now: T0 + EXAM_LIMIT_MS - 59_000 },
  timeUp: { type: 'timer.tick', now: T0 + EXAM_LIMIT_MS },
} satisfies Record<string, ExamEvent>;

const examApiOutcomes = [
  {
    type: 'xstate.done.actor.loadQuestions',
    output: drawOf(EXAM_QUESTIONS),
    actorId: 'loadQuestions',
  },
  { type: 'xstate.done.actor.loadQuestions', output: drawOf([]), actorId: 'loadQuestions' },
  {
    type: 'xstate.error.actor.loadQuestions',
    error: START_UNREACHABLE,
    actorId: 'loadQuestions',
  },
  {
    type: 'xstate.done.actor.startPreparedExam',
    output: preparedDrawOf(EXAM_QUESTIONS),
    actorId: 'startPreparedExam',
  },
  { type: 'xstate.done.actor.startPreparedExam', output: null, actorId: 'startPreparedExam' },
  {
    type: 'xstate.error.actor.startPreparedExam',
    error: new Error('storage blocked'),
    actorId: 'startPreparedExam',
  },
  { type: 'xstate.done.actor.submitResult', output: EXAM_RESULT, actorId: 'submitResult' },
  {
    type: 'xstate.done.actor.submitResult',
    output: EXAM_RESULT_SAVED_EARLIER,
    actorId: 'submitResult',
  },
  { type: 'xstate.error.actor.submitResult', error: new Error('offline'), actorId: 'submitResult' },
] as unknown as ExamEvent[];

const examNavigation: ExamEvent[] = [
  { type: 'user.start' },
  { type: 'user.next' },
  { type: 'user.finish' },
  { type: 'user.showReview' },
  { type: 'user.hideReview' },
  { type: 'user.retry' },
];

/** The exam's navigation and API outcomes, without answers or clock reports. */
export const EXAM_BASE_EVENTS: ExamEvent[] = [...examNavigation, ...examApiOutcomes];

/** Every event, several clock reports (one into the last minute) and every answer. */
export const EXAM_ALL_EVENTS: ExamEvent[] = [
  ...EXAM_BASE_EVENTS,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  { type: 'user.toggleAnswer', answer: 3 },
  EXAM_TICKS.start,
  EXAM_TICKS.oneSecond,
  EXAM_TICKS.critical,
  EXAM_TICKS.timeUp,
  // A pending result sent later from this tab: as it was, or the other tab's saved first.
  { type: 'result.keptSent', result: EXAM_RESULT },
  { type: 'result.keptSent', result: EXAM_RESULT_SAVED_EARLIER },
  // The browser back online (the page's `online` event).
  { type: 'connection.restored' },
];

/**
 * Transitions a graph of the exam may explore (its graphs take about 20,000). One that outgrows
 * it has become endless, as when a transition keeps what it should reset (answers piling up over
 * retries): the walk then fails at once instead of running for ever.
 */
export const EXAM_GRAPH_LIMIT = 50_000;

export const filterExamEvents = whileItsActorRuns(
  clockFilter<ExamSnapshot, ExamEvent>((snapshot) => snapshot.matches('inProgress')),
);

/**
 * Context reduced to what the learner can see, so the graph is finite; the time left is worked
 * out by `remainingSeconds` (the selectors in the machine test, plain arithmetic on screen).
 */
export function examSerializer(
  remainingSeconds: (snapshot: ExamSnapshot) => number,
): (snapshot: ExamSnapshot) => string {
  return (snapshot) => {
    const { currentIndex, selected, answers, startedAt, delivery, questions, startedOnDevice } =
      snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      questions: questions.length,
      currentIndex,
      selected,
      answers,
      clock: startedAt === null ? 'not started' : remainingSeconds(snapshot),
      delivery,
      // Said by the offline notice, and what the submission claims.
      startedOnDevice,
    });
  };
}

// The exam of a course with the extra-questions rule (Russia's A/B exam made small), walked by
// the same two tests: 3 questions in 10 minutes, at most 1 mistake; a mistake in the main part,
// while the exam can still pass, adds 2 questions and 60 seconds; a mistake among those fails.

export const EXTRA_RULES: CourseRules = {
  question_count: 3,
  time_limit_seconds: 600,
  pass_rule: 'max_mistakes',
  pass_value: 1,
  extra_questions_per_mistake: 2,
  extra_seconds_per_mistake: 60,
  ends_when_failed: false,
};

/** The same course ending its exam at the mistake that fails it, as the Russian exam does. */
export const ENDING_RULES: CourseRules = { ...EXTRA_RULES, ends_when_failed: true };

/**
 * What `POST /exams/sessions` draws for it: the main part (1 to 3), then a reserve of three (4
 * to 6), one more than a mistake can reveal. Answer A is right in each; B is wrong.
 */
export const EXTRA_QUESTIONS = [1, 2, 3, 4, 5, 6].map((id) => question(id, '1'));

const serverResult = (
  id: number,
  verdict: { passed: boolean; decided_by: PassDecision; mistakes: number; unanswered: number },
): ExamResult => ({
  id,
  user_id: 1,
  over_time: false,
  ended_early: false,
  course_id: 2,
  pass_rule: 'max_mistakes',
  pass_value: 1,
  ...verdict,
  exam_type: 'exam',
  total_questions: 5,
  correct_answers: 4,
  score: 80,
  time_taken: 120,
  total_points: 4,
  max_points: 5,
  created_at: '2025-06-01T09:02:00Z',
  // Without the picks, so the summary keeps the learner's own and shows the server's verdict.
  answers: [],
});

/** The server's verdicts the summary must show as they are, whatever the picks held here. */
export const SERVER_FAILED_BY_EXTRA = serverResult(21, {
  passed: false,
  decided_by: 'extra_mistake',
  mistakes: 1,
  unanswered: 0,
});
export const SERVER_PASSED = serverResult(22, {
  passed: true,
  decided_by: 'max_mistakes',
  mistakes: 1,
  unanswered: 0,
});

export const EXTRA_TICKS = {
  start: { type: 'timer.tick', now: T0 },
  /** The course's 10 minutes are over: the end, unless a mistake added a minute. */
  tenMinutes: { type: 'timer.tick', now: T0 + 600_000 },
  /** The 10 minutes and the one a mistake added are over. */
  elevenMinutes: { type: 'timer.tick', now: T0 + 660_000 },
} satisfies Record<string, ExamEvent>;

export const EXTRA_EVENTS: ExamEvent[] = [
  ...examNavigation,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  EXTRA_TICKS.start,
  EXTRA_TICKS.tenMinutes,
  EXTRA_TICKS.elevenMinutes,
  ...([
    {
      type: 'xstate.done.actor.loadQuestions',
      output: drawOf(EXTRA_QUESTIONS, 3, 600),
      actorId: 'loadQuestions',
    },
    {
      type: 'xstate.done.actor.submitResult',
      output: SERVER_FAILED_BY_EXTRA,
      actorId: 'submitResult',
    },
    { type: 'xstate.done.actor.submitResult', output: SERVER_PASSED, actorId: 'submitResult' },
    {
      type: 'xstate.error.actor.submitResult',
      error: new Error('offline'),
      actorId: 'submitResult',
    },
  ] as unknown as ExamEvent[]),
];

/**
 * The extra-questions graph kept finite: one answer picked at a time (A, right, or B, wrong; both
 * together are walked on the default course's graph), so the picks are the rule's whole input.
 */
export const filterExtraEvents = (snapshot: ExamSnapshot, event: ExamEvent): boolean =>
  filterExamEvents(snapshot, event) &&
  !(
    event.type === 'user.toggleAnswer' &&
    snapshot.context.selected.length > 0 &&
    !snapshot.context.selected.includes(event.answer as 1)
  );

/** The extra-questions graph's states as the learner can tell them, the clock as seconds left. */
export function extraSerializer(
  remainingSeconds: (snapshot: ExamSnapshot) => number,
): (snapshot: ExamSnapshot) => string {
  return (snapshot) => {
    const { currentIndex, selected, answers, startedAt, delivery, questions, result } =
      snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      questions: questions.map((item) => item.id),
      currentIndex,
      selected,
      answers,
      clock: startedAt === null ? 'not started' : remainingSeconds(snapshot),
      delivery,
      result: result?.id ?? null,
    });
  };
}

// What each step of an exam must do, worked out apart from the machine (as
// tests/model/auth.machine.test.ts does): from the course's rules as the test states them, the
// questions the test's server answered with, and the picks the learner made.

/** A course's exam as a test states it, in its own words rather than the machine's. */
export interface CourseModel {
  name: string;
  rules: CourseRules;
  /** Mistakes in the main part that still earn extra questions (those that can still pass). */
  mistakesEarningExtras: number;
  /**
   * Whether an exam with these picks recorded (main part first) has ended, lost, before its
   * last question: only for a course that ends its exams at the mistake that fails them.
   */
  endsLost?(
    shown: readonly Question[],
    picks: readonly (readonly number[])[],
    mainSize: number,
  ): boolean;
  /** Passed, and what decided, for the questions shown with these picks (main part first). */
  verdict(
    shown: readonly Question[],
    picks: readonly (readonly number[])[],
    mainSize: number,
  ): { passed: boolean; decidedBy: PassDecision };
}

/** "Choose 1 answer": the key names a single answer, so a new pick replaces the last. */
export const hasOneRightAnswer = (item: Question) => item.right_answers.split(',').length === 1;
/** How many answers a question asks for: its key's numbers, counted from its text. */
export const rightCountOf = (item: Question) => item.right_answers.split(',').length;

export const isRightPick = (item: Question, picks: readonly number[]) =>
  [...picks].sort().join(',') === item.right_answers.split(',').sort().join(',');

/** The spec's exam: 40 questions in 40 minutes, at least 70 percent right. */
export const DEFAULT_COURSE_MODEL: CourseModel = {
  name: 'the default course',
  rules: {
    question_count: 40,
    time_limit_seconds: 2400,
    pass_rule: 'percent_questions',
    pass_value: 70,
    extra_questions_per_mistake: 0,
    extra_seconds_per_mistake: 0,
    ends_when_failed: false,
  },
  mistakesEarningExtras: 0,
  verdict: (shown, picks) => {
    const right = shown.filter((item, index) => isRightPick(item, picks[index] ?? [])).length;
    return {
      passed: shown.length > 0 && right * 100 >= 70 * shown.length,
      decidedBy: 'percent_questions',
    };
  },
};

export const EXTRA_COURSE_MODEL: CourseModel = {
  name: 'a course with extra questions',
  rules: EXTRA_RULES,
  mistakesEarningExtras: 1,
  verdict: (shown, picks, mainSize) => {
    const wrong = (index: number) => !isRightPick(shown[index]!, picks[index] ?? []);
    const indexes = shown.map((_, index) => index);
    const mainMistakes = indexes.filter((index) => index < mainSize && wrong(index)).length;
    const extraMistake = indexes.some((index) => index >= mainSize && wrong(index));
    if (mainMistakes > 1) return { passed: false, decidedBy: 'max_mistakes' };
    if (extraMistake) return { passed: false, decidedBy: 'extra_mistake' };
    return { passed: true, decidedBy: 'max_mistakes' };
  },
};

/**
 * The course with extra questions that ends its exam once it is lost: at the second mistake in
 * the main part (one is allowed) or at a mistake among the extra questions.
 */
export const ENDING_COURSE_MODEL: CourseModel = {
  ...EXTRA_COURSE_MODEL,
  name: 'a course ending its exam at the mistake that fails it',
  rules: ENDING_RULES,
  endsLost: (shown, picks, mainSize) => {
    const wrongAt = picks
      .map((selected, index) => selected.length > 0 && !isRightPick(shown[index]!, selected))
      .flatMap((wrong, index) => (wrong ? [index] : []));
    return (
      wrongAt.filter((index) => index < mainSize).length > 1 ||
      wrongAt.some((index) => index >= mainSize)
    );
  },
};

/** What a walk saw of the world: the calls made and the results kept to send again. */
export interface ExamWorld {
  calls: ReadonlyArray<{ id: string; input: unknown }>;
  pending: readonly PendingExamResult[];
}

const LOADS = ['xstate.done.actor.loadQuestions', 'xstate.done.actor.startPreparedExam'];

/** The draw the walk's last start began (the server's, or the one kept on the device), or null. */
function lastDrawIn(path: readonly EventObject[]): ExamDraw | null {
  const loads = path.filter((event) => LOADS.includes(event.type));
  return (loads.at(-1) as unknown as { output?: ExamDraw | null } | undefined)?.output ?? null;
}

/** The questions the walk's last start began with (none before one). */
function loadedIn(path: readonly EventObject[]): Question[] {
  return [...(lastDrawIn(path)?.questions ?? [])];
}

/** The exam as the course's rule makes it after the picks moved past: shown questions, limit. */
export function expectedExam(
  course: CourseModel,
  loaded: readonly Question[],
  movedPast: readonly (readonly number[])[],
) {
  const mainSize = Math.min(course.rules.question_count, loaded.length);
  const mainMistakes = movedPast
    .slice(0, mainSize)
    .filter((picks, index) => !isRightPick(loaded[index]!, picks)).length;
  const earning = Math.min(mainMistakes, course.mistakesEarningExtras);
  const shown = Math.min(
    loaded.length,
    mainSize + course.rules.extra_questions_per_mistake * earning,
  );
  return {
    mainSize,
    shownIds: loaded.slice(0, shown).map((item) => item.id),
    limitSeconds:
      course.rules.time_limit_seconds + course.rules.extra_seconds_per_mistake * earning,
  };
}

const ids = (items: readonly Question[]) => items.map((item) => item.id);
const sorted = (picks: readonly number[]) => [...picks].sort((a, b) => a - b);

/**
 * What every state of the exam promises, checked on the live actor after each step of a walk
 * (`events`: the walk's events so far, which tell what the server answered).
 */
export function expectExamInvariants(
  course: CourseModel,
  snapshot: ExamSnapshot,
  events: readonly EventObject[],
) {
  const { questions, answers, currentIndex, timeLimitSeconds, reserve } = snapshot.context;
  const loaded = loadedIn(events);
  if (
    snapshot.matches('notStarted') ||
    snapshot.matches('loading') ||
    snapshot.matches('startingPrepared')
  ) {
    expect(questions).toEqual([]);
    expect(answers).toEqual([]);
    expect(timeLimitSeconds).toBe(course.rules.time_limit_seconds);
    return;
  }
  // Never a question of the reserve on screen nor in the result: only those the rule revealed.
  const shownIds = ids(questions);
  expect(shownIds).toEqual(ids(loaded).slice(0, shownIds.length));
  expect(ids(reserve)).toEqual(ids(loaded).slice(shownIds.length));
  if (snapshot.matches('inProgress')) {
    // Every answer recorded here was moved past with next: the rule has had its say on each.
    const expected = expectedExam(course, loaded, answers);
    expect(shownIds).toEqual(expected.shownIds);
    expect(timeLimitSeconds).toBe(expected.limitSeconds);
    expect(answers).toHaveLength(currentIndex);
  }
}

/**
 * The submission an exam makes of the shown questions and these picks (the rest unanswered): it
 * names the session, and dates each answer on the session's clock, in the order given, none past
 * the deadline; the one just given at `lastAt` (this browser's clock). A session the server
 * started is on the server's clock; one started on the device (the prepared one, with no
 * connection) is on this browser's, and the submission claims its start: the first clock report.
 */
function expectSubmission(
  submission: unknown,
  snapshot: ExamSnapshot,
  picks: readonly (readonly number[])[],
  timeTaken: number,
  lastAt: number,
  events: readonly EventObject[],
) {
  const { questions: shown, startedAt, timeLimitSeconds } = snapshot.context;
  const onDevice = lastDrawIn(events)?.startedOnDevice === true;
  const claimed = (submission as { started_at?: string }).started_at;
  expect(claimed).toBe(onDevice ? new Date(startedAt ?? T0).toISOString() : undefined);
  const sessionStart = onDevice ? (startedAt ?? T0) : SERVER_T0;
  expect(submission).toMatchObject({
    exam_type: 'exam',
    session_id: SESSION_ID,
    time_taken: timeTaken,
    answers: shown.map((item, index) => ({
      question_id: item.id,
      selected_answers: sorted(picks[index] ?? []),
      is_correct: isRightPick(item, picks[index] ?? []),
    })),
  });
  const sent = (submission as { answers: { selected_answers: number[]; answered_at?: string }[] })
    .answers;
  // On this browser's clock again: the session's start is the browser's first clock report.
  const dates = sent.map((answer) =>
    answer.answered_at === undefined
      ? null
      : Date.parse(answer.answered_at) - sessionStart + (startedAt ?? T0),
  );
  const given = picks.length;
  expect(dates.map((date) => date !== null)).toEqual(
    sent.map((answer, index) => index < given && answer.selected_answers.length > 0),
  );
  const deadline = (startedAt ?? T0) + timeLimitSeconds * 1000;
  const answered = dates.filter((date): date is number => date !== null);
  answered.forEach((date, index) => {
    expect(date).toBeGreaterThanOrEqual(index === 0 ? (startedAt ?? T0) : answered[index - 1]!);
    expect(date).toBeLessThanOrEqual(deadline);
  });
  if ((picks.at(-1) ?? []).length > 0) expect(dates[given - 1]).toBe(Math.min(lastAt, deadline));
}

/**
 * What each step promises about the one before it: `before` and `after` are the live actor's
 * snapshots, `world` what it asked of the world, `events` the walk's events up to this one.
 */
export function expectExamStep(
  course: CourseModel,
  before: ExamSnapshot,
  event: ExamEvent,
  after: ExamSnapshot,
  world: ExamWorld,
  events: readonly EventObject[],
) {
  // Widened: the graph also sends the invoked actors' done and error events.
  const type: string = event.type;
  const was = before.context;
  const now = after.context;
  const lastCall = world.calls.at(-1);
  switch (type) {
    case 'user.start':
      expect(after.value).toBe('loading');
      expect(lastCall?.id).toBe('loadQuestions');
      break;
    case 'xstate.done.actor.loadQuestions':
    case 'xstate.done.actor.startPreparedExam': {
      const loaded = loadedIn(events);
      if (loaded.length === 0) {
        expect(after.value).toEqual({ notStarted: 'loadFailed' });
        break;
      }
      expect(after.value).toBe('inProgress');
      expect(ids(now.questions)).toEqual(
        ids(loaded).slice(0, Math.min(course.rules.question_count, loaded.length)),
      );
      expect(now.currentIndex).toBe(0);
      expect(now.timeLimitSeconds).toBe(course.rules.time_limit_seconds);
      break;
    }
    case 'xstate.error.actor.loadQuestions':
      // The server out of reach or not: the app's actor decides whether the device's exam starts.
      expect(after.value).toBe('startingPrepared');
      expect(lastCall).toEqual({
        id: 'startPreparedExam',
        input: { error: (event as unknown as { error: unknown }).error },
      });
      break;
    case 'xstate.error.actor.startPreparedExam':
      expect(after.value).toEqual({ notStarted: 'loadFailed' });
      break;
    case 'user.toggleAnswer': {
      const { answer } = event as { answer: number };
      const shown = was.questions[was.currentIndex]!;
      // One right answer: a pick replaces; several: no more picks than the question asks for.
      const toggled = was.selected.includes(answer as 1)
        ? was.selected.filter((picked) => picked !== answer)
        : hasOneRightAnswer(shown)
          ? [answer]
          : was.selected.length >= rightCountOf(shown)
            ? was.selected
            : [...was.selected, answer];
      expect(now.selected).toEqual(sorted(toggled));
      expect(now.answers).toEqual(was.answers);
      break;
    }
    case 'user.next': {
      expect(was.selected.length).toBeGreaterThan(0);
      const recorded = [...was.answers, was.selected];
      if (
        course.endsLost?.(
          was.questions,
          recorded,
          expectedExam(course, loadedIn(events), []).mainSize,
        )
      ) {
        // The pick lost the exam: it ends here, sent with the questions shown and no more.
        expect(after.value).toBe('submitting');
        expect(ids(now.questions)).toEqual(ids(was.questions));
        expect(now.answers).toEqual(recorded);
        const elapsed = Math.floor(((was.now ?? 0) - (was.startedAt ?? 0)) / 1000);
        expectSubmission(lastCall?.input, before, recorded, elapsed, was.now ?? 0, events);
        expect(lastCall?.id).toBe('submitResult');
        break;
      }
      expect(after.value).toBe('inProgress');
      expect(now.answers).toEqual([...was.answers, was.selected]);
      expect(now.currentIndex).toBe(was.currentIndex + 1);
      expect(now.selected).toEqual([]);
      const expected = expectedExam(course, loadedIn(events), now.answers);
      expect(ids(now.questions)).toEqual(expected.shownIds);
      expect(now.timeLimitSeconds).toBe(expected.limitSeconds);
      // Next moves to a question that is there: the one after, or an extra one just revealed.
      expect(now.currentIndex).toBeLessThan(now.questions.length);
      break;
    }
    case 'user.finish': {
      expect(was.selected.length).toBeGreaterThan(0);
      expect(was.currentIndex).toBe(was.questions.length - 1);
      expect(after.value).toBe('submitting');
      // Finishing reveals nothing: the last pick earned no extra question.
      expect(ids(now.questions)).toEqual(ids(was.questions));
      const picks = [...was.answers, was.selected];
      const elapsed = Math.floor(((was.now ?? 0) - (was.startedAt ?? 0)) / 1000);
      expectSubmission(lastCall?.input, before, picks, elapsed, was.now ?? 0, events);
      expect(lastCall?.id).toBe('submitResult');
      break;
    }
    case 'timer.tick': {
      const tick = (event as { now: number }).now;
      const startedAt = was.startedAt ?? tick;
      const timeUp = tick - startedAt >= was.timeLimitSeconds * 1000;
      expect(now.now).toBe(tick);
      if (!timeUp) {
        expect(after.value).toEqual(before.value);
        break;
      }
      // Out of time: the current picks are recorded, nothing more is revealed, and the
      // questions never answered go with no pick.
      expect(after.value).toBe('submitting');
      expect(ids(now.questions)).toEqual(ids(was.questions));
      expect(now.timeLimitSeconds).toBe(was.timeLimitSeconds);
      expect(lastCall?.id).toBe('submitResult');
      expectSubmission(
        lastCall?.input,
        before,
        [...was.answers, was.selected],
        was.timeLimitSeconds,
        tick,
        events,
      );
      break;
    }
    case 'xstate.done.actor.submitResult':
      expect(after.value).toBe('finished');
      expect(now.result).toBe((event as unknown as { output: ExamResult }).output);
      expect(['saved', 'savedEarlier']).toContain(now.delivery);
      break;
    case 'xstate.error.actor.submitResult':
      expect(after.value).toBe('finished');
      expect(now.delivery).toBe('pending');
      // Kept to be sent again: the very submission that failed.
      expect(world.pending.at(-1)?.submission).toEqual(
        world.calls.filter((call) => call.id === 'submitResult').at(-1)?.input,
      );
      break;
    case 'user.showReview':
      expect(after.value).toBe('review');
      expect(now).toEqual(was);
      break;
    case 'user.hideReview':
      expect(after.value).toBe('finished');
      expect(now).toEqual(was);
      break;
    case 'user.retry':
      expect(after.value).toEqual({ notStarted: 'idle' });
      expect(now).toMatchObject({
        questions: [],
        reserve: [],
        answers: [],
        selected: [],
        currentIndex: 0,
        startedAt: null,
        now: null,
        result: null,
        delivery: null,
        timeLimitSeconds: course.rules.time_limit_seconds,
      });
      break;
    case 'connection.restored': {
      // Only a start that got no answer is forgotten: the last start's load failed for that.
      const lastStart = events.findLastIndex((step) => step.type === 'user.start');
      const unanswered = events
        .slice(lastStart)
        .some(
          (step) =>
            step.type === 'xstate.error.actor.loadQuestions' &&
            (step as unknown as { error: { status?: number } }).error.status === 0,
        );
      const failed = JSON.stringify(before.value) === JSON.stringify({ notStarted: 'loadFailed' });
      expect(after.value).toEqual(failed && unanswered ? { notStarted: 'idle' } : before.value);
      expect(now).toEqual(was);
      break;
    }
    case 'result.keptSent':
      expect(was.delivery).toBe('pending');
      expect(['sentLater', 'savedEarlier']).toContain(now.delivery);
      expect(after.value).toEqual(before.value);
      break;
    default:
      throw new Error(`no expected effect for ${type}`);
  }
}

/**
 * The verdict the summary must give: the server's once its result carries one, else the
 * course's rule over the questions shown and the picks.
 */
export function expectedVerdict(
  course: CourseModel,
  snapshot: ExamSnapshot,
  loaded: readonly Question[],
) {
  const { result, questions, answers } = snapshot.context;
  if (result && typeof result.decided_by === 'string') {
    return { passed: result.passed, decidedBy: result.decided_by };
  }
  return course.verdict(questions, answers, Math.min(course.rules.question_count, loaded.length));
}

export { loadedIn };

/** The answers a question shows: A and B always, C to E when not empty. */
export const shownAnswersOf = (item: Question) =>
  [item.answer_1, item.answer_2, item.answer_3, item.answer_4, item.answer_5].flatMap(
    (text, index) =>
      typeof text === 'string' && text.trim() !== '' ? [{ number: index + 1, text }] : [],
  );

/** A graded option: green when picked and right, red when picked and wrong, outlined when missed. */
export function expectedMark(item: Question, picks: readonly number[], answer: number) {
  const isRight = item.right_answers.split(',').map(Number).includes(answer);
  const isPicked = picks.includes(answer);
  if (isPicked) return isRight ? 'right' : 'wrong';
  return isRight ? 'missed' : 'none';
}

const EXAM_SCREENS: Record<string, string> = {
  notStarted: 'intro',
  loading: 'loading',
  startingPrepared: 'loading',
  inProgress: 'question',
  submitting: 'submitting',
  finished: 'summary',
  review: 'review',
};

/** `mm:ss`, written out: 2400 → `40:00`, 29 → `00:29`. */
export const clockText = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * What the exam screen shows in a state (spec 5, Exam), worked out from the state's name, the
 * course's rule and the walk's events: the screen, the question and `Question n of N`, the
 * options and picks, the button (Next, or Finish where no mistake could reveal extra questions)
 * and the event it sends, the countdown (red under a minute), the summary's figures and the
 * review's marks, and whether the attempt is kept in the browser.
 */
export function expectedExamScreen(
  course: CourseModel,
  snapshot: ExamSnapshot,
  events: readonly EventObject[],
) {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0]!;
  const { questions, answers, currentIndex, selected, startedAt, now, timeLimitSeconds, result } =
    snapshot.context;
  const loaded = loadedIn(events);
  const asking = top === 'inProgress';
  const started = asking || top === 'submitting' || top === 'finished' || top === 'review';
  const mainSize = Math.min(course.rules.question_count, loaded.length);
  const shown = asking ? (questions[currentIndex] ?? null) : null;
  // Extra questions a mistake on the question shown would reveal: the rule's count with one
  // more mistake, past those shown already (none for a mistake among the extra ones).
  const revealedByMistake =
    asking && currentIndex < mainSize
      ? expectedExam(course, loaded, [...answers, []]).shownIds.length - questions.length
      : 0;
  const pickIsWrong = shown !== null && !isRightPick(shown, selected);
  const last = currentIndex >= questions.length - 1;
  const movesOnWithNext =
    asking && selected.length > 0 && (!last || (pickIsWrong && revealedByMistake > 0));
  const remaining =
    startedAt === null || now === null
      ? timeLimitSeconds
      : Math.max(0, timeLimitSeconds - Math.floor(Math.max(0, now - startedAt) / 1000));
  const picksOf = (index: number) => answers[index] ?? [];
  // Lost before the last question, it ended there: the questions after the losing answer (the
  // last recorded) were never asked, and the summary leaves them out.
  const endedEarly =
    answers.length < questions.length && (course.endsLost?.(questions, answers, mainSize) ?? false);
  const asked = endedEarly ? questions.slice(0, answers.length) : questions;
  const graded = asked.map((item, index) => ({
    right: isRightPick(item, picksOf(index)),
    answered: picksOf(index).length > 0,
    extra: index >= mainSize,
    points: item.points,
  }));
  const main = graded.filter((item) => !item.extra);
  const extras = graded.filter((item) => item.extra);
  const percentOf = (part: number, whole: number) => (whole === 0 ? 0 : (part * 100) / whole);
  const sum = (items: typeof graded) => items.reduce((total, item) => total + item.points, 0);
  const timeTaken =
    result?.time_taken ??
    (startedAt === null || now === null
      ? 0
      : Math.min(Math.floor(Math.max(0, now - startedAt) / 1000), timeLimitSeconds));
  const server = result && typeof result.decided_by === 'string' ? result : null;
  const correct = graded.filter((item) => item.right).length;
  return {
    screen: EXAM_SCREENS[top],
    loadFailed: snapshot.matches({ notStarted: 'loadFailed' }),
    // The questions shown so far, in order (held to the draw by `expectExamInvariants`).
    questions,
    question: shown,
    position: { number: currentIndex + 1, total: questions.length },
    extraCount: started ? questions.length - mainSize : null,
    isExtra: asking && currentIndex >= mainSize,
    options: (shown === null ? [] : shownAnswersOf(shown)).map((option) => ({
      ...option,
      isSelected: selected.includes(option.number as 1),
    })),
    answered: answers.length,
    inProgress: asking,
    isLast: asking ? last && revealedByMistake === 0 : null,
    canMoveOn: asking && selected.length > 0,
    moveOn: movesOnWithNext ? 'user.next' : 'user.finish',
    remaining,
    timer: clockText(remaining),
    timeCritical: remaining < 60,
    summary: started
      ? {
          correct,
          total: asked.length,
          percent: percentOf(correct, asked.length),
          passRule: server?.pass_rule ?? course.rules.pass_rule,
          passValue: server?.pass_value ?? course.rules.pass_value,
          mistakes: server?.mistakes ?? main.filter((item) => !item.right).length,
          unanswered: server?.unanswered ?? graded.filter((item) => !item.answered).length,
          answeredWrong: graded.filter((item) => item.answered && !item.right).length,
          endedEarly,
          notAsked: questions.length - asked.length,
          extraQuestions: extras.length,
          extraMistakes: extras.filter((item) => !item.right).length,
          mainPercent: percentOf(main.filter((item) => item.right).length, main.length),
          mainPointsPercent: percentOf(sum(main.filter((item) => item.right)), sum(main)),
          mainPoints: sum(main.filter((item) => item.right)),
          mainMaxPoints: sum(main),
          timeTakenSeconds: timeTaken,
          timeRanOut: timeTaken >= timeLimitSeconds,
          overTime: result?.over_time === true,
        }
      : null,
    delivery: {
      pending: snapshot.context.delivery === 'pending',
      sentLater: snapshot.context.delivery === 'sentLater',
      savedEarlier: snapshot.context.delivery === 'savedEarlier',
    },
    // The questions asked, as the summary: none never reached is reviewed as a mistake.
    review: started
      ? asked.map((item, index) => {
          const picks: number[] = [...picksOf(index)];
          const key = item.right_answers.split(',').map(Number);
          return {
            question: item,
            number: index + 1,
            isExtra: index >= mainSize,
            isCorrect: isRightPick(item, picks),
            selected: picks,
            options: shownAnswersOf(item).map((option) => ({
              ...option,
              isRight: key.includes(option.number),
              isPicked: picks.includes(option.number),
              mark: expectedMark(item, picks, option.number),
            })),
            explanation: item.explanation,
          };
        })
      : null,
    persist: asking || top === 'finished' || top === 'review',
    // The key the result is sent under (`client_id`): the attempt's start.
    attemptKey: startedAt === null ? null : `exam-${startedAt}`,
  };
}

// The training graph, walked by tests/model/training.machine.test.ts and
// tests/model/training.screen.test.tsx.

export type TrainingEvent = EventFromLogic<typeof trainingMachine>;

export const TRAINING_QUESTIONS = [question(1, '1'), question(2, '2', 3, 2)];
export const TICKETS: TicketsAndStats = {
  tickets: [
    {
      id: 1,
      ticket_number: 3,
      question_ids: '[1,2]',
      question_count: 2,
      max_points: 60,
      created_at: '2025-06-01T00:00:00Z',
    },
  ],
  stats: { total_tickets: 1, tickets_available: 1 },
};
export const TOPICS: TopicsAndStats = {
  topics: [
    {
      id: 4,
      name: 'Signs',
      question_ids: '[1,2]',
      question_count: 2,
      created_at: '2025-06-01T00:00:00Z',
    },
  ],
  stats: { total_topics: 1, topics_available: 1 },
};
export const TICKET_PROGRESS: TicketProgress[] = [
  { ticket_number: 3, question_count: 2, answered: 2, right: 1 },
];
export const TOPIC_PROGRESS: TopicProgress[] = [
  { topic_id: 4, question_count: 2, answered: 2, right: 2 },
];
export const TICKET_QUESTIONS = {
  id: 1,
  ticket_number: 3,
  max_points: 60,
  questions: TRAINING_QUESTIONS,
};
export const session = (
  type: StartedSession['session_type'],
  limit: number | null,
  questions = TRAINING_QUESTIONS,
): StartedSession => ({
  session_id: 11,
  session_type: type,
  questions,
  time_limit_seconds: limit,
});
export const failure = new Error('offline');

/** Every API outcome the chart distinguishes: a list, an empty list, a failure. */
/** The server's modes, every one offering questions or none. */
function modeOffers(available: boolean): ModeOffer[] {
  // The server offers every mode but bookmarked, which is the learner's own list.
  const served = TRAINING_MODES.filter(
    (id): id is Exclude<typeof id, 'bookmarked'> => id !== 'bookmarked',
  );
  return served.map((id) => ({
    id,
    question_count: null,
    time_limit_seconds: null,
    available,
  }));
}

function outcomes(id: string, full: unknown, empty: unknown): TrainingEvent[] {
  const events: unknown[] = [
    { type: `xstate.done.actor.${id}`, output: full, actorId: id },
    { type: `xstate.error.actor.${id}`, error: failure, actorId: id },
  ];
  if (empty !== null) events.push({ type: `xstate.done.actor.${id}`, output: empty, actorId: id });
  return events as TrainingEvent[];
}

export const TRAINING_EVENTS: TrainingEvent[] = [
  ...TRAINING_MODES.map((mode): TrainingEvent => ({ type: 'user.selectMode', mode })),
  { type: 'user.back' },
  { type: 'user.start' },
  { type: 'user.startTicket', ticketNumber: 3 },
  { type: 'user.startTopic', topicId: 4 },
  // A link may name a ticket or topic that is not on the list.
  { type: 'user.startTicket', ticketNumber: 99 },
  { type: 'user.startTopic', topicId: 99 },
  { type: 'user.dismissAlert' },
  ...outcomes('loadTickets', TICKETS, null),
  // The empty ticket's max_points is never read: without questions the ticket is not started.
  ...outcomes('getTicketQuestions', TICKET_QUESTIONS, { ...TICKET_QUESTIONS, questions: [] }),
  ...outcomes('loadTopics', TOPICS, null),
  ...outcomes(
    'getTopicQuestions',
    { id: 4, name: 'Signs', questions: TRAINING_QUESTIONS },
    { id: 4, name: 'Signs', questions: [] },
  ),
  ...outcomes('startExpressTest', session('express', 300), session('express', 300, [])),
  ...outcomes('getWeakSpotQuestions', { questions: TRAINING_QUESTIONS }, { questions: [] }),
  ...outcomes('startMarathon', session('marathon', null), session('marathon', null, [])),
  ...outcomes(
    'getDailyChallenge',
    { date: '2025-06-01', questions: TRAINING_QUESTIONS, completed: false },
    { date: '2025-06-01', questions: [], completed: false },
  ),
  ...outcomes('getRecommendedQuestions', { questions: [question(5, '1')] }, { questions: [] }),
  ...outcomes('startReview', session('review', null), session('review', null, [])),
  ...outcomes('startStudyPlan', session('study-plan', null), session('study-plan', null, [])),
  ...outcomes('getBookmarkedQuestions', { questions: TRAINING_QUESTIONS }, { questions: [] }),
  // The bookmarked intro asks whether any question is starred.
  ...outcomes('hasBookmarks', true, false),
  // The weak-spots and review intros ask whether there is anything to practise.
  ...outcomes('getModes', modeOffers(true), modeOffers(false)),
  // The ticket and topic lists ask for the learner's progress whenever they show.
  ...outcomes('loadTicketProgress', TICKET_PROGRESS, null),
  ...outcomes('loadTopicProgress', TOPIC_PROGRESS, null),
];

/** Calls whose answers only add to a screen, never move the machine: detours (see below). */
const ASIDES = ['getModes', 'hasBookmarks', 'loadTicketProgress', 'loadTopicProgress'];

/** A ticket or topic not on its list, as a link may name one. */
export const isUnlisted = (event: TrainingEvent) =>
  (event.type === 'user.startTicket' && event.ticketNumber === 99) ||
  (event.type === 'user.startTopic' && event.topicId === 99);

/**
 * Simple paths skip dismissing alerts, links to a ticket or topic not on the list, the intros'
 * question whether there is anything to practise and the lists' progress (self-contained
 * detours the shortest paths cover; with the intros' question alone the simple paths grow from
 * 1,555 to about 26,000).
 */
export const TRAINING_SIMPLE_EVENTS = TRAINING_EVENTS.filter(
  (event) =>
    event.type !== 'user.dismissAlert' &&
    !isUnlisted(event) &&
    !ASIDES.some((id) => event.type.endsWith(`.actor.${id}`)),
);

export function serializeTraining(snapshot: TrainingSnapshot): string {
  const { run, alert, tickets, topics, dailyChallenge, modeAvailable } = snapshot.context;
  const { ticketProgress, topicProgress } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    alert,
    modeAvailable,
    tickets: tickets.length,
    topics: topics.length,
    ticketProgress: ticketProgress.length,
    topicProgress: topicProgress.length,
    challenge: dailyChallenge?.questions.length ?? null,
    run: run && { ...run, questions: run.questions.map((item) => item.id) },
  });
}
