/**
 * The training screen, path by path. The training machine's paths (mode cards, intros, lists,
 * alerts, the start of practice) and the practice machine's paths (answer, check, next, finish,
 * the express countdown) are replayed on a live training actor rendered by the real
 * `TrainingView` (which renders `PracticeView` for the practice child), through the learner's
 * clicks and keys where the event is theirs. After every step the machine's state and what
 * the screen shows are both checked against the model.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, type EventFromLogic } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { practiceMachine } from '../../machines/practice.machine';
import type { PracticeSnapshot } from '../../machines/practice.selectors';
import type { PracticeInput } from '../../machines/practice.types';
import { trainingMachine } from '../../machines/training.machine';
import {
  parentStep,
  selectEventToward,
  selectPracticeRef,
  selectStep,
  type TrainingSnapshot,
} from '../../machines/training.selectors';
import {
  TRAINING_MODES,
  type TrainingAlert,
  type TrainingMode,
  type TrainingStep,
} from '../../machines/training.types';
import * as trainingStyles from '../../src/features/training/training.css';
import type { TrainingActor } from '../../src/features/training/training.actors';
import { TrainingView } from '../../src/features/training/TrainingView';
import type { TrainingNavigation } from '../../src/features/training/use-training-url';
import { questionStyles } from '../../src/ui/question/AnswerOptions';
import {
  clockAndApi,
  clockFilter,
  failure,
  isUnlisted,
  practiceActors,
  replayEvent,
  serializeTraining,
  session,
  T0,
  TICKET_QUESTIONS,
  TICKETS,
  TRAINING_EVENTS,
  TRAINING_QUESTIONS as QUESTIONS,
  TRAINING_SIMPLE_EVENTS,
  type TrainingEvent,
} from './exam-training.harness';
import { firstPracticeOf } from './first-practice';
import {
  buttonsNamed,
  cardButton,
  click,
  clockText,
  evenlyChosen,
  onlyButton,
  pathName,
  pressKey,
  renderInEnglish,
  rightAnswers,
  settleInAct,
  shownAnswers,
  text,
  unavailable,
} from './screen.harness';

/** The learner the screen is rendered for; no result of theirs waits in this browser. */
const LEARNER_ID = 7;

type PracticeEvent = EventFromLogic<typeof practiceMachine>;

const trainingShortest = getShortestPaths(trainingMachine, {
  events: TRAINING_EVENTS,
  serializeState: serializeTraining,
});
const trainingSimple = getSimplePaths(trainingMachine, {
  events: TRAINING_SIMPLE_EVENTS,
  serializeState: serializeTraining,
});

// The practice graphs differ from tests/model/training-practice.machine.test.ts on purpose: they
// start from the runs the training machine hands over (an express session, a ticket), keep the
// finished run's figures (its banner is on screen) and stop once a run has restarted (a second
// run repeats the first), so that every path can be rendered. Express walks the clock reports
// that matter on screen (start, under 60 s, under 30 s, zero); a ticket has no countdown.

const tick = (seconds: number): PracticeEvent => ({ type: 'timer.tick', now: T0 + seconds * 1000 });

const PRACTICE_USER_EVENTS: PracticeEvent[] = [
  { type: 'user.check' },
  { type: 'user.next' },
  { type: 'xstate.done.actor.submitResult', output: { id: 3 }, actorId: 'submitResult' },
  { type: 'xstate.error.actor.submitResult', error: failure, actorId: 'submitResult' },
  { type: 'user.toggleAnswer', answer: 1 },
  { type: 'user.toggleAnswer', answer: 2 },
  { type: 'user.toggleAnswer', answer: 3 },
] as unknown as PracticeEvent[];

const filterPracticeEvents = clockFilter<PracticeSnapshot, PracticeEvent>((snapshot) =>
  snapshot.matches('running'),
);

function remainingSeconds({ context }: PracticeSnapshot): number | null {
  if (context.timeLimitSeconds === null) return null;
  if (context.startedAt === null || context.now === null) return context.timeLimitSeconds;
  const elapsed = Math.floor((context.now - context.startedAt) / 1000);
  return Math.max(0, context.timeLimitSeconds - elapsed);
}

/** What the learner can tell apart; the live ticker reports at once, the graph one step later. */
function visiblePractice(snapshot: PracticeSnapshot) {
  const { currentIndex, selected, answers, points, lastRun } = snapshot.context;
  return {
    value: snapshot.value,
    currentIndex,
    selected,
    answers: answers.map((answer) => answer.selected_answers),
    points,
    remaining: snapshot.matches('timeUp') ? 0 : remainingSeconds(snapshot),
    lastRun,
  };
}

