import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { examMachine, upgradeExamSnapshot } from '../../machines/exam.machine';
import {
  selectAnswerOptions,
  selectCanMoveOn,
  selectAnsweredCount,
  selectAttemptKey,
  selectCurrentQuestion,
  selectExtraQuestionCount,
  selectIsExtraQuestion,
  selectIsInProgress,
  selectIsLastQuestion,
  selectMoveOnEvent,
  selectIsResultPending,
  selectIsTimeCritical,
  selectLoadFailed,
  selectStartFailure,
  selectPosition,
  selectQuestions,
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
import type {
  ExamDraw,
  ExamInput,
  ExamResult,
  ExamSubmission,
  PendingExamResult,
  PreparedExamInput,
} from '../../machines/exam.types';
import { createTicker } from '../../machines/ticker.actor';
import {
  clockAndApi,
  DEFAULT_COURSE_MODEL,
  EXAM_ALL_EVENTS,
  EXAM_BASE_EVENTS,
  EXAM_GRAPH_LIMIT,
  EXAM_LIMIT_MS,
  EXAM_QUESTIONS,
  EXAM_RESULT,
  EXAM_RESULT_SAVED_EARLIER,
  EXAM_TICKS,
  drawOf,
  expectedExamScreen,
  examSerializer,
  EXTRA_COURSE_MODEL,
  EXTRA_EVENTS,
  EXTRA_QUESTIONS,
  EXTRA_RULES,
  ENDING_COURSE_MODEL,
  ENDING_RULES,
  EXTRA_TICKS,
  extraSerializer,
  question,
  SERVER_FAILED_BY_EXTRA,
  SERVER_PASSED,
  SERVER_T0,
  T0,
  expectedVerdict,
  expectExamInvariants,
  expectExamStep,
  filterExamEvents,
  filterExtraEvents,
  loadedIn,
  preparedDrawOf,
  replayEvent,
  START_UNREACHABLE,
  settle,
  type CourseModel,
  type ExamEvent,
  type Question,
} from './exam-training.harness';
import { collectGraph, keyedByStatus, WALK_SIMPLE_PATHS } from './graph.harness';

/**
 * Fewer answers and clock reports, so that every simple path stays countable; an exam started on
 * the device runs as one the server started, and is walked on the shortest paths only.
 */
const SIMPLE_EVENTS: ExamEvent[] = [
  ...EXAM_BASE_EVENTS.filter((event) => {
    // Widened: the graph also sends the invoked actors' done events.
    const { type, output } = event as { type: string; output?: unknown };
    return !(type === 'xstate.done.actor.startPreparedExam' && output !== null);
  }),
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  EXAM_TICKS.start,
  EXAM_TICKS.critical,
  EXAM_TICKS.timeUp,
];

const serializeState = keyedByStatus(examSerializer(selectRemainingSeconds));

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

/** What the screen reads through every selector, to hold against `expectedExamScreen`. */
function wholeScreenOf(snapshot: ExamSnapshot) {
  const started = [
    'status:inProgress',
    'status:submitting',
    'status:finished',
    'status:review',
  ].some((tag) => snapshot.hasTag(tag as 'status:inProgress'));
  const summary = selectSummary(snapshot);
  return {
    screen: selectScreen(snapshot),
    loadFailed: selectLoadFailed(snapshot),
    questions: selectQuestions(snapshot),
    question: selectCurrentQuestion(snapshot),
    position: selectPosition(snapshot),
    extraCount: started ? selectExtraQuestionCount(snapshot) : null,
    isExtra: selectIsExtraQuestion(snapshot),
    options: selectAnswerOptions(snapshot),
    answered: selectAnsweredCount(snapshot),
    inProgress: selectIsInProgress(snapshot),
    // The button's label, read only while a question shows.
    isLast: selectIsInProgress(snapshot) ? selectIsLastQuestion(snapshot) : null,
    canMoveOn: selectCanMoveOn(snapshot),
    moveOn: selectMoveOnEvent(snapshot),
    remaining: selectRemainingSeconds(snapshot),
    timer: selectTimerText(snapshot),
    timeCritical: selectIsTimeCritical(snapshot),
    // The verdict (passed, decided by) is held to `expectedVerdict`.
    summary: started
      ? {
          correct: summary.correct,
          total: summary.total,
          percent: summary.percent,
          passRule: summary.passRule,
          passValue: summary.passValue,
          mistakes: summary.mistakes,
          unanswered: summary.unanswered,
          answeredWrong: summary.answeredWrong,
          endedEarly: summary.endedEarly,
          notAsked: summary.notAsked,
          extraQuestions: summary.extraQuestions,
          extraMistakes: summary.extraMistakes,
          mainPercent: summary.mainPercent,
          mainPointsPercent: summary.mainPointsPercent,
          mainPoints: summary.mainPoints,
          mainMaxPoints: summary.mainMaxPoints,
          timeTakenSeconds: summary.timeTakenSeconds,
          timeRanOut: summary.timeRanOut,
          overTime: summary.overTime,
        }
      : null,
    delivery: {
      pending: selectIsResultPending(snapshot),
      sentLater: selectWasSentLater(snapshot),
      savedEarlier: selectWasSavedEarlier(snapshot),
    },
    review: started ? selectReview(snapshot) : null,
    persist: selectShouldPersist(snapshot),
    attemptKey: selectAttemptKey(snapshot),
  };
}

function harness() {
  const { clock, api } = clockAndApi();
  const pending: PendingExamResult[] = [];
  const errors: { where: string; error: unknown }[] = [];
  const machine = examMachine.provide({
    actors: {
      loadQuestions: api.actor<ExamDraw>('loadQuestions'),
      startPreparedExam: api.actor<ExamDraw | null, PreparedExamInput>('startPreparedExam'),
      submitResult: api.actor<ExamResult, ExamSubmission>('submitResult'),
      ticker: createTicker(clock),
    },
    actions: {
      storePendingResult: (_, params) => {
        pending.push(params);
      },
      logError: (_, params) => {
        errors.push(params);
      },
    },
  });
  return { clock, api, pending, errors, machine };
}

/**
 * Replays a path on a live actor: after each step the screen must be the model's, every state's
 * promises must hold, and the step must have done what `expectExamStep` says it does, worked
 * out apart from the machine (so a wrong transition fails even where model and actor agree).
 */
async function replay(
  path: StatePath<ExamSnapshot, ExamEvent>,
  course: CourseModel = DEFAULT_COURSE_MODEL,
  input: { rules?: CourseModel['rules'] } = {},
): Promise<void> {
  const { clock, api, machine, pending } = harness();
  const actor = createActor(machine, { clock, input });
  actor.start();
  let before: ExamSnapshot | undefined;
  const events: ExamEvent[] = [];
  for (const step of path.steps) {
    const live = actor.getSnapshot();
    await replayEvent(actor, step.event, api, clock, before);
    const after = actor.getSnapshot();
    const where = `after ${step.event.type}`;
    expect(screenOf(after), where).toEqual(screenOf(step.state));
    if ((step.event.type as string) !== 'xstate.init') {
      events.push(step.event);
      // Worked out apart from the selectors: a wrong selector fails even where the graph agrees.
      expect(wholeScreenOf(after), `screen ${where}`).toEqual(
        expectedExamScreen(course, after, events),
      );
      expectExamInvariants(course, after, events);
      expectExamStep(course, live, step.event, after, { calls: api.calls, pending }, events);
      if (after.hasTag('status:finished') || after.hasTag('status:review')) {
        expect(selectSummary(after), where).toMatchObject(
          expectedVerdict(course, after, loadedIn(events)),
        );
      }
    }
    before = step.state;
  }
  actor.stop();
}

/**
 * Every learner's event the state takes, tried from the state a path ends in, each on a copy of
 * the live actor restored from its persisted snapshot. The paths only hold steps to states not
 * seen before, so a step back to one (back from the review to the summary, a retry to the
 * intro) is walked here, its effect checked as on a path.
 */
async function replayEdgesFrom(
  path: StatePath<ExamSnapshot, ExamEvent>,
  userEvents: readonly ExamEvent[],
  course: CourseModel = DEFAULT_COURSE_MODEL,
  input: { rules?: CourseModel['rules'] } = {},
): Promise<number> {
  const { clock, api, machine, pending } = harness();
  const actor = createActor(machine, { clock, input });
  actor.start();
  let before: ExamSnapshot | undefined;
  const events: ExamEvent[] = [];
  for (const step of path.steps) {
    await replayEvent(actor, step.event, api, clock, before);
    if ((step.event.type as string) !== 'xstate.init') events.push(step.event);
    before = step.state;
  }
  const at = actor.getSnapshot();
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as ExamSnapshot;
  actor.stop();
  let tried = 0;
  for (const event of userEvents) {
    if (!at.can(event)) continue;
    const copy = createActor(machine, { clock, snapshot: persisted, input });
    copy.start();
    await settle();
    const from = copy.getSnapshot();
    copy.send(event);
    await settle();
    const after = copy.getSnapshot();
    const walked = [...events, event];
    const where = `${event.type} from ${JSON.stringify(from.value)}`;
    expect(after.status, where).toBe('active');
    expectExamInvariants(course, after, walked);
    expectExamStep(course, from, event, after, { calls: api.calls, pending }, walked);
    copy.stop();
    tried += 1;
  }
  return tried;
}

const isUserEvent = (event: ExamEvent) =>
  event.type.startsWith('user.') ||
  event.type === 'result.keptSent' ||
  event.type === 'connection.restored';

/** Errors met building the graphs below, failed by the first test. */
const graphErrors: unknown[] = [];

const shortestPaths = collectGraph(graphErrors, () =>
  getShortestPaths(examMachine, {
    input: {},
    events: EXAM_ALL_EVENTS,
    filterEvents: filterExamEvents,
    serializeState,
    limit: EXAM_GRAPH_LIMIT,
  }),
);
const simplePaths = WALK_SIMPLE_PATHS
  ? collectGraph(graphErrors, () =>
      getSimplePaths(examMachine, {
        input: {},
        events: SIMPLE_EVENTS,
        filterEvents: filterExamEvents,
        serializeState,
        limit: EXAM_GRAPH_LIMIT,
      }),
    )
  : [];

const SIMPLE_PATHS_PER_TEST = 1000;

describe('exam machine, path by path', () => {
  it('builds its graphs: none turns endless', () => {
    expect(graphErrors).toEqual([]);
  });

  it('has the expected number of paths', () => {
    console.info(
      `exam: ${shortestPaths.length} shortest paths, ${simplePaths.length} simple paths`,
    );
    // A question with one right answer holds one pick (a new one replaces it): no state has
    // two picks on the first question any more (1,468 and 8,435 paths before). One with two
    // right answers holds at most two: no state has three picks on the second (994 before).
    expect(shortestPaths).toHaveLength(870);
    expect(simplePaths).toHaveLength(WALK_SIMPLE_PATHS ? 4783 : 0);
  });

  it('reaches every state of the chart', () => {
    const reached = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    for (const value of [
      { notStarted: 'idle' },
      { notStarted: 'loadFailed' },
      'loading',
      'startingPrepared',
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

  // In batches, as tests/model/auth.machine.test.ts does: 8,435 paths in one test would run
  // past its time limit on a busy machine (the screen test may run beside it).
  for (let first = 0; first < simplePaths.length; first += SIMPLE_PATHS_PER_TEST) {
    const batch = simplePaths.slice(first, first + SIMPLE_PATHS_PER_TEST);
    it(`shows the learner what the model says along simple paths ${first + 1} to ${first + batch.length} of ${simplePaths.length}`, async () => {
      for (const path of batch) await replay(path);
    });
  }

  it("does what each of the learner's events says from every state", async () => {
    let tried = 0;
    for (const path of shortestPaths) {
      tried += await replayEdgesFrom(path, EXAM_ALL_EVENTS.filter(isUserEvent));
    }
    // Back from the review, retries and the like are among them.
    expect(tried).toBeGreaterThan(shortestPaths.length);
  });
});

/** A fresh exam whose intro's start was just pressed: the server's start is asked for. */
function pressStart(h: ReturnType<typeof harness>) {
  const actor = createActor(h.machine, { clock: h.clock, input: {} });
  actor.start();
  actor.send({ type: 'user.start' });
  return actor;
}

async function startExam(
  h: ReturnType<typeof harness>,
  input: ExamInput = {},
  questions: readonly Question[] = EXAM_QUESTIONS,
) {
  const actor = createActor(h.machine, { clock: h.clock, input });
  actor.start();
  actor.send({ type: 'user.start' });
  const rules = input.rules ?? DEFAULT_COURSE_MODEL.rules;
  await h.api.done(
    'loadQuestions',
    drawOf(questions, Math.min(rules.question_count, questions.length), rules.time_limit_seconds),
  );
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

  it('dates a pick at the deadline when the clock report of the time-up comes late (a sleeping tab)', async () => {
    const h = harness();
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    // No report for the whole exam and 5 s past it: the next one comes at once after that.
    h.clock.increment(EXAM_LIMIT_MS + 5000);
    expect(actor.getSnapshot().value).toBe('submitting');
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    expect(submission.answers[0]?.answered_at).toBe(
      new Date(SERVER_T0 + EXAM_LIMIT_MS).toISOString(),
    );
    expect(submission.time_taken).toBe(2400);
  });

  it("passes at the course's pass percent", async () => {
    const h = harness();
    const actor = await startExam(h, { rules: { ...DEFAULT_COURSE_MODEL.rules, pass_value: 50 } });
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

  it("says a result the server took after the time limit went over time, and shows the server's verdict", async () => {
    const h = harness();
    const actor = await startExam(h);
    finishWith(actor, [1], [2]);
    await h.api.done('submitResult', { ...SERVER_PASSED, over_time: true });
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: true,
      decidedBy: 'max_mistakes',
      passRule: 'max_mistakes',
      passValue: 1,
      overTime: true,
    });
  });

  it("decides by the course's rule a result that carries no verdict, as one saved before courses", async () => {
    const h = harness();
    const actor = await startExam(h);
    // One of two right: under the default course's 70 percent, whatever an old result said.
    finishWith(actor, [1], [1]);
    const { decided_by: _, ...before } = { ...SERVER_PASSED, mistakes: 0 };
    await h.api.done('submitResult', before);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: false,
      decidedBy: 'percent_questions',
      passRule: 'percent_questions',
      mistakes: 1,
      overTime: false,
    });
  });

  it('resumes a persisted exam with the time left measured against the wall clock', async () => {
    const h = harness();
    const actor = await startExam(h, {
      rules: { ...DEFAULT_COURSE_MODEL.rules, time_limit_seconds: 600 },
    });
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
    const actor = await startExam(h, {
      rules: { ...DEFAULT_COURSE_MODEL.rules, time_limit_seconds: 60 },
    });
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

  it("carries its server session through a reload to the submission, each answer dated on the server's clock, and into the kept result", async () => {
    const h = harness();
    // The server began session 77 at SERVER_T0, 3 s before this browser's first clock report (T0).
    const actor = await startExam(h);
    h.clock.increment(10_000);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.next' });
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as ExamSnapshot;
    actor.stop();

    // Closed for three minutes, then reloaded: the session is the one the exam began with.
    h.clock.increment(180_000);
    const restored = createActor(h.machine, { clock: h.clock, snapshot: persisted, input: {} });
    restored.start();
    restored.send({ type: 'user.toggleAnswer', answer: 2 });
    restored.send({ type: 'user.toggleAnswer', answer: 3 });
    restored.send({ type: 'user.finish' });
    const sent = h.api.inputOf('submitResult') as ExamSubmission;
    expect(sent.session_id).toBe(77);
    expect(sent.answers.map((answer) => [answer.question_id, answer.answered_at])).toEqual([
      [1, new Date(T0 - 3_000 + 10_000).toISOString()],
      [2, new Date(T0 - 3_000 + 190_000).toISOString()],
    ]);
    expect(sent.time_taken).toBe(190);

    // The connection is gone: the kept result, sent later from the outbox, names the same
    // session and dates, so the server holds it to the time it was taken in.
    await h.api.fail('submitResult', new Error('offline'));
    expect(h.pending).toHaveLength(1);
    expect(h.pending[0]?.submission).toEqual(sent);
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
    expect(h.errors.map((logged) => logged.where)).toEqual(['exam.submitResult']);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      correct: 2,
      percent: 100,
      passed: true,
    });
  });

  it('goes from the summary to the review and back to the same summary; a retry starts afresh', async () => {
    const h = harness();
    const actor = await startExam(h);
    finishWith(actor, [1], [2]);
    // Sending: the page says so and keeps nothing yet.
    expect(actor.getSnapshot().hasTag('status:submitting')).toBe(true);
    expect(selectShouldPersist(actor.getSnapshot())).toBe(false);
    await h.api.done('submitResult', EXAM_RESULT);
    // The summary and the review are kept across a reload.
    expect(actor.getSnapshot().hasTag('status:finished')).toBe(true);
    expect(selectShouldPersist(actor.getSnapshot())).toBe(true);
    const summary = selectSummary(actor.getSnapshot());
    actor.send({ type: 'user.showReview' });
    expect(selectScreen(actor.getSnapshot())).toBe('review');
    expect(selectShouldPersist(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.hideReview' });
    expect(actor.getSnapshot().value).toBe('finished');
    expect(selectSummary(actor.getSnapshot())).toEqual(summary);
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toEqual({ notStarted: 'idle' });
    expect(actor.getSnapshot().context.answers).toEqual([]);
  });

  it('retries from the review as from the summary', async () => {
    const h = harness();
    const actor = await startExam(h);
    finishWith(actor, [1], [2]);
    await h.api.done('submitResult', EXAM_RESULT);
    actor.send({ type: 'user.showReview' });
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toEqual({ notStarted: 'idle' });
    expect(actor.getSnapshot().context.questions).toEqual([]);
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
    await h.api.done('loadQuestions', drawOf(EXAM_QUESTIONS));
    expect(selectTimerText(actor.getSnapshot())).toBe('40:00');
  });

  it('starts the exam kept on the device when the server cannot, claiming its first clock report as the start', async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', START_UNREACHABLE);
    expect(selectScreen(actor.getSnapshot())).toBe('loading');
    expect(h.api.inputOf('startPreparedExam')).toEqual({ error: START_UNREACHABLE });
    await h.api.done('startPreparedExam', preparedDrawOf(EXAM_QUESTIONS));
    // Question 1 right after 30 s, question 2 wrong 20 s later.
    h.clock.increment(30_000);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.next' });
    h.clock.increment(20_000);
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.finish' });
    expect(h.api.inputOf('submitResult')).toMatchObject({
      exam_type: 'exam',
      session_id: 77,
      started_at: new Date(T0).toISOString(),
      time_taken: 50,
      answers: [
        { question_id: 1, selected_answers: [1], answered_at: new Date(T0 + 30_000).toISOString() },
        { question_id: 2, selected_answers: [2], answered_at: new Date(T0 + 50_000).toISOString() },
      ],
    });
  });

  it('says the exam could not start when the device keeps none for a start without the server', async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', START_UNREACHABLE);
    await h.api.done('startPreparedExam', null);
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
  });

  it("shows 'error loading questions' on the intro when the server draws no question, and tries no device exam", async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.done('loadQuestions', drawOf([]));
    expect(actor.getSnapshot().value).toEqual({ notStarted: 'loadFailed' });
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
    expect(h.api.calls.map((call) => call.id)).toEqual(['loadQuestions']);
    expect(h.errors).toEqual([]);
  });

  it("logs why the server could not start the exam, then why the device's own could not", async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', START_UNREACHABLE);
    expect(h.errors).toEqual([{ where: 'exam.loadQuestions', error: START_UNREACHABLE }]);
    expect(actor.getSnapshot().value).toBe('startingPrepared');
    const unreadable = new Error('the kept exam could not be read');
    await h.api.fail('startPreparedExam', unreadable);
    expect(h.errors).toEqual([
      { where: 'exam.loadQuestions', error: START_UNREACHABLE },
      { where: 'exam.startPreparedExam', error: unreadable },
    ]);
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
  });

  it("shows 'error loading questions' on the intro when the load fails", async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', new Error('offline'));
    await h.api.done('startPreparedExam', null);
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.start' });
    await settle();
    expect(selectScreen(actor.getSnapshot())).toBe('loading');
  });
});

