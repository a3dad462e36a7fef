import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventFromLogic } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { examMachine } from '../../machines/exam.machine';
import {
  selectAnswerOptions,
  selectCanMoveOn,
  selectCurrentQuestion,
  selectIsLastQuestion,
  selectIsResultPending,
  selectIsTimeCritical,
  selectLoadFailed,
  selectPosition,
  selectRemainingSeconds,
  selectReview,
  selectScreen,
  selectShouldPersist,
  selectSummary,
  selectTimerText,
  type ExamSnapshot,
} from '../../machines/exam.selectors';
import type { ExamResult, ExamSubmission, PendingExamResult } from '../../machines/exam.types';
import { createTicker } from '../../machines/ticker.actor';
import { ManualApi, question, replayEvent, settle, T0 } from './exam-training.harness';

type ExamEvent = EventFromLogic<typeof examMachine>;

const QUESTIONS = [question(1, '1'), question(2, '2,3', 3)];
const LIMIT_MS = 2400 * 1000;
const RESULT = { id: 9 } as unknown as ExamResult;

const TICK_START: ExamEvent = { type: 'timer.tick', now: T0 };
const TICK_ONE_SECOND: ExamEvent = { type: 'timer.tick', now: T0 + 1000 };
const TICK_CRITICAL: ExamEvent = { type: 'timer.tick', now: T0 + LIMIT_MS - 59_000 };
const TICK_TIME_UP: ExamEvent = { type: 'timer.tick', now: T0 + LIMIT_MS };

const apiOutcomes = [
  { type: 'xstate.done.actor.loadQuestions', output: QUESTIONS, actorId: 'loadQuestions' },
  { type: 'xstate.done.actor.loadQuestions', output: [], actorId: 'loadQuestions' },
  {
    type: 'xstate.error.actor.loadQuestions',
    error: new Error('offline'),
    actorId: 'loadQuestions',
  },
  { type: 'xstate.done.actor.submitResult', output: RESULT, actorId: 'submitResult' },
  { type: 'xstate.error.actor.submitResult', error: new Error('offline'), actorId: 'submitResult' },
] as unknown as ExamEvent[];

const navigation: ExamEvent[] = [
  { type: 'user.start' },
  { type: 'user.next' },
  { type: 'user.finish' },
  { type: 'user.showReview' },
  { type: 'user.hideReview' },
  { type: 'user.retry' },
];

/** Every event, several clock reports and every answer (3 is not shown on question 1). */
const ALL_EVENTS: ExamEvent[] = [
  ...navigation,
  ...apiOutcomes,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  { type: 'user.toggleAnswer', answer: 3 },
  TICK_START,
  TICK_ONE_SECOND,
  TICK_CRITICAL,
  TICK_TIME_UP,
];

/** Fewer answers and clock reports, so that every simple path stays countable. */
const SIMPLE_EVENTS: ExamEvent[] = [
  ...navigation,
  ...apiOutcomes,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  TICK_START,
  TICK_CRITICAL,
  TICK_TIME_UP,
];

/** The clock only moves forward, and its first report comes as soon as the exam is in progress. */
function filterEvents(snapshot: ExamSnapshot, event: ExamEvent): boolean {
  const { startedAt, now } = snapshot.context;
  const waitingForClock = snapshot.matches('inProgress') && startedAt === null;
  if (event.type !== 'timer.tick') return !waitingForClock;
  if (startedAt === null) return event.now === T0;
  return now !== null && event.now > now;
}

/** Context reduced to what the learner can see, so the graph is finite. */
function serializeState(snapshot: ExamSnapshot): string {
  const { currentIndex, selected, answers, startedAt, delivery, questions } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    questions: questions.length,
    currentIndex,
    selected,
    answers,
    clock: startedAt === null ? 'not started' : selectRemainingSeconds(snapshot),
    delivery,
  });
}