function serializePractice(snapshot: PracticeSnapshot): string {
  const { startedAt, now } = snapshot.context;
  // The clock's absolute readings, not only the time left: a restarted run counts down from the
  // time it restarted, so the same time left can mean a different next reading.
  return JSON.stringify({
    ...visiblePractice(snapshot),
    clock: startedAt === null ? 'not started' : [startedAt - T0, (now ?? T0) - T0],
  });
}

/** A second run repeats the first: the paths stop once one has restarted. */
const runRestarted = (snapshot: PracticeSnapshot) => snapshot.context.lastRun !== null;

const RUNS = {
  express: {
    mode: 'express',
    questions: QUESTIONS,
    sessionId: 11,
    timeLimitSeconds: 300,
    maxPoints: 3,
    topicName: null,
    ticketNumber: null,
    topicId: null,
  },
  tickets: {
    mode: 'tickets',
    questions: QUESTIONS,
    sessionId: null,
    timeLimitSeconds: null,
    maxPoints: 60,
    topicName: null,
    ticketNumber: TICKET_QUESTIONS.ticket_number,
    topicId: null,
  },
} satisfies Record<string, PracticeInput>;
type PracticeMode = keyof typeof RUNS;

const CLOCK_REPORTS: Record<PracticeMode, PracticeEvent[]> = {
  express: [tick(0), tick(241), tick(271), tick(300)],
  tickets: [tick(0)],
};
/** Answer 3 (shown on question 2 only) is walked in ticket practice; express walks the clock. */
const USER_EVENTS: Record<PracticeMode, PracticeEvent[]> = {
  express: PRACTICE_USER_EVENTS.filter(
    (event) => !(event.type === 'user.toggleAnswer' && event.answer === 3),
  ),
  tickets: PRACTICE_USER_EVENTS,
};
const SIMPLE_CLOCK_REPORTS: Record<PracticeMode, PracticeEvent[]> = {
  express: [tick(0), tick(300)],
  tickets: [tick(0)],
};

function practiceGraph(mode: PracticeMode) {
  const options = {
    input: RUNS[mode],
    filterEvents: filterPracticeEvents,
    serializeState: serializePractice,
  };
  return {
    shortest: getShortestPaths(practiceMachine, {
      ...options,
      events: [...USER_EVENTS[mode], ...CLOCK_REPORTS[mode]],
      stopWhen: runRestarted,
    }),
    // Answer 3 and the in-between clock reports are left to the shortest paths.
    simple: getSimplePaths(practiceMachine, {
      ...options,
      events: [...USER_EVENTS.express, ...SIMPLE_CLOCK_REPORTS[mode]],
      stopWhen: runRestarted,
    }),
  };
}

const practiceGraphs = { express: practiceGraph('express'), tickets: practiceGraph('tickets') };

/**
 * Rendering costs some 25 ms a path: every shortest path is rendered, and of each graph's simple
 * paths an even selection of at most 60, the same on every run. The machine tests replay all of
 * them on the actors.
 */
const SIMPLE_PATHS_RENDERED = 60;
const trainingSimpleRendered = evenlyChosen(trainingSimple, SIMPLE_PATHS_RENDERED);
const practiceSimpleRendered = {
  express: evenlyChosen(practiceGraphs.express.simple, SIMPLE_PATHS_RENDERED),
  tickets: evenlyChosen(practiceGraphs.tickets.simple, SIMPLE_PATHS_RENDERED),
};

// What the learner should see, in the English of public/locales/en/training.json, worked out
// from the model's state rather than through the selectors the view itself uses.

const MODE_TITLES: Record<TrainingMode, string> = {
  tickets: 'Tickets',
  topics: 'Topics',
  express: 'Express test',
  'weak-spots': 'Weak spots',
  marathon: 'Marathon',
  'daily-challenge': 'Daily challenge',
  review: 'Review',
  'study-plan': 'Study plan',
  bookmarked: 'Bookmarked',
};