// A course with the extra-questions rule: 3 questions in 10 minutes, at most 1 mistake, and a
// mistake in the main part adds 2 questions and 60 seconds (see EXTRA_RULES).

const extraSerialize = keyedByStatus(extraSerializer(selectRemainingSeconds));
const extraInput = { rules: EXTRA_RULES };
const extraShortestPaths = collectGraph(graphErrors, () =>
  getShortestPaths(examMachine, {
    input: extraInput,
    events: EXTRA_EVENTS,
    filterEvents: filterExtraEvents,
    serializeState: extraSerialize,
    limit: EXAM_GRAPH_LIMIT,
  }),
);

/**
 * The simple paths walk the rule itself: one pick a question (A or B; taking it back is walked
 * by the shortest paths), the clock at the start and at the course's 10 minutes, a result
 * the server failed for a mistake among extras or one kept in the browser. With the review, a
 * retry, the second verdict and the eleventh minute as well they grow from 1,178 to some 5,500,
 * and enumerating them alone takes about five minutes here; the shortest paths walk those.
 */
const extraSimplePaths = WALK_SIMPLE_PATHS
  ? collectGraph(graphErrors, () =>
      getSimplePaths(examMachine, {
        input: extraInput,
        events: EXTRA_EVENTS.filter(
          (event) =>
            !['user.showReview', 'user.hideReview', 'user.retry'].includes(event.type) &&
            event !== EXTRA_TICKS.elevenMinutes &&
            (event as { output?: unknown }).output !== SERVER_PASSED,
        ),
        // One pick a question, never taken back (the shortest paths take picks back).
        filterEvents: (snapshot, event) =>
          filterExtraEvents(snapshot, event) &&
          !(event.type === 'user.toggleAnswer' && snapshot.context.selected.length > 0),
        serializeState: extraSerialize,
        limit: EXAM_GRAPH_LIMIT,
      }),
    )
  : [];

