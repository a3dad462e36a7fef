import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
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
  selectWasSavedEarlier,
  selectWasSentLater,
  type ExamSnapshot,
} from '../../machines/exam.selectors';
import type { ExamResult, ExamSubmission, PendingExamResult } from '../../machines/exam.types';
import { createTicker } from '../../machines/ticker.actor';
import {
  clockAndApi,
  EXAM_ALL_EVENTS,
  EXAM_BASE_EVENTS,
  EXAM_LIMIT_MS,
  EXAM_QUESTIONS,
  EXAM_RESULT,
  EXAM_RESULT_SAVED_EARLIER,
  EXAM_TICKS,
  examSerializer,
  filterExamEvents,
  replayEvent,
  settle,
  type ExamEvent,
} from './exam-training.harness';

/** Fewer answers and clock reports, so that every simple path stays countable. */
const SIMPLE_EVENTS: ExamEvent[] = [
  ...EXAM_BASE_EVENTS,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  EXAM_TICKS.start,
  EXAM_TICKS.critical,
  EXAM_TICKS.timeUp,
];

const serializeState = examSerializer(selectRemainingSeconds);

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
  const { clock, api } = clockAndApi();
  const pending: PendingExamResult[] = [];
  const errors: string[] = [];
  const machine = examMachine.provide({
    actors: {
      loadQuestions: api.actor<typeof EXAM_QUESTIONS>('loadQuestions'),
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
  events: EXAM_ALL_EVENTS,
  filterEvents: filterExamEvents,
  serializeState,
});
const simplePaths = getSimplePaths(examMachine, {
  input: {},
  events: SIMPLE_EVENTS,
  filterEvents: filterExamEvents,
  serializeState,
});

describe('exam machine, path by path', () => {
  it('has the expected number of paths', () => {
    console.info(
      `exam: ${shortestPaths.length} shortest paths, ${simplePaths.length} simple paths`,
    );
    expect(shortestPaths).toHaveLength(735);
    expect(simplePaths).toHaveLength(8433);
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
  await h.api.done('loadQuestions', EXAM_QUESTIONS);
  return actor;
}

/** Picks `first` on question 1, moves on, picks `second` on question 2 and finishes. */
function finishWith(
  actor: Awaited<ReturnType<typeof startExam>>,
  first: readonly number[],
  second: readonly number[],
) {
  for (const answer of first) actor.send({ type: 'user.toggleAnswer', answer });
  actor.send({ type: 'user.next' });
  for (const answer of second) actor.send({ type: 'user.toggleAnswer', answer });
  actor.send({ type: 'user.finish' });
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
    h.clock.increment(EXAM_LIMIT_MS - 60_000);
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
    await h.api.done('submitResult', EXAM_RESULT);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 1,
      total: 2,
      percent: 50,
      passed: false,
      timeRanOut: true,
    });
  });

  it('passes at the pass percent from the public settings', async () => {
    const h = harness();
    const actor = await startExam(h, { passPercent: 50 });
    h.clock.increment(95_000);
    finishWith(actor, [1], [2]);
    expect((h.api.inputOf('submitResult') as ExamSubmission).time_taken).toBe(95);
    await h.api.done('submitResult', EXAM_RESULT);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 1,
      percent: 50,
      passed: true,
      timeRanOut: false,
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
    finishWith(actor, [1], [2, 3]);
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

  it('shows the picks and time the server saved when another tab finished the attempt first', async () => {
    const h = harness();
    const actor = await startExam(h);
    h.clock.increment(30_000);
    finishWith(actor, [2], [1]);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({ correct: 0 });
    await h.api.done('submitResult', EXAM_RESULT_SAVED_EARLIER);
    expect(selectWasSavedEarlier(actor.getSnapshot())).toBe(true);
    expect(selectIsResultPending(actor.getSnapshot())).toBe(false);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 2,
      percent: 100,
      passed: true,
      timeTakenSeconds: 450,
    });
    actor.send({ type: 'user.showReview' });
    expect(selectReview(actor.getSnapshot()).map((item) => item.selected)).toEqual([[1], [2, 3]]);
  });

  it('says nothing of another tab when the time ran out before the last question', async () => {
    const h = harness();
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    h.clock.increment(EXAM_LIMIT_MS);
    expect(actor.getSnapshot().value).toBe('submitting');
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    // The server saves what was sent: the question never reached with no pick.
    await h.api.done('submitResult', {
      id: 10,
      time_taken: submission.time_taken,
      answers: submission.answers,
    } as unknown as ExamResult);
    expect(selectWasSavedEarlier(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.delivery).toBe('saved');
    expect(selectSummary(actor.getSnapshot())).toMatchObject({ correct: 1, timeRanOut: true });
  });

  it('takes the saved result of a pending one once this tab has sent it, in the review too', async () => {
    const h = harness();
    const actor = await startExam(h);
    finishWith(actor, [2], [1]);
    await h.api.fail('submitResult', new Error('offline'));
    expect(selectIsResultPending(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.showReview' });
    // Sent later, the server answered with another tab's picks for the attempt.
    actor.send({ type: 'result.keptSent', result: EXAM_RESULT_SAVED_EARLIER });
    expect(actor.getSnapshot().value).toBe('review');
    expect(selectWasSavedEarlier(actor.getSnapshot())).toBe(true);
    expect(selectReview(actor.getSnapshot()).map((item) => item.selected)).toEqual([[1], [2, 3]]);
    // Once saved, a later word of the same attempt changes nothing.
    actor.send({ type: 'result.keptSent', result: EXAM_RESULT });
    expect(actor.getSnapshot().context.result).toBe(EXAM_RESULT_SAVED_EARLIER);
  });

  it('says a pending result sent later with its own picks was saved', async () => {
    const h = harness();
    const actor = await startExam(h);
    finishWith(actor, [1], [3, 2]);
    await h.api.fail('submitResult', new Error('offline'));
    actor.send({ type: 'result.keptSent', result: EXAM_RESULT_SAVED_EARLIER });
    expect(actor.getSnapshot().context.delivery).toBe('sentLater');
    expect(selectWasSentLater(actor.getSnapshot())).toBe(true);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({ correct: 2, timeTakenSeconds: 450 });
  });

  it('keeps its own picks when the saved result holds the same ones', async () => {
    const h = harness();
    const actor = await startExam(h);
    finishWith(actor, [1], [3, 2]);
    await h.api.done('submitResult', EXAM_RESULT_SAVED_EARLIER);
    expect(selectWasSavedEarlier(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.delivery).toBe('saved');
  });

  it('reviews right answers, wrong picks and the explanation, and retry resets the timer', async () => {
    const h = harness();
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    h.clock.increment(30_000);
    actor.send({ type: 'user.finish' });
    await h.api.done('submitResult', EXAM_RESULT);
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
    await h.api.done('loadQuestions', EXAM_QUESTIONS);
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