const ALERTS: Record<TrainingAlert, string> = {
  ticketsLoadFailed: 'Error loading tickets. Please try again.',
  topicsLoadFailed: 'Error loading topics. Please try again.',
  questionsLoadFailed: 'Error loading questions. Please try again.',
  expressStartFailed: 'Could not start the express test. Please try again.',
  weakSpotsStartFailed: 'Could not load your weak spots. Please try again.',
  marathonStartFailed: 'Could not start the marathon. Please try again.',
  dailyChallengeStartFailed: 'Could not load the daily challenge. Please try again.',
  reviewStartFailed: 'Could not start the review. Please try again.',
  noWeakSpots: 'No weak spots yet! Answer some questions in training or take an exam first.',
  nothingToReview: 'Nothing to review right now. Come back later.',
  studyPlanStartFailed: 'Could not start the study plan. Please try again.',
  noStudyPlan:
    'Nothing to add to your study plan right now: you are likely to get every question right.',
  noQuestions: 'There are no questions here yet.',
  ticketNotFound: 'There is no such ticket. Choose one from the list.',
  topicNotFound: 'There is no such topic. Choose one from the list.',
  noBookmarks: 'No bookmarks yet. Star a question while you practise to find it here.',
  bookmarkedStartFailed: 'Could not load your bookmarks. Please try again.',
};
const INFO_ALERTS: readonly TrainingAlert[] = [
  'noWeakSpots',
  'nothingToReview',
  'noQuestions',
  'noStudyPlan',
];

function modeOf(state: TrainingSnapshot): TrainingMode | null {
  const top = typeof state.value === 'string' ? state.value : Object.keys(state.value)[0];
  return TRAINING_MODES.find((mode) => mode === top) ?? null;
}

function backLabel(mode: TrainingMode): string {
  if (mode === 'tickets') return '← Back to tickets';
  if (mode === 'topics') return '← Back to topics';
  return '← Back to modes';
}

function expectAlert(container: HTMLElement, alert: TrainingAlert | null) {
  const banner = container.querySelector('[data-testid="training-alert"]');
  if (alert === null) {
    expect(banner).toBeNull();
    expect(buttonsNamed(container, 'Dismiss')).toEqual([]);
    return;
  }
  expect(text(banner)).toBe(ALERTS[alert]);
  expect(banner?.closest('[role]')?.getAttribute('role')).toBe(
    INFO_ALERTS.includes(alert) ? 'status' : 'alert',
  );
  expect(unavailable(onlyButton(container, 'Dismiss'))).toBe(false);
}

function expectStartButton(root: ParentNode, loading: boolean, nothingToPractise = false) {
  // Nothing to practise: no Start at all, rather than one that does nothing.
  if (nothingToPractise) {
    expect(buttonsNamed(root, 'Start')).toEqual([]);
    return;
  }
  const start = onlyButton(root, 'Start');
  expect(unavailable(start)).toBe(loading);
  expect(start.getAttribute('aria-busy')).toBe(loading ? 'true' : null);
}

function expectList(container: HTMLElement, state: TrainingSnapshot, kind: 'ticket' | 'topic') {
  const loading = state.hasTag('status:loading');
  expect(text(container.querySelector('h1'))).toBe(kind === 'ticket' ? 'Tickets' : 'Topics');
  expect(unavailable(onlyButton(container, '← Back to modes'))).toBe(false);
  const stats = kind === 'ticket' ? state.context.ticketStats : state.context.topicStats;
  const cards = [...container.querySelectorAll(`[data-testid="${kind}-card"]`)];
  if (stats === null) {
    expect(text(container.querySelector('p[role="status"]'))).toBe('Loading…');
    expect(cards).toEqual([]);
    return;
  }
  // The learner's progress, once the server has said: ticket 3 has one of two questions right
  // the last time, topic 4 both (mastered).
  const progressKnown =
    (kind === 'ticket' ? state.context.ticketProgress : state.context.topicProgress).length > 0;
  expect(text(container.querySelector(`[data-testid="${kind}-stats"]`))).toBe(
    kind === 'ticket'
      ? `1Tickets in total1Tickets available2Different questions${progressKnown ? '0Tickets mastered' : ''}`
      : `1Topics in total1Topics available2Different questions${progressKnown ? '1Topics mastered' : ''}`,
  );
  expect(cards).toHaveLength(1);
  expect(text(cards[0]?.querySelector('h2'))).toBe(kind === 'ticket' ? 'Ticket 3' : 'Signs');
  expect(cards[0]?.textContent).toContain(
    kind === 'ticket' ? '2 questions · 60 points' : '2 questions',
  );
  const progress = cards[0]?.querySelector('[data-testid="set-progress"]');
  // The progress counts answers from any mode, and the list says so once, above the cards.
  const note = container.querySelector('[data-testid="set-progress-note"]');
  if (!progressKnown) {
    expect(progress).toBeNull();
    expect(note).toBeNull();
  } else {
    expect(text(note)).toBe(
      'A card counts your latest answer to each of its questions, given in any training mode or in the exam.',
    );
  }
  if (progressKnown && kind === 'ticket') {
    expect(progress?.getAttribute('data-standing')).toBe('inProgress');
    expect(text(progress)).toBe('2 of 2 questions answeredRight: 1To revisit: 1');
  } else if (progressKnown) {
    expect(progress?.getAttribute('data-standing')).toBe('mastered');
    expect(text(progress)).toBe('Mastered2 of 2 questions answeredRight: 2');
  }
  if (cards[0]) expect(unavailable(cardButton(cards[0], 'Start'))).toBe(loading);
}