describe('exam machine with extra questions, path by path', () => {
  it('walks every state of the rule: extras revealed, the longer clock, both verdicts', () => {
    console.info(
      `exam with extras: ${extraShortestPaths.length} shortest paths, ${extraSimplePaths.length} simple paths`,
    );
    const states = extraShortestPaths.map((path) => path.state);
    // The extras on screen, and the exam still running past the course's 10 minutes.
    expect(states.some((state) => state.context.questions.length === 5)).toBe(true);
    expect(
      states.some((state) => state.matches('inProgress') && state.context.now === T0 + 600_000),
    ).toBe(true);
    // The result of each kind: the server's two verdicts, and one kept in the browser.
    for (const id of [SERVER_FAILED_BY_EXTRA.id, SERVER_PASSED.id]) {
      expect(states.some((state) => state.context.result?.id === id)).toBe(true);
    }
    expect(states.some((state) => state.context.delivery === 'pending')).toBe(true);
  });

  it('does what the rule says along every shortest path', async () => {
    for (const path of extraShortestPaths) await replay(path, EXTRA_COURSE_MODEL, extraInput);
  });

  it('does what the rule says along every simple path', async () => {
    for (const path of extraSimplePaths) await replay(path, EXTRA_COURSE_MODEL, extraInput);
  });

  it("does what each of the learner's events says from every state", async () => {
    for (const path of extraShortestPaths) {
      await replayEdgesFrom(path, EXTRA_EVENTS.filter(isUserEvent), EXTRA_COURSE_MODEL, extraInput);
    }
  });
});

