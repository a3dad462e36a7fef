import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { practiceMachine } from '../../machines/practice.machine';
import { selectProgress, selectScore, selectTimerText } from '../../machines/practice.selectors';
import { trainingMachine } from '../../machines/training.machine';
import {
  selectAlert,
  selectAlertFailure,
  selectIsLoading,
  selectMode,
  selectEventToward,
  selectModeAvailable,
  selectPracticeRef,
  selectRunTicketNumber,
  selectRunTopicName,
  selectScreen,
  selectStep,
  selectTicketProgress,
  selectTickets,
  selectTicketStats,
  selectTopicProgress,
  selectTopics,
  selectTopicStats,
  type TrainingSnapshot,
} from '../../machines/training.selectors';
import { TRAINING_MODES, type TrainingStep } from '../../machines/training.types';
import {
  clockAndApi,
  failure,
  practiceActors,
  question,
  serializeTraining,
  session,
  settle,
  TICKET_PROGRESS,
  TICKET_QUESTIONS,
  TICKETS,
  TOPICS,
  TRAINING_EVENTS,
  TRAINING_QUESTIONS as QUESTIONS,
  TRAINING_SIMPLE_EVENTS,
  type TrainingEvent,
} from './exam-training.harness';
import { firstPracticeOf } from './first-practice';
import {
  answeredActorOf,
  collectGraph,
  keyedByStatus,
  WALK_SIMPLE_PATHS,
  whileItsActorRuns,
} from './graph.harness';
import {
  expectedTrainingScreen,
  expectTrainingInvariants,
  expectTrainingStep,
} from './training.oracle';

/**
 * What the screen renders, including the practice child's screen: the live child's, or for a
 * state of the graph the first screen of its run.
 */
function screenOf(
  snapshot: TrainingSnapshot,
  practice = selectPracticeRef(snapshot)?.getSnapshot(),
) {
  return {
    value: snapshot.value,
    screen: selectScreen(snapshot),
    mode: selectMode(snapshot),
    loading: selectIsLoading(snapshot),
    alert: selectAlert(snapshot),
    modeAvailable: selectModeAvailable(snapshot),
    tickets: selectTickets(snapshot).map((ticket) => ticket.ticket_number),
    ticketStats: selectTicketStats(snapshot),
    topics: selectTopics(snapshot).map((topic) => topic.name),
    ticketProgress: selectTicketProgress(snapshot),
    topicProgress: selectTopicProgress(snapshot),
    practice: practice && {
      mode: practice.context.mode,
      questions: practice.context.questions.map((item) => item.id),
      progress: selectProgress(practice),
      score: selectScore(practice),
      timer: selectTimerText(practice),
      sessionId: practice.context.sessionId,
    },
  };
}

/** What the screen reads through every selector, to hold against `expectedTrainingScreen`. */
function wholeScreenOf(snapshot: TrainingSnapshot) {
  return {
    screen: selectScreen(snapshot),
    mode: selectMode(snapshot),
    loading: selectIsLoading(snapshot),
    alert: selectAlert(snapshot),
    modeAvailable: selectModeAvailable(snapshot),
    tickets: selectTickets(snapshot),
    ticketStats: selectTicketStats(snapshot),
    topics: selectTopics(snapshot),
    topicStats: selectTopicStats(snapshot),
    ticketProgress: selectTicketProgress(snapshot),
    topicProgress: selectTopicProgress(snapshot),
    runTicket: selectRunTicketNumber(snapshot),
    runTopic: selectRunTopicName(snapshot),
    step: selectStep(snapshot),
  };
}