/** The training machine's screens; practice is checked on its first screen here. */
function expectTrainingScreen(container: HTMLElement, state: TrainingSnapshot) {
  const mode = modeOf(state);
  if (state.hasTag('screen:practice')) {
    const run = state.context.run;
    if (run === null || mode === null) throw new Error('practice without a run');
    expectPracticeScreen(container, firstPracticeOf(state), run);
    return;
  }
  expectAlert(container, state.context.alert);
  if (state.hasTag('screen:ticketList')) expectList(container, state, 'ticket');
  else if (state.hasTag('screen:topicList')) expectList(container, state, 'topic');
  else if (state.hasTag('screen:intro') && mode !== null) {
    expect(text(container.querySelector('h1'))).toBe(MODE_TITLES[mode]);
    expect(unavailable(onlyButton(container, '← Back to modes'))).toBe(false);
    // Weak spots, review and bookmarked say so, and start nothing, once they know there is
    // nothing to practise.
    const nothing = state.context.modeAvailable === false;
    expectStartButton(container, state.hasTag('status:loading'), nothing);
    expect(text(container.querySelector('[data-testid="intro-nothing"]'))).toBe(
      !nothing
        ? null
        : mode === 'weak-spots'
          ? 'No weak spots yet! Answer some questions in training or take an exam first.'
          : mode === 'bookmarked'
            ? 'No bookmarks yet. Star a question while you practise to find it here.'
            : 'Nothing to review right now. Come back later.',
    );
  } else {
    expect(state.matches('selection')).toBe(true);
    expect(text(container.querySelector('h1'))).toBe('Training');
    const cards = [...container.querySelectorAll('[data-testid^="mode-"]')];
    expect(cards.map((card) => text(card.querySelector('h2')))).toEqual(
      TRAINING_MODES.map((item) => MODE_TITLES[item]),
    );
    for (const card of cards) expect(unavailable(cardButton(card, 'Choose'))).toBe(false);
  }
}

/**
 * The practice screen of a run. `state` is the model's practice state, or undefined for the
 * child's first screen as the training graph hands it over (question 1, nothing picked).
 */