// The same course ending its exam at the mistake that fails it (see ENDING_RULES).

const endingInput = { rules: ENDING_RULES };
const endingShortestPaths = collectGraph(graphErrors, () =>
  getShortestPaths(examMachine, {
    input: endingInput,
    events: EXTRA_EVENTS,
    filterEvents: filterExtraEvents,
    serializeState: extraSerialize,
    limit: EXAM_GRAPH_LIMIT,
  }),
);

describe('exam machine ending at the mistake that fails it, path by path', () => {
  it('walks to an exam ended early, by a second mistake and by one among the extras', () => {
    const ended = endingShortestPaths
      .map((path) => path.state)
      .filter((state) => state.matches('submitting'));
    // Sent with fewer questions answered than shown: it ended before the last.
    const early = ended.filter(
      (state) => state.context.answers.length < state.context.questions.length,
    );
    expect(early.some((state) => state.context.questions.length === 3)).toBe(true);
    expect(early.some((state) => state.context.questions.length === 5)).toBe(true);
  });

  it('does what the rule says along every shortest path', async () => {
    for (const path of endingShortestPaths) await replay(path, ENDING_COURSE_MODEL, endingInput);
  });

  it("does what each of the learner's events says from every state", async () => {
    for (const path of endingShortestPaths) {
      await replayEdgesFrom(
        path,
        EXTRA_EVENTS.filter(isUserEvent),
        ENDING_COURSE_MODEL,
        endingInput,
      );
    }
  });
});