/** What the screen renders, read through the selectors the UI uses. */
function screenOf(snapshot: ExamSnapshot) {
  return {
    value: snapshot.value,
    screen: selectScreen(snapshot),
    loadFailed: selectLoadFailed(snapshot),
    question: selectCurrentQuestion(snapshot)?.id ?? null,
    position: selectPosition(snapshot),
    options: selectAnswerOptions(snapshot),
    canMoveOn: selectCanMoveOn(snapshot),
    isLast: selectIsLastQuestion(snapshot),
    timer: selectTimerText(snapshot),
    timeCritical: selectIsTimeCritical(snapshot),
    summary:
      snapshot.hasTag('status:finished') || snapshot.hasTag('status:review')
        ? selectSummary(snapshot)
        : null,
    pending: selectIsResultPending(snapshot),
    review: snapshot.hasTag('status:review')
      ? selectReview(snapshot).map((item) => item.options)
      : null,
    persist: selectShouldPersist(snapshot),
  };
}

function harness() {
  const clock = new SimulatedClock();
  clock.set(T0);
  const api = new ManualApi();
  const pending: PendingExamResult[] = [];
  const errors: string[] = [];
  const machine = examMachine.provide({
    actors: {
      loadQuestions: api.actor<typeof QUESTIONS>('loadQuestions'),
      submitResult: api.actor<ExamResult, ExamSubmission>('submitResult'),
      ticker: createTicker(clock),
    },
    actions: {
      storePendingResult: (_, params) => {
        pending.push(params);
      },
      logError: (_, params) => {
        errors.push(params.where);
      },
    },
  });
  return { clock, api, pending, errors, machine };
}

async function replay(path: StatePath<ExamSnapshot, ExamEvent>): Promise<void> {
  const { clock, api, machine } = harness();
  const actor = createActor(machine, { clock, input: {} });
  actor.start();
  let before: ExamSnapshot | undefined;
  for (const step of path.steps) {
    await replayEvent(actor, step.event, api, clock, before);
    expect(screenOf(actor.getSnapshot()), `after ${step.event.type}`).toEqual(screenOf(step.state));
    before = step.state;
  }
  actor.stop();
}

const shortestPaths = getShortestPaths(examMachine, {
  input: {},
  events: ALL_EVENTS,
  filterEvents,
  serializeState,
});
const simplePaths = getSimplePaths(examMachine, {
  input: {},
  events: SIMPLE_EVENTS,
  filterEvents,
  serializeState,
});

describe('exam machine, path by path', () => {
  it('has the expected number of paths', () => {
    console.info(
      `exam: ${shortestPaths.length} shortest paths, ${simplePaths.length} simple paths`,
    );
    expect(shortestPaths).toHaveLength(543);
    expect(simplePaths).toHaveLength(6209);
  });

  it('reaches every state of the chart', () => {
    const reached = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    for (const value of [
      { notStarted: 'idle' },
      { notStarted: 'loadFailed' },
      'loading',
      'inProgress',
      'submitting',
      'finished',
      'review',
    ]) {
      expect(reached).toContain(JSON.stringify(value));
    }
  });

  it('shows the learner what the model says along every shortest path', async () => {
    for (const path of shortestPaths) await replay(path);
  });

  it('shows the learner what the model says along every simple path', async () => {
    for (const path of simplePaths) await replay(path);
  });
});

async function startExam(h: ReturnType<typeof harness>, input = {}) {
  const actor = createActor(h.machine, { clock: h.clock, input });
  actor.start();
  actor.send({ type: 'user.start' });
  await h.api.done('loadQuestions', QUESTIONS);
  return actor;
}