function expectPracticeScreen(
  container: HTMLElement,
  state: PracticeSnapshot | undefined,
  run: PracticeInput,
) {
  const answering = state === undefined || state.hasTag('status:answering');
  const checked = state?.hasTag('status:checked') ?? false;
  const submitting = state?.hasTag('status:submitting') ?? false;
  const timeUp = state?.hasTag('status:timeUp') ?? false;
  const summary = state?.hasTag('status:summary') ?? false;
  const index = state?.context.currentIndex ?? 0;
  const selected: readonly number[] = state?.context.selected ?? [];
  const answers = state?.context.answers ?? [];
  const points = state?.context.points ?? 0;
  // A run of the mistakes alone holds only the questions answered wrong in the run before.
  const questions = state?.context.questions ?? run.questions;
  const total = questions.length;
  const current = questions[index];
  if (current === undefined) throw new Error('practice without a question');

  // A ticket or a topic is named; other modes show their own title.
  expect(text(container.querySelector('h1'))).toBe(
    run.ticketNumber !== null
      ? `Ticket ${run.ticketNumber}`
      : (run.topicName ?? MODE_TITLES[run.mode]),
  );
  if (summary) {
    expectSummary(container, state!, run);
    return;
  }
  expect(text(container.querySelector('[data-testid="practice-position"]'))).toBe(
    timeUp ? `${answers.length} of ${total} answered` : `Question ${index + 1} of ${total}`,
  );
  expect(text(container.querySelector('[data-testid="practice-score"]'))).toBe(
    `Score: ${points} of ${state?.context.maxPoints ?? run.maxPoints} points`,
  );
  expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe(
    String(Math.round((answers.length * 100) / total)),
  );
  // One way back: in the top bar, or on the time-up card once the time is up.
  expect(buttonsNamed(container, backLabel(run.mode))).toHaveLength(1);

  // The express countdown: yellow under 60 s, red and pulsing under 30 s.
  const timer = container.querySelector('[role="timer"]');
  const remaining = timeUp ? 0 : state ? remainingSeconds(state) : run.timeLimitSeconds;
  if (remaining === null) expect(timer).toBeNull();
  else {
    const tone = remaining < 30 ? 'critical' : remaining < 60 ? 'warning' : 'normal';
    expect(text(timer)).toBe(clockText(remaining));
    expect(timer?.getAttribute('data-tone')).toBe(tone);
    expect(timer?.classList.contains(trainingStyles.timerTone[tone])).toBe(true);
    expect(timer?.classList.contains(trainingStyles.pulse)).toBe(tone === 'critical');
  }

  if (timeUp) {
    const card = container.querySelector('[data-testid="time-up"]');
    const correct = answers.filter((answer) => answer.is_correct === true).length;
    expect(text(card?.querySelector('h2'))).toBe('Time is up');
    // A run with no answer (a restart left alone) has no result to claim.
    expect(text(card?.querySelector('[data-testid="time-up-result"]'))).toBe(
      answers.length === 0
        ? 'No question was answered in this run before the time ran out.'
        : `Answered in time: ${answers.length} of ${total} questions. Correct answers: ${correct} of ${answers.length}. Points: ${points} of ${run.maxPoints}.`,
    );
    const lastRun = state?.context.lastRun ?? null;
    expect(text(card?.querySelector('[data-testid="time-up-last-run"]'))).toBe(
      lastRun === null
        ? null
        : `Your last finished run: correct answers ${lastRun.correct} of ${lastRun.answered}; points ${lastRun.points} of ${lastRun.maxPoints}.`,
    );
    expect(container.querySelectorAll('[data-answer]')).toHaveLength(0);
    // The heading has the focus (a stray Enter starts nothing); Try again comes first, then back.
    expect([...(card?.querySelectorAll('button') ?? [])].map(text)).toEqual([
      'Try again',
      backLabel(run.mode),
    ]);
    expect(document.activeElement).toBe(card?.querySelector('h2'));
    return;
  }
  expect(container.querySelector('[data-testid="time-up"]')).toBeNull();
  expect(text(container.querySelector('h2'))).toBe(current.question_text);

  // The options: picks pressed, locked once checked, then right green and wrong picks red.
  const options = [...container.querySelectorAll<HTMLButtonElement>('button[data-answer]')];
  expect(options.map((option) => Number(option.dataset.answer))).toEqual(shownAnswers(current));
  for (const option of options) {
    const answer = Number(option.dataset.answer);
    const picked = selected.includes(answer);
    const right = rightAnswers(current).includes(answer);
    const tone = checked
      ? right
        ? picked
          ? 'right'
          : 'missed'
        : picked
          ? 'wrong'
          : 'none'
      : picked
        ? 'selected'
        : 'none';
    expect(option.getAttribute('aria-pressed')).toBe(String(picked));
    expect(option.getAttribute('aria-disabled')).toBe(answering ? null : 'true');
    expect(option.dataset.tone, `answer ${answer}`).toBe(tone);
    expect(option.classList.contains(questionStyles.tone[tone])).toBe(true);
  }

  // After check: the verdict and the explanation.
  const verdict = container.querySelector('[data-testid="practice-verdict"]');
  const explanation = `Explanation: ${current.explanation ?? ''}`;
  if (checked) {
    const correct = answers[index]?.is_correct === true;
    expect(verdict?.getAttribute('data-correct')).toBe(String(correct));
    expect(
      verdict?.classList.contains(
        correct ? trainingStyles.verdictRight : trainingStyles.verdictWrong,
      ),
    ).toBe(true);
    expect(text(verdict)).toBe(
      correct
        ? `Correct! +${current.points} point${current.points === 1 ? '' : 's'}`
        : rightAnswers(current).length === 1
          ? 'Incorrect. The right answer is marked in green.'
          : 'Incorrect. The right answers are marked in green.',
    );
    expect(container.textContent).toContain(explanation);
  } else {
    expect(verdict).toBeNull();
    expect(container.textContent).not.toContain(explanation);
  }

  // The one primary button: check, then next or finish, then saving.
  const isLast = index === total - 1;
  const label = answering
    ? 'Check answer'
    : checked
      ? isLast
        ? 'Finish'
        : 'Next question'
      : 'Saving…';
  const primary = onlyButton(container, label);
  expect(unavailable(primary)).toBe(answering ? selected.length === 0 : submitting);
  expect(primary.getAttribute('aria-busy')).toBe(submitting ? 'true' : null);

  // A run started from the summary is a fresh run: no word of the one before, which the
  // summary told.
  expect(container.querySelector('[data-testid="last-run"]')).toBeNull();
  expect(container.querySelector('[data-testid="last-run-pending"]')).toBeNull();
  expect(container.textContent).not.toContain('Run complete');
}

/**
 * The end of a run: its score, each mistake with what was picked and what was right, and the
 * ways on (the mistakes, when there are any, the whole run again, back); no clock, no question.
 */