function harness() {
  const { clock, api } = clockAndApi();
  const errors: string[] = [];
  const practice = practiceMachine.provide({ actors: practiceActors(api, clock) });
  const machine = trainingMachine.provide({
    actors: {
      loadTickets: api.actor('loadTickets'),
      getTicketQuestions: api.actor('getTicketQuestions'),
      loadTopics: api.actor('loadTopics'),
      getTopicQuestions: api.actor('getTopicQuestions'),
      startExpressTest: api.actor('startExpressTest'),
      getWeakSpotQuestions: api.actor('getWeakSpotQuestions'),
      startMarathon: api.actor('startMarathon'),
      getDailyChallenge: api.actor('getDailyChallenge'),
      getRecommendedQuestions: api.actor('getRecommendedQuestions'),
      startReview: api.actor('startReview'),
      startStudyPlan: api.actor('startStudyPlan'),
      getModes: api.actor('getModes'),
      getBookmarkedQuestions: api.actor('getBookmarkedQuestions'),
      hasBookmarks: api.actor('hasBookmarks'),
      loadTicketProgress: api.actor('loadTicketProgress'),
      loadTopicProgress: api.actor('loadTopicProgress'),
      practice,
    },
    actions: {
      logError: (_, params) => {
        errors.push(params.where);
      },
    },
  });
  return { clock, api, errors, machine };
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

type Harness = ReturnType<typeof harness>;

/** Plays one event on the live actor: API answers through the pending call, the rest sent. */
async function play(
  actor: ReturnType<typeof createActor<Harness['machine']>>,
  api: Harness['api'],
  event: TrainingEvent,
): Promise<void> {
  if (event.type.startsWith(DONE))
    await api.done(event.type.slice(DONE.length), (event as unknown as { output: unknown }).output);
  else if (event.type.startsWith(ERROR)) await api.fail(event.type.slice(ERROR.length), failure);
  else if ((event.type as string) !== 'xstate.init') actor.send(event);
  await settle();
}

async function replay(path: StatePath<TrainingSnapshot, TrainingEvent>): Promise<void> {
  const { clock, api, machine } = harness();
  const actor = createActor(machine, { clock });
  actor.start();
  for (const step of path.steps) {
    const { event } = step;
    const before = actor.getSnapshot();
    const callsBefore = api.calls.length;
    await play(actor, api, event);
    const after = actor.getSnapshot();
    expect(screenOf(after), `after ${event.type}`).toEqual(
      screenOf(step.state, firstPracticeOf(step.state)),
    );
    // Worked out apart from the selectors: a wrong selector fails even where the graph agrees.
    expect(wholeScreenOf(after), `screen after ${event.type}`).toEqual(
      expectedTrainingScreen(after),
    );
    if ((event.type as string) === 'xstate.init') continue;
    // Worked out apart from the machine: a wrong transition fails even where the graph agrees.
    expectTrainingInvariants(after);
    expectTrainingStep(before, event, after, api.calls.slice(callsBefore));
  }
  actor.stop();
}

const USER_EVENTS = TRAINING_EVENTS.filter((event) => event.type.startsWith('user.'));

/**
 * Every learner's event, and every answer of a call the state runs, tried from the state a path
 * ends in, each on a fresh replay of the path: the paths only hold steps to states not seen
 * before, so a step back to one (back from a ticket to its list), an event a state must ignore,
 * and an answer leading where another already led (the daily challenge's own questions
 * practised when its recommendations are empty or fail) are checked here.
 */
async function replayEdgesFrom(path: StatePath<TrainingSnapshot, TrainingEvent>): Promise<number> {
  let tried = 0;
  for (const event of TRAINING_EVENTS) {
    const { clock, api, machine } = harness();
    const actor = createActor(machine, { clock });
    actor.start();
    for (const step of path.steps) await play(actor, api, step.event);
    const before = actor.getSnapshot();
    const answered = answeredActorOf(event);
    if (answered !== undefined && !api.isWaiting(answered)) {
      actor.stop();
      continue;
    }
    tried += 1;
    const callsBefore = api.calls.length;
    await play(actor, api, event);
    const after = actor.getSnapshot();
    expectTrainingInvariants(after);
    expectTrainingStep(before, event, after, api.calls.slice(callsBefore));
    actor.stop();
  }
  return tried;
}

/** Errors met building the graphs below, failed by the first test. */
const graphErrors: unknown[] = [];

const shortestPaths = collectGraph(graphErrors, () =>
  getShortestPaths(trainingMachine, {
    events: TRAINING_EVENTS,
    filterEvents: whileItsActorRuns(),
    serializeState: keyedByStatus(serializeTraining),
  }),
);
const simplePaths = WALK_SIMPLE_PATHS
  ? collectGraph(graphErrors, () =>
      getSimplePaths(trainingMachine, {
        events: TRAINING_SIMPLE_EVENTS,
        filterEvents: whileItsActorRuns(),
        serializeState: keyedByStatus(serializeTraining),
      }),
    )
  : [];

const SIMPLE_PATHS_PER_TEST = 400;

describe('training machine, path by path', () => {
  it('builds its graphs', () => {
    expect(graphErrors).toEqual([]);
  });

  it('has the expected number of paths', () => {
    console.info(
      `training: ${shortestPaths.length} shortest paths, ${simplePaths.length} simple paths`,
    );
    expect([shortestPaths.length, simplePaths.length]).toEqual([92, WALK_SIMPLE_PATHS ? 2205 : 0]);
  });

  it('reaches the practice of every mode', () => {
    const practised = new Set(
      shortestPaths
        .filter((path) => path.state.hasTag('screen:practice'))
        .map((path) => selectMode(path.state)),
    );
    expect([...practised].sort()).toEqual([...TRAINING_MODES].sort());
  });

  it('shows the learner what the model says along every shortest path', async () => {
    for (const path of shortestPaths) await replay(path);
  });

  // In batches, as the exam's are: with each step's effects checked, 1,555 paths in one test
  // would run close to its time limit on a busy machine.
  for (let first = 0; first < simplePaths.length; first += SIMPLE_PATHS_PER_TEST) {
    const batch = simplePaths.slice(first, first + SIMPLE_PATHS_PER_TEST);
    it(`shows the learner what the model says along simple paths ${first + 1} to ${first + batch.length} of ${simplePaths.length}`, async () => {
      for (const path of batch) await replay(path);
    });
  }

  it("does what each of the learner's events and each call's answer says from every state", async () => {
    let tried = 0;
    for (const path of shortestPaths) tried += await replayEdgesFrom(path);
    // More than the learner's events alone: the answers of the calls each state runs too.
    expect(tried).toBeGreaterThan(shortestPaths.length * USER_EVENTS.length);
  });
});

function start() {
  const h = harness();
  const actor = createActor(h.machine, { clock: h.clock });
  actor.start();
  return { ...h, actor };
}

/** The daily challenge started and today's challenge (QUESTIONS) come: recommendations are asked for. */
async function openDailyChallenge(
  actor: ReturnType<typeof start>['actor'],
  api: Harness['api'],
): Promise<void> {
  actor.send({ type: 'user.selectMode', mode: 'daily-challenge' });
  actor.send({ type: 'user.start' });
  await api.done('getDailyChallenge', {
    date: '2025-06-01',
    questions: QUESTIONS,
    completed: false,
  });
}

describe('training machine, focused', () => {
  it("raises 'no weak spots' on an empty list and stays on the selection", async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'weak-spots' });
    actor.send({ type: 'user.start' });
    expect(api.inputOf('getWeakSpotQuestions')).toEqual({ limit: 20 });
    await api.done('getWeakSpotQuestions', { questions: [] });
    expect(selectScreen(actor.getSnapshot())).toBe('selection');
    expect(selectAlert(actor.getSnapshot())).toBe('noWeakSpots');
    actor.send({ type: 'user.dismissAlert' });
    expect(selectAlert(actor.getSnapshot())).toBeNull();
  });

  it('an intro the server says has nothing to practise refuses start; unknown or failed, it starts', async () => {
    const { actor, api, errors } = start();
    actor.send({ type: 'user.selectMode', mode: 'review' });
    await api.done('getModes', [
      { id: 'review', question_count: 20, time_limit_seconds: null, available: false },
    ]);
    expect(selectModeAvailable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.start' });
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
    expect(api.callsOf('startReview')).toEqual([]);
    // Back on the selection the answer is forgotten: the next intro asks again.
    actor.send({ type: 'user.back' });
    expect(selectModeAvailable(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.selectMode', mode: 'weak-spots' });
    await api.fail('getModes', failure);
    expect(errors).toEqual(['getModes']);
    actor.send({ type: 'user.start' });
    expect(api.inputOf('getWeakSpotQuestions')).toEqual({ limit: 20 });
  });

  it('practises a ticket out of its max points and goes back to the ticket list', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'tickets' });
    await api.done('loadTickets', TICKETS);
    expect(selectTicketStats(actor.getSnapshot())).toEqual(TICKETS.stats);
    actor.send({ type: 'user.startTicket', ticketNumber: 3 });
    expect(api.inputOf('getTicketQuestions')).toEqual({ ticketNumber: 3 });
    await api.done('getTicketQuestions', {
      id: 1,
      ticket_number: 3,
      max_points: 60,
      questions: QUESTIONS,
    });
    const practice = selectPracticeRef(actor.getSnapshot());
    expect(practice && selectScore(practice.getSnapshot())).toMatchObject({
      points: 0,
      maxPoints: 60,
    });
    practice?.send({ type: 'user.toggleAnswer', answer: 1 });
    practice?.send({ type: 'user.primary' });
    expect(practice && selectScore(practice.getSnapshot()).points).toBe(1);
    actor.send({ type: 'user.back' });
    expect(selectScreen(actor.getSnapshot())).toBe('ticketList');
    expect(selectPracticeRef(actor.getSnapshot())).toBeUndefined();
    expect(actor.getSnapshot().context.run).toBeNull();
    expect(selectTickets(actor.getSnapshot())).toHaveLength(1);
  });

  it("asks for the learner's progress each time a list shows, and works on without it", async () => {
    const { actor, api, errors } = start();
    actor.send({ type: 'user.selectMode', mode: 'tickets' });
    await api.done('loadTickets', TICKETS);
    await api.fail('loadTicketProgress', failure);
    expect(errors).toEqual(['loadTicketProgress']);
    expect(selectScreen(actor.getSnapshot())).toBe('ticketList');
    expect(selectTicketProgress(actor.getSnapshot())).toEqual([]);
    // Back from a practised ticket, the list asks again and shows the new progress.
    actor.send({ type: 'user.startTicket', ticketNumber: 3 });
    await api.done('getTicketQuestions', TICKET_QUESTIONS);
    actor.send({ type: 'user.back' });
    expect(api.callsOf('loadTicketProgress')).toHaveLength(2);
    await api.done('loadTicketProgress', TICKET_PROGRESS);
    expect(selectTicketProgress(actor.getSnapshot())).toEqual(TICKET_PROGRESS);
    // Leaving the mode forgets it with the lists.
    actor.send({ type: 'user.back' });
    expect(selectTicketProgress(actor.getSnapshot())).toEqual([]);
    // The topic list works on without its progress too.
    actor.send({ type: 'user.selectMode', mode: 'topics' });
    await api.done('loadTopics', TOPICS);
    await api.fail('loadTopicProgress', failure);
    expect(errors).toEqual(['loadTicketProgress', 'loadTopicProgress']);
    expect(selectScreen(actor.getSnapshot())).toBe('topicList');
  });

  it('clears the questions, the session and the timer when leaving to the selection', async () => {
    const { actor, api, clock } = start();
    actor.send({ type: 'user.selectMode', mode: 'express' });
    actor.send({ type: 'user.start' });
    // No size or clock: the server takes the administrator's settings.
    expect(api.inputOf('startExpressTest')).toEqual({
      include_weak_spots: true,
      difficulty_level: null,
      topics: null,
    });
    await api.done('startExpressTest', session('express', 300));
    const practice = selectPracticeRef(actor.getSnapshot());
    clock.increment(10_000);
    expect(practice && selectTimerText(practice.getSnapshot())).toBe('04:50');
    actor.send({ type: 'user.back' });
    expect(selectScreen(actor.getSnapshot())).toBe('selection');
    expect(actor.getSnapshot().context.run).toBeNull();
    expect(selectPracticeRef(actor.getSnapshot())).toBeUndefined();
    expect(practice?.getSnapshot().status).toBe('stopped');
    clock.increment(600_000);
    expect(api.callsOf('updateTrainingSession')).toEqual([]);
  });

  it('tries an express test again after time-up: a new session at question 1 with the full five minutes', async () => {
    const { actor, api, clock } = start();
    actor.send({ type: 'user.selectMode', mode: 'express' });
    actor.send({ type: 'user.start' });
    await api.done('startExpressTest', session('express', 300));
    const first = selectPracticeRef(actor.getSnapshot());
    first?.send({ type: 'user.toggleAnswer', answer: 1 });
    first?.send({ type: 'user.primary' });
    clock.increment(301_000);
    await settle();
    expect(first?.getSnapshot().hasTag('status:timeUp')).toBe(true);
    expect(api.callsOf('updateTrainingSession')).toHaveLength(1);

    actor.send({ type: 'user.start' });
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(first?.getSnapshot().status).toBe('stopped');
    expect(api.callsOf('startExpressTest')).toHaveLength(2);
    expect(api.inputOf('startExpressTest')).toEqual(api.callsOf('startExpressTest')[0]);
    await api.done('startExpressTest', { ...session('express', 300), session_id: 12 });

    const second = selectPracticeRef(actor.getSnapshot());
    expect(second).not.toBe(first);
    const practice = second?.getSnapshot();
    expect(practice?.context.sessionId).toBe(12);
    expect(practice && selectProgress(practice)).toMatchObject({ number: 1, percent: 0 });
    expect(practice && selectScore(practice)).toMatchObject({ points: 0, answered: 0 });
    expect(practice && selectTimerText(practice)).toBe('05:00');
    clock.increment(10_000);
    expect(second && selectTimerText(second.getSnapshot())).toBe('04:50');
    // The old run's session was completed once, at time-up; leaving it sends nothing more.
    expect(api.callsOf('updateTrainingSession')).toHaveLength(1);
  });

  it('shows the express start failure on the intro when trying again fails', async () => {
    const { actor, api, clock } = start();
    actor.send({ type: 'user.selectMode', mode: 'express' });
    actor.send({ type: 'user.start' });
    await api.done('startExpressTest', session('express', 300));
    clock.increment(300_000);
    await settle();
    actor.send({ type: 'user.start' });
    await api.fail('startExpressTest', failure);
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
    expect(selectMode(actor.getSnapshot())).toBe('express');
    expect(selectAlert(actor.getSnapshot())).toBe('expressStartFailed');
    expect(actor.getSnapshot().context.run).toBeNull();
    expect(selectPracticeRef(actor.getSnapshot())).toBeUndefined();
  });

  it('asks for as many express recommendations as the daily challenge holds', async () => {
    const { actor, api } = start();
    await openDailyChallenge(actor, api);
    expect(api.inputOf('getRecommendedQuestions')).toEqual({ session_type: 'express', count: 2 });
    await api.done('getRecommendedQuestions', { questions: [question(5, '1')] });
    const practice = selectPracticeRef(actor.getSnapshot());
    expect(practice?.getSnapshot().context.questions.map((item) => item.id)).toEqual([5]);
  });

  it("practises the daily challenge's own questions when its recommendations fail, and logs why", async () => {
    const { actor, api, errors } = start();
    await openDailyChallenge(actor, api);
    await api.fail('getRecommendedQuestions', failure);
    expect(errors).toEqual(['training.getRecommendedQuestions']);
    const practice = selectPracticeRef(actor.getSnapshot());
    expect(practice?.getSnapshot().context.questions.map((item) => item.id)).toEqual(
      QUESTIONS.map((item) => item.id),
    );
  });

  it("times an express test by the server's limit (an admin setting), five minutes when it sends none", async () => {
    const { actor, api, clock } = start();
    actor.send({ type: 'user.selectMode', mode: 'express' });
    actor.send({ type: 'user.start' });
    await api.done('startExpressTest', session('express', 420));
    await settle();
    const sevenMinutes = selectPracticeRef(actor.getSnapshot());
    expect(sevenMinutes && selectTimerText(sevenMinutes.getSnapshot())).toBe('07:00');
    clock.increment(420_000);
    await settle();
    actor.send({ type: 'user.start' });
    await api.done('startExpressTest', session('express', null));
    await settle();
    const fiveMinutes = selectPracticeRef(actor.getSnapshot());
    expect(fiveMinutes && selectTimerText(fiveMinutes.getSnapshot())).toBe('05:00');
  });

  it("reads the intro's own mode among the server's offers; a mode it does not list may start", async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'weak-spots' });
    await api.done('getModes', [
      { id: 'review', question_count: 20, time_limit_seconds: null, available: true },
      { id: 'weak-spots', question_count: 20, time_limit_seconds: null, available: false },
    ]);
    expect(selectModeAvailable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.back' });
    actor.send({ type: 'user.selectMode', mode: 'review' });
    await api.done('getModes', [
      { id: 'weak-spots', question_count: 20, time_limit_seconds: null, available: false },
    ]);
    expect(selectModeAvailable(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.start' });
    expect(api.inputOf('startReview')).toEqual({ questions_count: 20 });
  });

  it('starts a marathon of 50 random questions without a time limit', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'marathon' });
    actor.send({ type: 'user.start' });
    expect(api.inputOf('startMarathon')).not.toHaveProperty('max_questions');
    expect(api.inputOf('startMarathon')).toMatchObject({
      time_limit_minutes: null,
      randomize_order: true,
    });
    await api.done('startMarathon', session('marathon', null));
    const practice = selectPracticeRef(actor.getSnapshot());
    expect(practice && selectTimerText(practice.getSnapshot())).toBeNull();
  });

  it('runs a marathon drawn on the device (no server session) and records it as it ends', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'marathon' });
    actor.send({ type: 'user.start' });
    await api.done('startMarathon', { ...session('marathon', null), session_id: null });
    const practice = selectPracticeRef(actor.getSnapshot());
    expect(practice?.getSnapshot().context).toMatchObject({
      sessionId: null,
      recordsSessions: true,
    });
    for (let index = 0; index < QUESTIONS.length; index += 1) {
      practice?.send({ type: 'user.toggleAnswer', answer: 1 });
      practice?.send({ type: 'user.primary' });
      practice?.send({ type: 'user.primary' });
    }
    expect(api.callsOf('updateTrainingSession')).toEqual([]);
    expect(api.callsOf('recordTrainingSession')).toMatchObject([
      { create: { session_type: 'marathon', question_ids: QUESTIONS.map((item) => item.id) } },
    ]);
  });

  it('shows the start failure alert on the intro', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'review' });
    actor.send({ type: 'user.start' });
    expect(api.inputOf('startReview')).toEqual({ questions_count: 20 });
    await api.fail('startReview', failure);
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
    expect(selectAlert(actor.getSnapshot())).toBe('reviewStartFailed');
  });
});

