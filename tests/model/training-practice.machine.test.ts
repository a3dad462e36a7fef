import { describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { practiceMachine } from '../../machines/practice.machine';
import {
  selectAnswerOptions,
  selectCurrentQuestion,
  selectExplanation,
  selectHasRunInProgress,
  selectIsChecked,
  selectIsLastQuestion,
  selectIsLocked,
  selectIsSummary,
  selectIsTimeUp,
  selectLastCheckIsCorrect,
  selectLastRun,
  selectMode,
  selectPrimaryAction,
  selectProgress,
  selectQuestions,
  selectRemainingSeconds,
  selectRunMistakes,
  selectScore,
  selectTimerText,
  selectTimerTone,
  type PracticeSnapshot,
} from '../../machines/practice.selectors';
import type {
  ExamResult,
  ExamSubmission,
  PendingTrainingResult,
  PracticeInput,
} from '../../machines/practice.types';
import {
  clockAndApi,
  clockFilter,
  practiceActors,
  question,
  replayEvent,
  settle,
  T0,
} from './exam-training.harness';
import { collectGraph, keyedByStatus, WALK_SIMPLE_PATHS, whileItsActorRuns } from './graph.harness';
import {
  expectedPracticeScreen,
  expectPracticeInvariants,
  expectPracticeStep,
} from './practice.oracle';

type PracticeEvent = EventFromLogic<typeof practiceMachine>;

const QUESTIONS = [question(1, '1', 2, 1), question(2, '1,2', 3, 2)];
const EXPRESS: PracticeInput = {
  mode: 'express',
  questions: QUESTIONS,
  sessionId: 7,
  timeLimitSeconds: 300,
  maxPoints: 3,
  topicName: null,
  ticketNumber: null,
  topicId: null,
};
/** An express run drawn on the device with no connection: no server session to complete. */
const EXPRESS_ON_DEVICE: PracticeInput = { ...EXPRESS, sessionId: null, drawnOnDevice: true };
const TICKET: PracticeInput = {
  mode: 'tickets',
  questions: QUESTIONS,
  sessionId: null,
  timeLimitSeconds: null,
  maxPoints: 60,
  topicName: null,
  ticketNumber: null,
  topicId: null,
};
const RESULT = { id: 3 } as unknown as ExamResult;

const tick = (seconds: number): PracticeEvent => ({ type: 'timer.tick', now: T0 + seconds * 1000 });

const API_OUTCOMES = [
  { type: 'xstate.done.actor.submitResult', output: RESULT, actorId: 'submitResult' },
  { type: 'xstate.error.actor.submitResult', error: new Error('offline'), actorId: 'submitResult' },
] as unknown as PracticeEvent[];

const ALL_EVENTS: PracticeEvent[] = [
  { type: 'user.check' },
  { type: 'user.next' },
  { type: 'user.primary' },
  { type: 'user.restart' },
  { type: 'user.practiseMistakes' },
  ...API_OUTCOMES,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  { type: 'user.toggleAnswer', answer: 3 },
  tick(0),
  tick(1),
  tick(241),
  tick(271),
  tick(300),
];

/**
 * Enter (`user.primary`), answer 3 and most clock reports are left to the shortest paths, and
 * the simple paths stop once a run has restarted (see `stopWhen`): simple paths multiply fast.
 */
const SIMPLE_EVENTS: PracticeEvent[] = [
  { type: 'user.check' },
  { type: 'user.next' },
  { type: 'user.restart' },
  { type: 'user.practiseMistakes' },
  ...API_OUTCOMES,
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  tick(0),
  tick(300),
];

const filterEvents = whileItsActorRuns(
  clockFilter<PracticeSnapshot, PracticeEvent>((snapshot) => snapshot.matches('running')),
);

/** A restarted run repeats the first one: the shortest paths walk it, the simple paths stop there. */
const stopWhen = (snapshot: PracticeSnapshot): boolean => snapshot.context.lastRun !== null;

const serializeState = keyedByStatus(serializePractice);

function serializePractice(snapshot: PracticeSnapshot): string {
  // The last run's banner is left out, but not whether there was one: a restarted run ends
  // differently from the first (its mode's session is already completed).
  const { currentIndex, selected, answers, points, startedAt, lastRun } = snapshot.context;
  return JSON.stringify({
    value: snapshot.value,
    restarted: lastRun !== null,
    // A run of the mistakes alone holds fewer questions than the run before it.
    questions: snapshot.context.questions.map((item) => item.id),
    currentIndex,
    selected,
    answers: answers.map((answer) => answer.selected_answers),
    points,
    // Absolute clock readings (a finite set, as the clock only moves forward): a restarted run
    // counts down from the time it restarted, so the remaining seconds alone would merge states
    // whose next clock report means something different.
    clock: startedAt === null ? 'not started' : [startedAt - T0, (snapshot.context.now ?? T0) - T0],
  });
}

/** What the screen renders, but for the last run's mistakes (see `wholeScreenOf`). */
function screenOf(snapshot: PracticeSnapshot) {
  return {
    mode: selectMode(snapshot),
    question: selectCurrentQuestion(snapshot),
    progress: selectProgress(snapshot),
    options: selectAnswerOptions(snapshot),
    locked: selectIsLocked(snapshot),
    checked: selectIsChecked(snapshot),
    explanation: selectExplanation(snapshot),
    lastCheck: selectLastCheckIsCorrect(snapshot),
    score: selectScore(snapshot),
    inProgress: selectHasRunInProgress(snapshot),
    primary: selectPrimaryAction(snapshot),
    last: selectIsLastQuestion(snapshot),
    remaining: selectRemainingSeconds(snapshot),
    timer: selectTimerText(snapshot),
    tone: selectTimerTone(snapshot),
    timeUp: selectIsTimeUp(snapshot),
    summary: selectIsSummary(snapshot),
  };
}

/** The screen with the last run's mistakes, which the graph's states leave out. */
const wholeScreenOf = (snapshot: PracticeSnapshot) => ({
  ...screenOf(snapshot),
  mistakes: selectRunMistakes(snapshot),
});

function harness() {
  const { clock, api } = clockAndApi();
  const pending: PendingTrainingResult[] = [];
  const errors: string[] = [];
  const machine = practiceMachine.provide({
    actors: practiceActors(api, clock),
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

/**
 * The session writes the model's path calls for: a run that ends (finished or out of time)
 * completes the session it started with, if the mode has one; a run that restarted after it,
 * or any run drawn on the device, records a session of its own, and only when it has answers,
 * so no write ever lands on a session twice and an untouched run writes nothing.
 */
function expectedSessionWrites(
  input: PracticeInput,
  path: StatePath<PracticeSnapshot, PracticeEvent>,
) {
  const updates: unknown[] = [];
  const records: unknown[] = [];
  let before: PracticeSnapshot | undefined;
  for (const { state } of path.steps) {
    const ended =
      (state.hasTag('status:submitting') && !before?.hasTag('status:submitting')) ||
      (state.hasTag('status:timeUp') && !before?.hasTag('status:timeUp'));
    const answered = state.context.answers.length;
    if (ended && (input.sessionId !== null || input.drawnOnDevice === true)) {
      const body = { questions_answered: answered, is_completed: true };
      if (before?.context.lastRun == null && input.sessionId !== null)
        updates.push({ sessionId: input.sessionId, body });
      else if (answered > 0) {
        const create = {
          session_type: input.mode,
          // The run's own questions: all of them again, or the mistakes of the run before.
          question_ids: state.context.questions.map((item) => item.id),
          time_limit_seconds: input.timeLimitSeconds,
          // Dated from when the restarted run began, not from when it is recorded.
          ...(state.context.startedAt === null
            ? {}
            : { started_at: new Date(state.context.startedAt).toISOString() }),
        };
        records.push({ create, update: body });
      }
    }
    before = state;
  }
  return { updates, records };
}

async function replay(
  input: PracticeInput,
  path: StatePath<PracticeSnapshot, PracticeEvent>,
): Promise<void> {
  const { clock, api, machine, pending } = harness();
  const actor = createActor(machine, { clock, input });
  actor.start();
  let before: PracticeSnapshot | undefined;
  for (const step of path.steps) {
    const live = actor.getSnapshot();
    const callsBefore = api.calls.length;
    await replayEvent(actor, step.event, api, clock, before);
    const after = actor.getSnapshot();
    expect(screenOf(after), `after ${step.event.type}`).toEqual(screenOf(step.state));
    // Worked out apart from the selectors: a wrong selector fails even where the graph agrees.
    expect(wholeScreenOf(after), `screen after ${step.event.type}`).toEqual(
      expectedPracticeScreen(input, after),
    );
    before = step.state;
    if ((step.event.type as string) === 'xstate.init') continue;
    // Worked out apart from the machine: a wrong transition fails even where the graph agrees.
    expectPracticeInvariants(input, after);
    expectPracticeStep(input, live, step.event, after, api.calls.slice(callsBefore), pending);
  }
  const expected = expectedSessionWrites(input, path);
  expect(api.callsOf('updateTrainingSession')).toMatchObject(expected.updates);
  expect(api.callsOf('recordTrainingSession')).toMatchObject(expected.records);
  actor.stop();
}

const USER_EVENTS = ALL_EVENTS.filter((event) => event.type.startsWith('user.'));

/**
 * Every learner's event tried from the state a path ends in, each on a fresh replay of the path:
 * the paths reach each state once, by the first event that gets there (a check by the button,
 * never by Enter), so the other ways, and the events a state must ignore, are checked here.
 */
async function replayEdgesFrom(
  input: PracticeInput,
  path: StatePath<PracticeSnapshot, PracticeEvent>,
): Promise<void> {
  for (const event of USER_EVENTS) {
    const { clock, api, machine, pending } = harness();
    const actor = createActor(machine, { clock, input });
    actor.start();
    let before: PracticeSnapshot | undefined;
    for (const step of path.steps) {
      await replayEvent(actor, step.event, api, clock, before);
      before = step.state;
    }
    const live = actor.getSnapshot();
    const callsBefore = api.calls.length;
    await replayEvent(actor, event, api, clock, before);
    const after = actor.getSnapshot();
    const where = `${event.type} after ${path.steps.map((step) => step.event.type).join(', ')}`;
    expect(wholeScreenOf(after), where).toEqual(expectedPracticeScreen(input, after));
    expectPracticeInvariants(input, after);
    expectPracticeStep(input, live, event, after, api.calls.slice(callsBefore), pending);
    actor.stop();
  }
}

/** Errors met building the graphs below, failed by the first test. */
const graphErrors: unknown[] = [];

const graphs = {
  express: {
    input: EXPRESS,
    shortest: collectGraph(graphErrors, () =>
      getShortestPaths(practiceMachine, {
        input: EXPRESS,
        events: ALL_EVENTS,
        filterEvents,
        serializeState,
      }),
    ),
    simple: WALK_SIMPLE_PATHS
      ? collectGraph(graphErrors, () =>
          getSimplePaths(practiceMachine, {
            input: EXPRESS,
            events: SIMPLE_EVENTS,
            filterEvents,
            serializeState,
            stopWhen,
          }),
        )
      : [],
  },
  'express drawn on the device': {
    input: EXPRESS_ON_DEVICE,
    shortest: collectGraph(graphErrors, () =>
      getShortestPaths(practiceMachine, {
        input: EXPRESS_ON_DEVICE,
        events: ALL_EVENTS,
        filterEvents,
        serializeState,
      }),
    ),
    // Its states are the express run's; only what it writes differs.
    simple: [],
  },
  tickets: {
    input: TICKET,
    shortest: collectGraph(graphErrors, () =>
      getShortestPaths(practiceMachine, {
        input: TICKET,
        events: ALL_EVENTS,
        filterEvents,
        serializeState,
      }),
    ),
    simple: WALK_SIMPLE_PATHS
      ? collectGraph(graphErrors, () =>
          getSimplePaths(practiceMachine, {
            input: TICKET,
            events: SIMPLE_EVENTS,
            filterEvents,
            serializeState,
            stopWhen,
          }),
        )
      : [],
  },
};

const SIMPLE_PATHS_PER_TEST = 500;

describe('practice machine, path by path', () => {
  it('builds its graphs', () => {
    expect(graphErrors).toEqual([]);
  });

  it('has the expected number of paths', () => {
    for (const [mode, graph] of Object.entries(graphs)) {
      console.info(
        `practice (${mode}): ${graph.shortest.length} shortest paths, ${graph.simple.length} simple paths`,
      );
    }
    // One pick on a question with one right answer (853 shortest paths each before), at most
    // two on one with two (613 each before).
    expect([graphs.express.shortest.length, graphs.express.simple.length]).toEqual([
      538,
      WALK_SIMPLE_PATHS ? 267 : 0,
    ]);
    expect([graphs.tickets.shortest.length, graphs.tickets.simple.length]).toEqual([
      538,
      WALK_SIMPLE_PATHS ? 1739 : 0,
    ]);
  });

  it('walks a run of the mistakes alone: fewer questions than the run before it', () => {
    const mistakesRuns = graphs.tickets.shortest
      .map((path) => path.state)
      .filter((state) => state.context.questions.length < QUESTIONS.length);
    expect(mistakesRuns.some((state) => state.hasTag('status:answering'))).toBe(true);
    expect(mistakesRuns.some((state) => state.hasTag('status:summary'))).toBe(true);
  });

  it('reaches time-up only with a countdown', () => {
    const values = (paths: typeof graphs.express.shortest) =>
      new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(values(graphs.express.shortest)).toContain('"timeUp"');
    expect(values(graphs.tickets.shortest)).not.toContain('"timeUp"');
    expect(values(graphs.tickets.shortest)).toContain(JSON.stringify({ running: 'submitting' }));
  });

  it('walks a restarted express run to its end: left alone until time-up, and answered', () => {
    const restartedEnds = graphs.express.shortest
      .map((path) => path.state)
      .filter((state) => state.context.lastRun !== null)
      .filter((state) => state.hasTag('status:timeUp') || state.hasTag('status:submitting'));
    expect(restartedEnds.some((state) => state.context.answers.length === 0)).toBe(true);
    expect(restartedEnds.some((state) => state.context.answers.length > 0)).toBe(true);
  });

  for (const [mode, graph] of Object.entries(graphs)) {
    it(`shows the learner what the model says along every shortest path (${mode})`, async () => {
      for (const path of graph.shortest) await replay(graph.input, path);
    });
    // The run drawn on the device has the express run's states; only what it writes differs.
    if (mode !== 'express drawn on the device')
      it(`does what each of the learner's events says from every state (${mode})`, async () => {
        for (const path of graph.shortest) await replayEdgesFrom(graph.input, path);
      });
    // In batches: with each step's effects checked, 3,003 paths in one test would run close to
    // its time limit on a busy machine.
    for (let first = 0; first < graph.simple.length; first += SIMPLE_PATHS_PER_TEST) {
      const batch = graph.simple.slice(first, first + SIMPLE_PATHS_PER_TEST);
      it(`shows the learner what the model says along simple paths ${first + 1} to ${first + batch.length} of ${graph.simple.length} (${mode})`, async () => {
        for (const path of batch) await replay(graph.input, path);
      });
    }
  }
});

function start(input: PracticeInput = TICKET) {
  const h = harness();
  const actor = createActor(h.machine, { clock: h.clock, input });
  actor.start();
  return { ...h, actor };
}

type Started = ReturnType<typeof start>;

/** Runs the clock on until the five minutes are over. */
function runOutOfTime(clock: Started['clock']): void {
  for (let second = 0; second < 300; second += 1) clock.increment(1000);
}

/** Answers every question with answer 1 (right on the first only) and lets the result save. */
async function finishRun({ actor, api }: Started): Promise<void> {
  for (let index = 0; index < QUESTIONS.length; index += 1) {
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.primary' });
    actor.send({ type: 'user.primary' });
  }
  await api.done('submitResult', RESULT);
  // From the run's summary, the same questions again.
  actor.send({ type: 'user.restart' });
}

/** The express session's completion with the run's figures, `at` ms after the start. */
const completion = (
  answered: number,
  correct: number,
  points: number,
  seconds: number,
  at: number,
) => ({
  sessionId: 7,
  body: {
    questions_answered: answered,
    correct_answers: correct,
    total_points: points,
    time_spent_seconds: seconds,
    is_completed: true,
    completed_at: new Date(T0 + at).toISOString(),
  },
});

describe('practice machine, focused', () => {
  it('adds the points only for exactly the right set', () => {
    const { actor } = start();
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.check' });
    expect(selectScore(actor.getSnapshot())).toMatchObject({ points: 1, correct: 1 });
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.check' });
    expect(selectLastCheckIsCorrect(actor.getSnapshot())).toBe(false);
    expect(selectScore(actor.getSnapshot())).toMatchObject({
      points: 1,
      maxPoints: 60,
      correct: 1,
      answered: 2,
    });
    expect(selectAnswerOptions(actor.getSnapshot()).map((option) => option.mark)).toEqual([
      'right',
      'missed',
      'none',
    ]);
  });

  it('locks the options once checked and shows the explanation', () => {
    const { actor } = start();
    actor.send({ type: 'user.check' });
    expect(selectIsLocked(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.primary' });
    expect(selectIsLocked(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    expect(actor.getSnapshot().context.selected).toEqual([2]);
    expect(selectExplanation(actor.getSnapshot())).toBe('Because of rule 1.');
    expect(selectPrimaryAction(actor.getSnapshot())).toEqual({ action: 'next', enabled: true });
    actor.send({ type: 'user.primary' });
    expect(selectProgress(actor.getSnapshot())).toMatchObject({ number: 2, total: 2 });
  });

  it('sends a weak-spot update after every check, and a failed one is only logged', async () => {
    const { actor, api, errors } = start({ ...TICKET, mode: 'topics', topicName: 'Signs' });
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.check' });
    expect(api.callsOf('updateWeakSpot')).toEqual([
      { body: { question_id: 1, is_correct: true, topic_name: 'Signs', selected_answers: [1] } },
    ]);
    await api.fail('updateWeakSpot', new Error('500'));
    expect(errors).toEqual(['practice.updateWeakSpot']);
    actor.send({ type: 'user.next' });
    actor.send({ type: 'user.toggleAnswer', answer: 2 });
    actor.send({ type: 'user.check' });
    expect(api.callsOf('updateWeakSpot')).toHaveLength(2);
    expect(actor.getSnapshot().value).toEqual({ running: 'checked' });
  });

  it('submits a finished run, shows its summary, and practises again from question 1 with the score reset', async () => {
    const { actor, api, pending } = start();
    for (const answers of [[1], [1, 2]]) {
      for (const answer of answers) actor.send({ type: 'user.toggleAnswer', answer });
      actor.send({ type: 'user.check' });
      actor.send({ type: 'user.next' });
    }
    expect(selectPrimaryAction(actor.getSnapshot())).toEqual({ action: 'saving', enabled: false });
    const submission = api.inputOf('submitResult') as ExamSubmission;
    expect(submission).toMatchObject({ exam_type: 'training', total_points: 3, session_id: null });
    expect(submission.answers).toHaveLength(2);
    await api.done('submitResult', RESULT);
    expect(actor.getSnapshot().value).toBe('summary');
    expect(selectIsSummary(actor.getSnapshot())).toBe(true);
    expect(selectCurrentQuestion(actor.getSnapshot())).toBeNull();
    expect(selectPrimaryAction(actor.getSnapshot()).action).toBeNull();
    expect(selectLastRun(actor.getSnapshot())).toEqual({
      answered: 2,
      correct: 2,
      points: 3,
      maxPoints: 60,
      saved: true,
      // The key it was sent with: how the page learns of a refusal of it later.
      clientId: submission.client_id,
      seconds: 0,
      mistakes: [],
    });
    expect(selectRunMistakes(actor.getSnapshot())).toEqual([]);
    // No mistakes: nothing to practise but the whole run.
    actor.send({ type: 'user.practiseMistakes' });
    expect(actor.getSnapshot().value).toBe('summary');
    actor.send({ type: 'user.restart' });
    expect(actor.getSnapshot().value).toEqual({ running: 'answering' });
    expect(selectCurrentQuestion(actor.getSnapshot())?.id).toBe(1);
    expect(selectProgress(actor.getSnapshot())).toMatchObject({ number: 1, total: 2, percent: 0 });
    expect(selectScore(actor.getSnapshot())).toMatchObject({ points: 0, correct: 0, answered: 0 });
    expect(pending).toEqual([]);
  });

  it('lists the mistakes of a run with their right answers, and practises exactly them', async () => {
    // Worth 1, 2 and 3 points.
    const three = [...QUESTIONS, question(3, '2', 2, 3)];
    const { actor, api, clock } = start({ ...TICKET, questions: three, maxPoints: 6 });
    clock.increment(65_000);
    // Question 1 right (1), question 2 wrong (1 of 1,2), question 3 wrong (1 for 2).
    for (let index = 0; index < three.length; index += 1) {
      actor.send({ type: 'user.toggleAnswer', answer: 1 });
      actor.send({ type: 'user.check' });
      actor.send({ type: 'user.next' });
    }
    await api.done('submitResult', RESULT);
    expect(selectLastRun(actor.getSnapshot())).toMatchObject({
      answered: 3,
      correct: 1,
      points: 1,
      seconds: 65,
    });
    expect(
      selectRunMistakes(actor.getSnapshot()).map((mistake) => ({
        id: mistake.question.id,
        picked: mistake.selected,
        right: mistake.right,
        explanation: mistake.question.explanation,
      })),
    ).toEqual([
      { id: 2, picked: [1], right: [1, 2], explanation: three[1]!.explanation },
      { id: 3, picked: [1], right: [2], explanation: three[2]!.explanation },
    ]);

    actor.send({ type: 'user.practiseMistakes' });
    const run = actor.getSnapshot();
    expect(run.value).toEqual({ running: 'answering' });
    expect(selectQuestions(run).map((item) => item.id)).toEqual([2, 3]);
    expect(selectCurrentQuestion(run)?.id).toBe(2);
    // Scored out of the mistakes' own points: 2 + 3.
    expect(selectScore(run)).toEqual({ points: 0, maxPoints: 5, correct: 0, answered: 0 });
    for (const answers of [[1, 2], [2]]) {
      for (const answer of answers) actor.send({ type: 'user.toggleAnswer', answer });
      actor.send({ type: 'user.check' });
      actor.send({ type: 'user.next' });
    }
    const second = api.callsOf('submitResult')[1] as ExamSubmission;
    expect(second.answers.map((answer) => answer.question_id)).toEqual([2, 3]);
    expect(second.total_points).toBe(5);
    await api.done('submitResult', RESULT);
    expect(selectLastRun(actor.getSnapshot())).toMatchObject({ answered: 2, correct: 2 });
    expect(selectRunMistakes(actor.getSnapshot())).toEqual([]);
  });

  it('keeps a training result that failed to submit and still restarts', async () => {
    const { actor, api, pending, errors } = start();
    for (let index = 0; index < 2; index += 1) {
      actor.send({ type: 'user.toggleAnswer', answer: 1 });
      actor.send({ type: 'user.primary' });
      actor.send({ type: 'user.primary' });
    }
    await api.fail('submitResult', new Error('offline'));
    expect(pending[0]?.submission).toMatchObject({ exam_type: 'training', total_points: 1 });
    expect(errors).toEqual(['practice.submitResult']);
    expect(selectScore(actor.getSnapshot()).points).toBe(0);
    // The summary of the run says it was not saved, for the screen to tell the learner.
    expect(selectLastRun(actor.getSnapshot())).toMatchObject({ answered: 2, saved: false });
  });

  it('colours the express timer yellow under 60 s and red under 30 s', () => {
    const { actor, clock } = start(EXPRESS);
    expect(selectTimerText(actor.getSnapshot())).toBe('05:00');
    clock.increment(240_000);
    expect(selectTimerTone(actor.getSnapshot())).toBe('normal');
    clock.increment(1000);
    expect(selectTimerTone(actor.getSnapshot())).toBe('warning');
    clock.increment(29_000);
    // 30 s left is not yet under 30 s.
    expect(selectTimerText(actor.getSnapshot())).toBe('00:30');
    expect(selectTimerTone(actor.getSnapshot())).toBe('warning');
    clock.increment(1000);
    expect(selectTimerText(actor.getSnapshot())).toBe('00:29');
    expect(selectTimerTone(actor.getSnapshot())).toBe('critical');
  });

  it('completes the express session when the time reaches zero, time spent counted against 300 s', async () => {
    const { actor, clock, api, errors } = start(EXPRESS);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.check' });
    runOutOfTime(clock);
    expect(selectIsTimeUp(actor.getSnapshot())).toBe(true);
    expect(api.callsOf('updateTrainingSession')).toEqual([completion(1, 1, 1, 300, 300_000)]);
    await api.fail('updateTrainingSession', new Error('500'));
    expect(errors).toEqual(['practice.updateTrainingSession']);
    expect(selectPrimaryAction(actor.getSnapshot()).action).toBeNull();
    clock.increment(10_000);
    expect(api.callsOf('updateTrainingSession')).toHaveLength(1);
  });

  it('completes the session with the time spent when an express run is finished early', async () => {
    const { actor, clock, api } = start(EXPRESS);
    clock.increment(42_000);
    for (let index = 0; index < 2; index += 1) {
      actor.send({ type: 'user.toggleAnswer', answer: 1 });
      actor.send({ type: 'user.primary' });
      actor.send({ type: 'user.primary' });
    }
    expect(api.callsOf('updateTrainingSession')).toMatchObject([
      { sessionId: 7, body: { time_spent_seconds: 42, is_completed: true } },
    ]);
    await api.done('submitResult', RESULT);
    await settle();
    // The summary has no clock; practising again starts a fresh countdown.
    expect(selectTimerText(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.restart' });
    expect(selectTimerText(actor.getSnapshot())).toBe('05:00');
  });

  it('keeps a finished express run recorded as it was when the restart runs out untouched', async () => {
    const started = start(EXPRESS);
    const { actor, clock, api } = started;
    clock.increment(5000);
    await finishRun(started);
    runOutOfTime(clock);
    expect(selectIsTimeUp(actor.getSnapshot())).toBe(true);
    // Only the finished run's completion, with its own figures: nothing overwrote it.
    expect(api.callsOf('updateTrainingSession')).toEqual([completion(2, 1, 1, 5, 5000)]);
    expect(api.callsOf('recordTrainingSession')).toEqual([]);
    expect(selectLastRun(actor.getSnapshot())).toMatchObject({ answered: 2, correct: 1 });
  });

  it('records a restarted express run as a session of its own, dated from its own start', async () => {
    const started = start(EXPRESS);
    const { actor, clock, api, errors } = started;
    // Each run begins as the one before it is finished: the second at once, the third 60 s on.
    await finishRun(started);
    clock.increment(60_000);
    await finishRun(started);
    clock.increment(30_000);
    actor.send({ type: 'user.toggleAnswer', answer: 1 });
    actor.send({ type: 'user.check' });
    clock.increment(300_000);
    expect(api.callsOf('updateTrainingSession')).toHaveLength(1);
    const create = { session_type: 'express', question_ids: [1, 2], time_limit_seconds: 300 };
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    expect(api.callsOf('recordTrainingSession')).toMatchObject([
      {
        create: { ...create, started_at: at(0) },
        update: { questions_answered: 2, correct_answers: 1, is_completed: true },
      },
      {
        create: { ...create, started_at: at(60_000) },
        update: { questions_answered: 1, correct_answers: 1, time_spent_seconds: 300 },
      },
    ]);
    await api.fail('recordTrainingSession', new Error('500'));
    expect(errors).toEqual(['practice.recordTrainingSession']);
  });

  it('records an express run drawn on the device as a session as it ends, and each restart too', async () => {
    const started = start(EXPRESS_ON_DEVICE);
    const { clock, api } = started;
    // The second run begins as the first is finished, 5 s in.
    clock.increment(5000);
    await finishRun(started);
    clock.increment(60_000);
    await finishRun(started);
    expect(api.callsOf('updateTrainingSession')).toEqual([]);
    const create = { session_type: 'express', question_ids: [1, 2], time_limit_seconds: 300 };
    const update = { questions_answered: 2, correct_answers: 1, is_completed: true };
    expect(api.callsOf('recordTrainingSession')).toMatchObject([
      { create: { ...create, started_at: new Date(T0).toISOString() }, update },
      { create: { ...create, started_at: new Date(T0 + 5000).toISOString() }, update },
    ]);
  });

  it('records no session for a mode without one, however often it restarts', async () => {
    const started = start();
    const { api } = started;
    await finishRun(started);
    await finishRun(started);
    expect(api.callsOf('updateTrainingSession')).toEqual([]);
    expect(api.callsOf('recordTrainingSession')).toEqual([]);
  });
});