function expectSummary(container: HTMLElement, state: PracticeSnapshot, run: PracticeInput) {
  const finished = state.context.lastRun!;
  const card = container.querySelector('[data-testid="run-summary"]');
  expect(text(container.querySelector('[data-testid="practice-position"]'))).toBe('Run finished');
  expect(container.querySelector('[data-testid="practice-score"]')).toBeNull();
  expect(container.querySelector('[role="timer"]')).toBeNull();
  // Every question of the run was answered: the bar is full, not back at the start.
  expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe(
    '100',
  );
  expect(container.querySelectorAll('button[data-answer]')).toHaveLength(0);
  // One way back, on the card.
  expect(buttonsNamed(container, backLabel(run.mode))).toHaveLength(1);
  expect(text(card?.querySelector('h2'))).toBe('Your result');
  expect(text(card?.querySelector('[data-testid="last-run"]'))).toMatch(
    new RegExp(
      `^Correct answers: ${finished.correct} of ${finished.answered}; points: ${finished.points} of ${finished.maxPoints}\\. Time: `,
    ),
  );
  // Each answer not exactly right, in order, with what was picked and the question's right
  // answers, numbered as the question numbers them (keys 1 to 5), with their words.
  const wrong = finished.mistakes.map((mistake) => mistake.question_id);
  const items = [...(card?.querySelectorAll('[data-testid="summary-mistake"]') ?? [])];
  expect(items.map((item) => text(item.querySelector('p')))).toEqual(
    wrong.map((id) => run.questions.find((item) => item.id === id)?.question_text),
  );
  for (const [position, item] of items.entries()) {
    const question = run.questions.find((entry) => entry.id === wrong[position])!;
    const words = (numbers: number[]) =>
      [...numbers]
        .sort((a, b) => a - b)
        .map((n) => `${n}. ${question[`answer_${n}` as 'answer_1']}`)
        .join('; ');
    const picked = finished.mistakes[position]!.selected_answers;
    expect(text(item.querySelector('[data-testid="summary-your-answer"]'))).toBe(
      `Your answer: ${words(picked)}`,
    );
    expect(text(item.querySelector('[data-testid="summary-right-answer"]'))).toBe(
      `Right answer: ${words(rightAnswers(question))}`,
    );
  }
  expect(text(card?.querySelector('[data-testid="no-mistakes"]'))).toBe(
    wrong.length === 0 ? 'No mistakes: every answer was right.' : null,
  );
  expect(
    [...(card?.querySelectorAll('button') ?? [])]
      .map(text)
      // The stars on the mistakes are icons: named by their label, not their text.
      .filter((name) => name !== ''),
  ).toEqual([
    ...(wrong.length > 0 ? ['Practise these mistakes'] : []),
    'Practise again',
    backLabel(run.mode),
  ]);
}

/**
 * The page's address as far as the screen goes: a step opened or left is followed at once by
 * the event toward it (src/features/training/use-training-url.ts does so for the real URL).
 */
function followingNavigation(actor: TrainingActor): TrainingNavigation {
  const follow = (step: TrainingStep) => {
    const event = selectEventToward(actor.getSnapshot(), step);
    if (event !== null) actor.send(event);
  };
  return { open: follow, up: () => follow(parentStep(selectStep(actor.getSnapshot()))) };
}

function setUp() {
  const { clock, api } = clockAndApi();
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
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const { container, unmount } = renderInEnglish(
    <TrainingView actor={actor} navigation={followingNavigation(actor)} userId={LEARNER_ID} />,
  );
  const stop = () => {
    unmount();
    actor.stop();
  };
  return { clock, api, actor, container, stop };
}

type Session = ReturnType<typeof setUp>;

/**
 * The training machine's user events, played by clicking what the learner clicks; a ticket or
 * topic not on its list, which only a link names, is sent as the page's address would.
 */
function playTrainingEvent(container: HTMLElement, event: TrainingEvent): boolean {
  if (isUnlisted(event)) return false;
  switch (event.type) {
    case 'user.selectMode': {
      const card = container.querySelector(`[data-testid="mode-${event.mode}"]`);
      if (card === null) throw new Error(`no card for ${event.mode}`);
      click(cardButton(card, 'Choose'));
      return true;
    }
    case 'user.back': {
      const [back] = [...container.querySelectorAll('button')].filter((button) =>
        text(button)?.startsWith('← Back to'),
      );
      if (back === undefined) throw new Error('no back button');
      click(back);
      return true;
    }
    case 'user.start':
      click(onlyButton(container, 'Start'));
      return true;
    case 'user.startTicket':
    case 'user.startTopic': {
      const kind = event.type === 'user.startTicket' ? 'ticket' : 'topic';
      const card = container.querySelector(`[data-testid="${kind}-card"]`);
      if (card === null) throw new Error(`no ${kind} card`);
      click(cardButton(card, 'Start'));
      return true;
    }
    case 'user.dismissAlert':
      click(onlyButton(container, 'Dismiss'));
      return true;
    default:
      return false;
  }
}