describe('training machine, following the page address', () => {
  /** The events that bring the machine to `step`, with each call answered as `answer` says. */
  async function follow(
    actor: ReturnType<typeof start>['actor'],
    step: TrainingStep,
    answer: () => Promise<void> = async () => {},
  ): Promise<string[]> {
    const sent: string[] = [];
    for (let turn = 0; turn < 10; turn += 1) {
      const event = selectEventToward(actor.getSnapshot(), step);
      if (event === null && !selectIsLoading(actor.getSnapshot())) return sent;
      if (event === null) await answer();
      else {
        sent.push(JSON.stringify(event));
        actor.send(event);
      }
    }
    throw new Error(`no way to ${JSON.stringify(step)}: ${sent.join(', ')}`);
  }

  it('goes from the cards to a ticket, then out to another mode, one event at a time', async () => {
    const { actor, api } = start();
    const answers = async () => {
      if (actor.getSnapshot().matches({ tickets: 'loading' }))
        await api.done('loadTickets', TICKETS);
      else await api.done('getTicketQuestions', TICKET_QUESTIONS);
    };
    expect(await follow(actor, { mode: 'tickets', ticket: 3 }, answers)).toEqual([
      '{"type":"user.selectMode","mode":"tickets"}',
      '{"type":"user.startTicket","ticketNumber":3}',
    ]);
    expect(selectStep(actor.getSnapshot())).toEqual({ mode: 'tickets', ticket: 3 });
    expect(await follow(actor, { mode: 'express' })).toEqual([
      '{"type":"user.back"}',
      '{"type":"user.back"}',
      '{"type":"user.selectMode","mode":"express"}',
    ]);
    // An intro and its run are one step.
    actor.send({ type: 'user.start' });
    await api.done('startExpressTest', session('express', 300));
    expect(selectScreen(actor.getSnapshot())).toBe('practice');
    expect(selectStep(actor.getSnapshot())).toEqual({ mode: 'express' });
    expect(await follow(actor, { mode: 'express' })).toEqual([]);
    expect(await follow(actor, {})).toEqual(['{"type":"user.back"}']);
  });

  it('goes from one ticket to another through their list, and from one topic to another', async () => {
    const { actor, api } = start();
    const ticket = (number: number) => ({
      ...TICKETS.tickets[0]!,
      id: number,
      ticket_number: number,
    });
    const tickets = { ...TICKETS, tickets: [ticket(3), ticket(4)] };
    const topic = (id: number) => ({ ...TOPICS.topics[0]!, id, name: `Topic ${id}` });
    const topics = { ...TOPICS, topics: [topic(4), topic(5)] };
    // Each call answered with what it asked for.
    const answers = async () => {
      const state = actor.getSnapshot();
      if (state.matches({ tickets: 'loading' })) await api.done('loadTickets', tickets);
      else if (state.matches({ topics: 'loading' })) await api.done('loadTopics', topics);
      else if (state.matches('tickets')) {
        const { ticketNumber } = api.callsOf('getTicketQuestions').at(-1) as {
          ticketNumber: number;
        };
        await api.done('getTicketQuestions', { ...TICKET_QUESTIONS, ticket_number: ticketNumber });
      } else {
        const { topicId } = api.callsOf('getTopicQuestions').at(-1) as { topicId: number };
        await api.done('getTopicQuestions', {
          id: topicId,
          name: `Topic ${topicId}`,
          questions: QUESTIONS,
        });
      }
    };
    await follow(actor, { mode: 'tickets', ticket: 3 }, answers);
    expect(await follow(actor, { mode: 'tickets', ticket: 4 }, answers)).toEqual([
      '{"type":"user.back"}',
      '{"type":"user.startTicket","ticketNumber":4}',
    ]);
    expect(await follow(actor, { mode: 'topics', topic: 4 }, answers)).toEqual([
      '{"type":"user.back"}',
      '{"type":"user.back"}',
      '{"type":"user.selectMode","mode":"topics"}',
      '{"type":"user.startTopic","topicId":4}',
    ]);
    expect(await follow(actor, { mode: 'topics', topic: 5 }, answers)).toEqual([
      '{"type":"user.back"}',
      '{"type":"user.startTopic","topicId":5}',
    ]);
    expect(selectStep(actor.getSnapshot())).toEqual({ mode: 'topics', topic: 5 });
  });

  it('a topic practised is its step: the topic by id', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'topics' });
    await api.done('loadTopics', { topics: [{ id: 4, name: 'Signs' }], stats: {} });
    actor.send({ type: 'user.startTopic', topicId: 4 });
    await api.done('getTopicQuestions', { id: 4, name: 'Signs', questions: QUESTIONS });
    expect(selectStep(actor.getSnapshot())).toEqual({ mode: 'topics', topic: 4 });
    expect(actor.getSnapshot().context.run?.topicName).toBe('Signs');
  });

  it('a ticket or topic not on its list is not asked for: the list says there is no such one', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'tickets' });
    await api.done('loadTickets', TICKETS);
    actor.send({ type: 'user.startTicket', ticketNumber: 99 });
    expect(selectScreen(actor.getSnapshot())).toBe('ticketList');
    expect(selectAlert(actor.getSnapshot())).toBe('ticketNotFound');
    expect(api.callsOf('getTicketQuestions')).toEqual([]);
    actor.send({ type: 'user.back' });
    actor.send({ type: 'user.selectMode', mode: 'topics' });
    await api.done('loadTopics', { topics: [{ id: 4, name: 'Signs' }], stats: {} });
    actor.send({ type: 'user.startTopic', topicId: 99 });
    expect(selectScreen(actor.getSnapshot())).toBe('topicList');
    expect(selectAlert(actor.getSnapshot())).toBe('topicNotFound');
    expect(api.callsOf('getTopicQuestions')).toEqual([]);
  });
});

