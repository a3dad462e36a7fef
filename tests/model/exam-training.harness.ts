/**
 * Shared by the exam and training model tests: question fixtures, API actors whose promises
 * the test settles by hand, the replay of a graph path on a live actor, and the exam and
 * training graphs (events, filter, serialization) that the machine and screen tests both walk.
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import type { examMachine } from '../../machines/exam.machine';
import type { ExamSnapshot } from '../../machines/exam.selectors';
import type {
  ExamResult,
  ExamSubmission,
  QuestionMemory,
  SessionRecordInput,
  SessionUpdateInput,
  TrainingSession,
  WeakSpotUpdateInput,
} from '../../machines/practice.types';
import { practiceMachine } from '../../machines/practice.machine';
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
  { type: 'xstate.done.actor.loadQuestions', output: EXAM_QUESTIONS, actorId: 'loadQuestions' },
  { type: 'xstate.done.actor.loadQuestions', output: [], actorId: 'loadQuestions' },
  {
    type: 'xstate.error.actor.loadQuestions',
    error: new Error('offline'),
    actorId: 'loadQuestions',
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
];

export const filterExamEvents = clockFilter<ExamSnapshot, ExamEvent>((snapshot) =>
  snapshot.matches('inProgress'),
);

/**
 * Context reduced to what the learner can see, so the graph is finite; the time left is worked
 * out by `remainingSeconds` (the selectors in the machine test, plain arithmetic on screen).
 */
export function examSerializer(
  remainingSeconds: (snapshot: ExamSnapshot) => number,
): (snapshot: ExamSnapshot) => string {
  return (snapshot) => {
    const { currentIndex, selected, answers, startedAt, delivery, questions } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      questions: questions.length,
      currentIndex,
      selected,
      answers,
      clock: startedAt === null ? 'not started' : remainingSeconds(snapshot),
      delivery,
    });
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
  return TRAINING_MODES.map((id) => ({
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
  // The weak-spots and review intros ask whether there is anything to practise.
  ...outcomes('getModes', modeOffers(true), modeOffers(false)),
  // The ticket and topic lists ask for the learner's progress whenever they show.
  ...outcomes('loadTicketProgress', TICKET_PROGRESS, null),
  ...outcomes('loadTopicProgress', TOPIC_PROGRESS, null),
];

/** Calls whose answers only add to a screen, never move the machine: detours (see below). */
const ASIDES = ['getModes', 'loadTicketProgress', 'loadTopicProgress'];

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

/**
 * The first screen of the practice a training state runs, made from its run: the graph walks
 * only the training machine's events, so its practice is always on its first question. (The
 * graph's snapshots do not hold on to their children: which ones still have them depends on
 * the order the states were explored in.)
 */
export function firstPracticeOf(state: TrainingSnapshot) {
  const run = state.hasTag('screen:practice') ? state.context.run : null;
  return run ? createActor(practiceMachine, { input: run }).getSnapshot() : undefined;
}