async function replayTrainingPath(path: StatePath<TrainingSnapshot, TrainingEvent>) {
  const run = setUp();
  try {
    for (const [index, step] of path.steps.entries()) {
      if (!playTrainingEvent(run.container, step.event))
        await settleInAct(() => replayEvent(run.actor, step.event, run.api, run.clock, undefined));
      const where = `step ${index} (${step.event.type})`;
      expect(serializeTraining(run.actor.getSnapshot()), where).toBe(serializeTraining(step.state));
      expectTrainingScreen(run.container, step.state);
    }
  } finally {
    run.stop();
  }
}

/** Into the mode's practice through the screen: the mode card, then start or a ticket. */
async function startPractice(mode: PracticeMode): Promise<Session> {
  const run = setUp();
  playTrainingEvent(run.container, { type: 'user.selectMode', mode });
  if (mode === 'express') {
    playTrainingEvent(run.container, { type: 'user.start' });
    await settleInAct(() => run.api.done('startExpressTest', session('express', 300)));
  } else {
    await settleInAct(() => run.api.done('loadTickets', TICKETS));
    playTrainingEvent(run.container, { type: 'user.startTicket', ticketNumber: 3 });
    await settleInAct(() => run.api.done('getTicketQuestions', TICKET_QUESTIONS));
  }
  expect(run.actor.getSnapshot().context.run).toEqual(RUNS[mode]);
  return run;
}

/**
 * Practice events as the learner makes them: answers by click or keys 1 to 5, check and next by
 * the primary button or Enter (which send `user.primary`), alternating by step so both ways are
 * walked. API outcomes and clock reports come from the harness.
 */
async function playPracticeEvent(
  run: Session,
  event: PracticeEvent,
  before: PracticeSnapshot | undefined,
  index: number,
) {
  const byKey = index % 2 === 1;
  const { container } = run;
  switch (event.type) {
    case 'user.toggleAnswer': {
      const option = container.querySelector(`button[data-answer="${event.answer}"]`);
      if (option && !byKey) click(option);
      else pressKey(String(event.answer));
      return;
    }
    case 'user.check':
    case 'user.next':
    case 'user.primary': {
      const [primary] = ['Check answer', 'Next question', 'Finish'].flatMap((name) =>
        buttonsNamed(container, name),
      );
      expect(unavailable(primary)).toBe(false);
      if (byKey || primary === undefined) pressKey('Enter');
      else click(primary);
      return;
    }
    default: {
      const practice = selectPracticeRef(run.actor.getSnapshot());
      if (practice === undefined) throw new Error('no practice child');
      await settleInAct(() => replayEvent(practice, event, run.api, run.clock, before));
    }
  }
}

async function replayPracticePath(
  mode: PracticeMode,
  path: StatePath<PracticeSnapshot, PracticeEvent>,
) {
  const run = await startPractice(mode);
  let before: PracticeSnapshot | undefined;
  try {
    for (const [index, step] of path.steps.entries()) {
      await playPracticeEvent(run, step.event, before, index);
      const practice = selectPracticeRef(run.actor.getSnapshot())?.getSnapshot();
      const where = `step ${index} (${step.event.type})`;
      expect(practice && visiblePractice(practice), where).toEqual(visiblePractice(step.state));
      expectPracticeScreen(run.container, step.state, RUNS[mode]);
      before = step.state;
    }
  } finally {
    run.stop();
  }
}

afterEach(cleanup);