describe('exam machine, focused', () => {
  it('disables next until an answer is picked and records the picks on moving on', async () => {
    const h = harness();
    const actor = await startExam(h);
    expect(selectCanMoveOn(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.currentIndex).toBe(0);
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.toggleAnswer', answer: 5 });
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    expect(actor.getSnapshot().context.answers).toEqual([]);
    actor.send({ type: 'user.next' });
    expect(actor.getSnapshot().context.answers).toEqual([[2]]);
    expect(selectPosition(actor.getSnapshot())).toEqual({ number: 2, total: 2 });
  });

  it('ends the exam at zero and submits every question with exam_type exam and the time taken', async () => {
    const h = harness();
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    h.clock.increment(LIMIT_MS - 60_000);
    expect(selectTimerText(actor.getSnapshot())).toBe('01:00');
    expect(selectIsTimeCritical(actor.getSnapshot())).toBe(false);
    h.clock.increment(1000);
    expect(selectIsTimeCritical(actor.getSnapshot())).toBe(true);
    h.clock.increment(59_000);
    expect(actor.getSnapshot().value).toBe('submitting');
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    expect(submission.exam_type).toBe('exam');
    expect(submission.time_taken).toBe(2400);
    expect(submission.answers.map((answer) => answer.selected_answers)).toEqual([[1], []]);
    await h.api.done('submitResult', RESULT);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 1,
      total: 2,
      percent: 50,
      passed: false,
    });
  });

  it('passes at the pass percent from the public settings', async () => {
    const h = harness();
    const actor = await startExam(h, { passPercent: 50 });
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    h.clock.increment(95_000);
    actor.send({ type: 'user.finish' });
    expect((h.api.inputOf('submitResult') as ExamSubmission).time_taken).toBe(95);
    await h.api.done('submitResult', RESULT);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 1,
      percent: 50,
      passed: true,
    });
  });

  it('resumes a persisted exam with the time left measured against the wall clock', async () => {
    const h = harness();
    const actor = await startExam(h, { timeLimitSeconds: 600 });
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.next' });
    h.clock.increment(100_000);
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(500);
    // Through JSON, as localStorage keeps it.
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as ReturnType<
      typeof actor.getPersistedSnapshot
    >;
    actor.stop();

    // The page is closed for three minutes, then reloaded.
    h.clock.increment(180_000);
    const restored = createActor(h.machine, {
      clock: h.clock,
      snapshot: persisted as ExamSnapshot,
      input: {},
    });
    restored.start();
    const snapshot = restored.getSnapshot();
    expect(snapshot.value).toBe('inProgress');
    expect(selectRemainingSeconds(snapshot)).toBe(320);
    expect(snapshot.context.answers).toEqual([[1]]);
    expect(selectPosition(snapshot)).toEqual({ number: 2, total: 2 });
    h.clock.increment(1000);
    expect(selectRemainingSeconds(restored.getSnapshot())).toBe(319);
  });

  it('submits at once when a restored exam ran out of time while closed', async () => {
    const h = harness();
    const actor = await startExam(h, { timeLimitSeconds: 60 });
    const persisted = actor.getPersistedSnapshot();
    actor.stop();
    h.clock.increment(3_600_000);
    const restored = createActor(h.machine, {
      clock: h.clock,
      snapshot: persisted as ExamSnapshot,
      input: {},
    });
    restored.start();
    expect(restored.getSnapshot().value).toBe('submitting');
    expect((h.api.inputOf('submitResult') as ExamSubmission).time_taken).toBe(60);
  });

  it('keeps a result that failed to submit as pending', async () => {
    const h = harness();
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.toggleAnswer', answer: 3 });
    actor.send({ type: 'user.finish' });
    await h.api.fail('submitResult', new Error('503'));
    expect(actor.getSnapshot().value).toBe('finished');
    expect(selectIsResultPending(actor.getSnapshot())).toBe(true);
    expect(h.pending).toHaveLength(1);
    expect(h.pending[0]?.submission.exam_type).toBe('exam');
    expect(h.pending[0]?.submission.answers).toHaveLength(2);
    expect(h.errors).toContain('exam.submitResult');
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 2,
      percent: 100,
      passed: true,
    });
  });

  it('reviews right answers, wrong picks and the explanation, and retry resets the timer', async () => {
    const h = harness();
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    h.clock.increment(30_000);
    actor.send({ type: 'user.finish' });
    await h.api.done('submitResult', RESULT);
    actor.send({ type: 'user.showReview' });
    const [first, second] = selectReview(actor.getSnapshot());
    expect(first?.options.map((option) => option.mark)).toEqual(['missed', 'wrong']);
    expect(second?.options.map((option) => option.mark)).toEqual(['none', 'right', 'missed']);
    expect(first?.explanation).toBe('Because of rule 1.');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toEqual({ notStarted: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({
      questions: [],
      answers: [],
      startedAt: null,
      now: null,
    });
    actor.send({ type: 'user.start' });
    await h.api.done('loadQuestions', QUESTIONS);
    expect(selectTimerText(actor.getSnapshot())).toBe('40:00');
  });

  it("shows 'error loading questions' on the intro when the load fails", async () => {
    const h = harness();
    const actor = createActor(h.machine, { clock: h.clock, input: {} });
    actor.start();
    actor.send({ type: 'user.start' });
    await h.api.fail('loadQuestions', new Error('offline'));
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.start' });
    await settle();
    expect(selectScreen(actor.getSnapshot())).toBe('loading');
  });
});