describe('training machine, why a call failed', () => {
  /** As the API client rejects a 409: its status and the server's words. */
  const refusal = Object.assign(new Error('409'), {
    status: 409,
    detail: 'No questions available',
  });

  it("keeps the server's reason with the start's alert, and drops it with the alert", async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'express' });
    actor.send({ type: 'user.start' });
    await api.fail('startExpressTest', refusal);
    expect(selectAlert(actor.getSnapshot())).toBe('expressStartFailed');
    expect(selectAlertFailure(actor.getSnapshot())).toEqual({
      detail: 'No questions available',
      unreachable: null,
    });
    actor.send({ type: 'user.dismissAlert' });
    expect(selectAlertFailure(actor.getSnapshot())).toBeNull();
  });

  it('says no answer came for a call that got none, and nothing of a reason for an empty answer', async () => {
    const { actor, api } = start();
    actor.send({ type: 'user.selectMode', mode: 'tickets' });
    await api.fail('loadTickets', Object.assign(new Error('offline'), { status: 0 }));
    expect(selectAlert(actor.getSnapshot())).toBe('ticketsLoadFailed');
    expect(selectAlertFailure(actor.getSnapshot())).toEqual({
      detail: null,
      unreachable: 'network',
    });
    actor.send({ type: 'user.selectMode', mode: 'marathon' });
    expect(selectAlertFailure(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'user.start' });
    await api.done('startMarathon', session('marathon', null, []));
    expect(selectAlert(actor.getSnapshot())).toBe('noQuestions');
    expect(selectAlertFailure(actor.getSnapshot())).toBeNull();
  });

  it('the bookmarked intro refuses start when nothing is starred, as weak spots and review do', async () => {
    const { actor, api, errors } = start();
    actor.send({ type: 'user.selectMode', mode: 'bookmarked' });
    expect(api.callsOf('hasBookmarks')).toHaveLength(1);
    await api.done('hasBookmarks', false);
    expect(selectModeAvailable(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'user.start' });
    expect(selectScreen(actor.getSnapshot())).toBe('intro');
    expect(api.callsOf('getBookmarkedQuestions')).toEqual([]);
    // Asked again on the next visit; not known (the call failed), start is offered.
    actor.send({ type: 'user.back' });
    actor.send({ type: 'user.selectMode', mode: 'bookmarked' });
    await api.fail('hasBookmarks', failure);
    expect(errors).toEqual(['hasBookmarks']);
    actor.send({ type: 'user.start' });
    expect(api.callsOf('getBookmarkedQuestions')).toHaveLength(1);
  });
});