describe('express time-up screen', () => {
  async function runOutOfTime(): Promise<Session> {
    const run = await startPractice('express');
    await settleInAct(async () => {
      run.clock.increment(300_000);
      await Promise.resolve();
    });
    expect(run.container.querySelector('[data-testid="time-up"]')).not.toBeNull();
    return run;
  }

  it('Try again starts a new express test at once: the intro loads, then question 1 with the full five minutes', async () => {
    const run = await runOutOfTime();
    try {
      click(onlyButton(run.container, 'Try again'));
      expect(run.api.callsOf('startExpressTest')).toHaveLength(2);
      expect(text(run.container.querySelector('h1'))).toBe('Express test');
      expectStartButton(run.container, true);
      expectAlert(run.container, null);
      await settleInAct(() =>
        run.api.done('startExpressTest', { ...session('express', 300), session_id: 12 }),
      );
      expect(run.container.querySelector('[data-testid="time-up"]')).toBeNull();
      expect(text(run.container.querySelector('[data-testid="practice-position"]'))).toBe(
        'Question 1 of 2',
      );
      expect(text(run.container.querySelector('[data-testid="practice-score"]'))).toBe(
        'Score: 0 of 3 points',
      );
      expect(text(run.container.querySelector('[role="timer"]'))).toBe('05:00');
      expect(selectPracticeRef(run.actor.getSnapshot())?.getSnapshot().context.sessionId).toBe(12);
    } finally {
      run.stop();
    }
  });

  it('a failed new start shows the express start failure on the intro', async () => {
    const run = await runOutOfTime();
    try {
      click(onlyButton(run.container, 'Try again'));
      await settleInAct(() => run.api.fail('startExpressTest', failure));
      expect(text(run.container.querySelector('h1'))).toBe('Express test');
      expectAlert(run.container, 'expressStartFailed');
      expectStartButton(run.container, false);
    } finally {
      run.stop();
    }
  });
});

const counts = {
  training: [trainingShortest.length, trainingSimple.length],
  express: [practiceGraphs.express.shortest.length, practiceGraphs.express.simple.length],
  tickets: [practiceGraphs.tickets.shortest.length, practiceGraphs.tickets.simple.length],
};

it(`walks training ${counts.training.join(' / ')}, express practice ${counts.express.join(' / ')} and ticket practice ${counts.tickets.join(' / ')} shortest / simple paths`, () => {
  console.info(
    Object.entries(counts)
      .map(([name, [shortest, simple]]) => `${name}: ${shortest} shortest, ${simple} simple paths`)
      .join('; '),
  );
  // Both questions have one right answer: one pick each (express 221 / 399, tickets 116 / 200
  // before, with two picks on a question).
  expect(counts).toEqual({ training: [92, 2205], express: [109, 187], tickets: [38, 94] });
});

describe(`training screen: ${trainingShortest.length} shortest paths, ${trainingSimple.length} simple paths (${trainingSimpleRendered.length} rendered)`, () => {
  it('reaches every mode card, intro, list, alert and practice', () => {
    const alerts = new Set(trainingShortest.map((path) => path.state.context.alert));
    expect([...alerts].sort()).toEqual([...Object.keys(ALERTS), null].sort());
    const practised = trainingShortest
      .filter((path) => path.state.hasTag('screen:practice'))
      .map((path) => modeOf(path.state));
    expect(new Set(practised)).toEqual(new Set(TRAINING_MODES));
  });

  it.each(trainingShortest.map((path) => [pathName(path), path] as const))(
    `training shortest path %# of ${trainingShortest.length}: %s`,
    async (_, path) => replayTrainingPath(path),
  );

  it.each(trainingSimpleRendered.map((path) => [pathName(path), path] as const))(
    `training simple path %# (of ${trainingSimpleRendered.length} chosen from ${trainingSimple.length}): %s`,
    async (_, path) => replayTrainingPath(path),
  );
});

for (const mode of ['express', 'tickets'] as const) {
  const graph = practiceGraphs[mode];
  const rendered = practiceSimpleRendered[mode];
  describe(`${mode} practice screen: ${graph.shortest.length} shortest paths, ${graph.simple.length} simple paths (${rendered.length} rendered)`, () => {
    it('reaches check, saving, the restarted run and, with a countdown, every timer tone and time-up', () => {
      const states = graph.shortest.map((path) => path.state);
      const seen = new Set(states.map((state) => JSON.stringify(state.value)));
      expect(seen).toContain(JSON.stringify({ running: 'checked' }));
      expect(seen).toContain(JSON.stringify({ running: 'submitting' }));
      expect(states.some((state) => state.context.lastRun !== null)).toBe(true);
      const remaining = new Set(states.map(remainingSeconds));
      if (mode === 'express') {
        expect(seen).toContain('"timeUp"');
        expect([...remaining].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([0, 29, 59, 300]);
      } else {
        expect(seen).not.toContain('"timeUp"');
        expect([...remaining]).toEqual([null]);
      }
    });

    it.each(graph.shortest.map((path) => [pathName(path), path] as const))(
      `${mode} practice shortest path %# of ${graph.shortest.length}: %s`,
      async (_, path) => replayPracticePath(mode, path),
    );

    it.each(rendered.map((path) => [pathName(path), path] as const))(
      `${mode} practice simple path %# (of ${rendered.length} chosen from ${graph.simple.length}): %s`,
      async (_, path) => replayPracticePath(mode, path),
    );
  });
}