describe('exam machine with extra questions, focused', () => {
  const startExtra = (h: ReturnType<typeof harness>, questions = EXTRA_QUESTIONS) =>
    startExam(h, extraInput, questions);
  const answer = (actor: Awaited<ReturnType<typeof startExam>>, pick: number) => {
    actor.send({ type: 'user.toggleAnswer', answer: pick });
    actor.send({ type: 'user.next' });
  };
  const shownIds = (actor: Awaited<ReturnType<typeof startExam>>) =>
    actor.getSnapshot().context.questions.map((item) => item.id);
  const RIGHT = 1;
  const WRONG = 2;

  it('shows the main part alone at first: 3 questions, 10 minutes', async () => {
    const actor = await startExtra(harness());
    expect(selectPosition(actor.getSnapshot())).toEqual({ number: 1, total: 3 });
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(600);
    expect(selectExtraQuestionCount(actor.getSnapshot())).toBe(0);
  });

  it('reveals exactly the next 2 reserve questions and adds 60 s on a mistake in the main part', async () => {
    const h = harness();
    const actor = await startExtra(h);
    h.clock.increment(30_000);
    answer(actor, WRONG);
    expect(shownIds(actor)).toEqual([1, 2, 3, 4, 5]);
    expect(selectPosition(actor.getSnapshot())).toEqual({ number: 2, total: 5 });
    expect(selectExtraQuestionCount(actor.getSnapshot())).toBe(2);
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(630);
    expect(selectTimerText(actor.getSnapshot())).toBe('10:30');
  });

  it('adds nothing for a second mistake in the main part, which cannot pass any more', async () => {
    const h = harness();
    const actor = await startExtra(h);
    answer(actor, WRONG);
    answer(actor, WRONG);
    expect(shownIds(actor)).toEqual([1, 2, 3, 4, 5]);
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(660);
    answer(actor, RIGHT);
    // On to the extra questions, marked as such.
    expect(selectCurrentQuestion(actor.getSnapshot())?.id).toBe(4);
    expect(selectIsExtraQuestion(actor.getSnapshot())).toBe(true);
  });

  it('earns nothing for a right answer, nor for a mistake among the extra questions', async () => {
    const actor = await startExtra(harness());
    answer(actor, RIGHT);
    expect(shownIds(actor)).toEqual([1, 2, 3]);
    answer(actor, WRONG);
    answer(actor, RIGHT);
    answer(actor, WRONG); // question 4, an extra one
    expect(shownIds(actor)).toEqual([1, 2, 3, 4, 5]);
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(660);
  });

  it('on the last main question, moves on to extra questions after a mistake and finishes after a right pick', async () => {
    const h = harness();
    const actor = await startExtra(h);
    answer(actor, RIGHT);
    answer(actor, RIGHT);
    // The button says Next whatever is picked: a label that changed with the pick would tell
    // whether it is right.
    expect(selectIsLastQuestion(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.toggleAnswer', answer: RIGHT });
    expect(selectIsLastQuestion(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.finish' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'user.next' })).toBe(false);
    expect(selectMoveOnEvent(actor.getSnapshot())).toBe('user.finish');
    actor.send({ type: 'user.toggleAnswer', answer: RIGHT });
    actor.send({ type: 'user.toggleAnswer', answer: WRONG });
    expect(actor.getSnapshot().can({ type: 'user.finish' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'user.next' })).toBe(true);
    expect(selectMoveOnEvent(actor.getSnapshot())).toBe('user.next');
    actor.send({ type: 'user.next' });
    expect(selectPosition(actor.getSnapshot())).toEqual({ number: 4, total: 5 });
    answer(actor, RIGHT);
    // The last extra question: nothing more to earn, so Finish.
    expect(selectIsLastQuestion(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.toggleAnswer', answer: WRONG });
    expect(actor.getSnapshot().can({ type: 'user.next' })).toBe(false);
    actor.send({ type: 'user.finish' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('finishes on a wrong last answer when the bank holds no reserve to reveal', async () => {
    const actor = await startExtra(harness(), EXTRA_QUESTIONS.slice(0, 3));
    answer(actor, RIGHT);
    answer(actor, RIGHT);
    expect(selectIsLastQuestion(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.toggleAnswer', answer: WRONG });
    actor.send({ type: 'user.finish' });
    expect(actor.getSnapshot().value).toBe('submitting');
  });

  it('sends every question shown, extras after the main part, never the reserve, and shows the server verdict on a mistake among extras', async () => {
    const h = harness();
    const actor = await startExtra(h);
    h.clock.increment(95_000);
    for (const pick of [WRONG, RIGHT, RIGHT, WRONG]) answer(actor, pick);
    actor.send({ type: 'user.toggleAnswer', answer: RIGHT });
    actor.send({ type: 'user.finish' });
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    expect(submission.answers.map((sent) => sent.question_id)).toEqual([1, 2, 3, 4, 5]);
    expect(submission.answers.map((sent) => sent.selected_answers)).toEqual([
      [2],
      [1],
      [1],
      [2],
      [1],
    ]);
    expect(submission.answers.map((sent) => sent.is_correct)).toEqual([
      false,
      true,
      true,
      false,
      true,
    ]);
    expect(submission.time_taken).toBe(95);
    await h.api.done('submitResult', SERVER_FAILED_BY_EXTRA);
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: false,
      decidedBy: 'extra_mistake',
      mistakes: 1,
      extraQuestions: 2,
      extraMistakes: 1,
    });
    actor.send({ type: 'user.showReview' });
    expect(selectReview(actor.getSnapshot()).map((item) => item.isExtra)).toEqual([
      false,
      false,
      false,
      true,
      true,
    ]);
  });

  it("decides by the course's rule while the result waits in the browser, and takes the server's verdict once it has one", async () => {
    const h = harness();
    const actor = await startExtra(h);
    for (const pick of [WRONG, RIGHT, RIGHT, RIGHT]) answer(actor, pick);
    actor.send({ type: 'user.toggleAnswer', answer: RIGHT });
    actor.send({ type: 'user.finish' });
    await h.api.fail('submitResult', new Error('offline'));
    // One mistake of the one allowed, every extra question right.
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: true,
      decidedBy: 'max_mistakes',
      passValue: 1,
      mistakes: 1,
    });
    // Sent later, the server judged otherwise: its verdict is the one in the history.
    actor.send({ type: 'result.keptSent', result: SERVER_FAILED_BY_EXTRA });
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: false,
      decidedBy: 'extra_mistake',
    });
  });

  it('sends the questions never answered with no picks when the time runs out, as unanswered and not as mistakes to practise', async () => {
    const h = harness();
    const actor = await startExtra(h);
    answer(actor, RIGHT);
    // Picked but not moved past: recorded as it stands, and it reveals nothing.
    actor.send({ type: 'user.toggleAnswer', answer: WRONG });
    h.clock.increment(600_000);
    expect(actor.getSnapshot().value).toBe('submitting');
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    expect(submission.answers.map((sent) => sent.question_id)).toEqual([1, 2, 3]);
    expect(submission.answers.map((sent) => sent.selected_answers)).toEqual([[1], [2], []]);
    expect(submission.time_taken).toBe(600);
    await h.api.fail('submitResult', new Error('offline'));
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: false,
      decidedBy: 'max_mistakes',
      mistakes: 2,
      unanswered: 1,
      answeredWrong: 1,
      timeRanOut: true,
    });
  });

  it('runs the clock to the minute a mistake added, then sends the extra questions unanswered', async () => {
    const h = harness();
    const actor = await startExtra(h);
    answer(actor, WRONG);
    h.clock.increment(600_000);
    expect(actor.getSnapshot().value).toBe('inProgress');
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(60);
    h.clock.increment(60_000);
    expect(actor.getSnapshot().value).toBe('submitting');
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    expect(submission.answers.map((sent) => sent.question_id)).toEqual([1, 2, 3, 4, 5]);
    expect(submission.answers.map((sent) => sent.selected_answers)).toEqual([[2], [], [], [], []]);
    expect(submission.time_taken).toBe(660);
  });

  it('resumes a persisted exam with its extras, its reserve and its longer clock', async () => {
    const h = harness();
    const actor = await startExtra(h);
    answer(actor, WRONG);
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as ExamSnapshot;
    actor.stop();
    h.clock.increment(100_000);
    const restored = createActor(h.machine, { clock: h.clock, snapshot: persisted, input: {} });
    restored.start();
    expect(selectPosition(restored.getSnapshot())).toEqual({ number: 2, total: 5 });
    expect(selectRemainingSeconds(restored.getSnapshot())).toBe(560);
    expect(restored.getSnapshot().context.reserve.map((item) => item.id)).toEqual([6]);
  });
});

describe('exam machine, rules of other courses', () => {
  it('passes a percent-of-points course on the points, not the count of questions', async () => {
    const h = harness();
    const rules = {
      ...DEFAULT_COURSE_MODEL.rules,
      pass_rule: 'percent_points' as const,
      pass_value: 70,
    };
    // One right of two, but it carries 3 of the 4 points: 75 percent.
    const questions = [question(1, '1', 2, 1), question(2, '1', 2, 3)];
    const actor = await startExam(h, { rules }, questions);
    finishWith(actor, [2], [1]);
    await h.api.fail('submitResult', new Error('offline'));
    expect(selectSummary(actor.getSnapshot())).toMatchObject({
      passed: true,
      decidedBy: 'percent_points',
      percent: 50,
      mainPointsPercent: 75,
      mainPoints: 3,
      mainMaxPoints: 4,
    });
  });

  it('runs by the default course when given no rules', async () => {
    const actor = await startExam(harness());
    expect(actor.getSnapshot().context.rules).toEqual(DEFAULT_COURSE_MODEL.rules);
    expect(selectRemainingSeconds(actor.getSnapshot())).toBe(2400);
  });

  it("resumes an exam kept before courses (no rules) as the default course's, with its own clock and pass mark", async () => {
    const h = harness();
    // As the exam before courses kept it: its settings' time limit and pass percent, and no
    // rules, reserve or main part (the rest of the snapshot is as it was).
    const actor = await startExam(h);
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.next' });
    const kept = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as {
      context: Record<string, unknown>;
    };
    actor.stop();
    const {
      rules: _rules,
      reserve: _reserve,
      mainCount: _mainCount,
      sessionId: _sessionId,
      sessionStartedAt: _sessionStartedAt,
      answeredAt: _answeredAt,
      ...before
    } = kept.context;
    const old = { ...kept, context: { ...before, timeLimitSeconds: 600, passPercent: 50 } };
    h.clock.increment(100_000);
    const restored = createActor(h.machine, {
      clock: h.clock,
      snapshot: upgradeExamSnapshot(old) as unknown as ExamSnapshot,
      input: {},
    });
    restored.start();
    expect(restored.getSnapshot().value).toBe('inProgress');
    expect(selectRemainingSeconds(restored.getSnapshot())).toBe(500);
    expect(selectPosition(restored.getSnapshot())).toEqual({ number: 2, total: 2 });
    expect(restored.getSnapshot().context.rules).toEqual({
      ...DEFAULT_COURSE_MODEL.rules,
      time_limit_seconds: 600,
      pass_value: 50,
    });
    restored.send({ type: 'user.toggleAnswer', answer: 2 });
    restored.send({ type: 'user.toggleAnswer', answer: 3 });
    restored.send({ type: 'user.finish' });
    // Kept before the server held exams: it names no session and dates no answer.
    const submission = h.api.inputOf('submitResult') as ExamSubmission;
    expect(submission.answers).toHaveLength(2);
    expect(submission.session_id).toBeNull();
    expect(submission.answers.map((answer) => answer.answered_at)).toEqual([undefined, undefined]);
    await h.api.fail('submitResult', new Error('offline'));
    // One of two right passes at its 50 percent.
    expect(selectSummary(restored.getSnapshot())).toMatchObject({ passed: true, passValue: 50 });
    // A snapshot of this version is left as it is.
    const current = restored.getPersistedSnapshot();
    expect(upgradeExamSnapshot(current)).toBe(current);
  });
});

describe('exam machine, a start the server refuses', () => {
  /** As the API client rejects a 409: its status and the server's words. */
  const refusal = Object.assign(new Error('409'), {
    status: 409,
    detail: 'The question bank has no questions yet',
  });

  it("keeps the server's reason for the intro, tries no device exam for it, and forgets it on the next start", async () => {
    const h = harness();
    const actor = pressStart(h);
    expect(selectStartFailure(actor.getSnapshot())).toBeNull();
    await h.api.fail('loadQuestions', refusal);
    // The device's exam is only for a start with no connection; it has none to give here.
    expect(h.api.inputOf('startPreparedExam')).toEqual({ error: refusal });
    await h.api.done('startPreparedExam', null);
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    expect(selectStartFailure(actor.getSnapshot())).toEqual({
      detail: 'The question bank has no questions yet',
      unreachable: null,
    });
    actor.send({ type: 'user.start' });
    expect(selectScreen(actor.getSnapshot())).toBe('loading');
    expect(selectStartFailure(actor.getSnapshot())).toBeNull();
    await h.api.done('loadQuestions', drawOf(EXAM_QUESTIONS));
    expect(actor.getSnapshot().context.startFailure).toBeNull();
  });

  it('stops saying the start failed once the browser is back online, when no answer had come', async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', Object.assign(new Error('offline'), { status: 0 }));
    await h.api.done('startPreparedExam', null);
    expect(selectLoadFailed(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'connection.restored' });
    expect(actor.getSnapshot().value).toEqual({ notStarted: 'idle' });
    expect(selectLoadFailed(actor.getSnapshot())).toBe(false);
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
  });

  it("still says the server's refusal once the browser is back online", async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', refusal);
    await h.api.done('startPreparedExam', null);
    actor.send({ type: 'connection.restored' });
    expect(selectStartFailure(actor.getSnapshot())).toEqual({
      detail: 'The question bank has no questions yet',
      unreachable: null,
    });
  });

  it('says no answer came when the server could not be reached', async () => {
    const h = harness();
    const actor = pressStart(h);
    await h.api.fail('loadQuestions', Object.assign(new Error('offline'), { status: 0 }));
    await h.api.done('startPreparedExam', null);
    expect(selectStartFailure(actor.getSnapshot())).toEqual({
      detail: null,
      unreachable: 'network',
    });
  });
});
