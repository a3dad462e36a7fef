/**
 * The exam screen, path by path: every shortest path and an even selection of the simple paths
 * of the exam machine are replayed on a live actor rendered by the real `ExamView`, through the
 * learner's clicks and keys where the event is theirs, and after every step both the machine's
 * state and what the screen shows are checked against the model.
 */
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { examMachine } from '../../machines/exam.machine';
import type { ExamSnapshot } from '../../machines/exam.selectors';
import type { ExamResult, ExamSubmission } from '../../machines/exam.types';
import { createTicker } from '../../machines/ticker.actor';
import * as examStyles from '../../src/features/exam/exam.css';
import type { ExamRules } from '../../src/features/exam/exam-rules';
import { ExamView } from '../../src/features/exam/ExamView';
import {
  addPendingResult,
  flushPendingResults,
  PENDING_RESULTS_KEY,
} from '../../src/lib/pending-results';
import { scriptedApi } from '../../src/test/scripted-api';
import { questionStyles } from '../../src/ui/question/AnswerOptions';
import {
  clockAndApi,
  EXAM_ALL_EVENTS,
  EXAM_LIMIT_MS,
  examSerializer,
  filterExamEvents,
  replayEvent,
  T0,
  type ExamEvent,
  type Question,
} from './exam-training.harness';
import {
  buttonsNamed,
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

const USER_ID = 1;
const RULES: ExamRules = { questionCount: 40, timeLimitSeconds: 2400, passPercent: 70 };

/**
 * The simple paths leave out answer 3 and the clock reports at one second and in the last minute.
 * With the last-minute report the machine test's graph has 6209 simple paths, and enumerating
 * them alone takes about 15 s; without it there are 479. The shortest paths still reach every
 * state with the last-minute report (the critical timer with every pick), and
 * tests/model/exam.machine.test.ts replays all 6209 on the actor.
 */
const SIMPLE_EVENTS: ExamEvent[] = EXAM_ALL_EVENTS.filter(
  (event) =>
    event.type !== 'result.keptSent' &&
    !(event.type === 'user.toggleAnswer' && event.answer === 3) &&
    !(event.type === 'timer.tick' && event.now !== T0 && event.now !== T0 + EXAM_LIMIT_MS),
);

function remainingSeconds({ context }: ExamSnapshot): number {
  if (context.startedAt === null || context.now === null) return context.timeLimitSeconds;
  const elapsed = Math.floor((context.now - context.startedAt) / 1000);
  return Math.max(0, context.timeLimitSeconds - elapsed);
}

const serializeState = examSerializer(remainingSeconds);

/**
 * The machine state as the learner can tell it: the graph's state before the first clock report
 * is "not started", while the live ticker reports at once; both show the full time.
 */
function visibleState(snapshot: ExamSnapshot) {
  const { currentIndex, selected, answers, delivery, questions } = snapshot.context;
  return {
    value: snapshot.value,
    questions: questions.length,
    currentIndex,
    selected,
    answers,
    remaining: remainingSeconds(snapshot),
    delivery,
  };
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

/**
 * Rendering is what costs here (some 25 ms a path): every shortest path is rendered, and of the
 * simple paths an even selection of 60, the same on every run.
 */
const SIMPLE_PATHS_RENDERED = 60;
const renderedSimplePaths = evenlyChosen(simplePaths, SIMPLE_PATHS_RENDERED);

// What the learner should see, worked out from the model's state with plain arithmetic and the
// English strings, rather than through the selectors the view itself uses.

const isRight = (item: Question, picked: readonly number[]) =>
  [...picked].sort().join(',') === rightAnswers(item).join(',');

function expectedSummary({ context }: ExamSnapshot) {
  const total = context.questions.length;
  const correct = context.questions.filter((item, index) =>
    isRight(item, context.answers[index] ?? []),
  ).length;
  // The server's saved time where it has one (another tab's, when that tab finished first).
  const elapsed =
    context.result?.time_taken ??
    (context.startedAt === null || context.now === null
      ? 0
      : Math.min(Math.floor((context.now - context.startedAt) / 1000), context.timeLimitSeconds));
  return {
    correct: `${correct} of ${total}`,
    percent: `${Math.round((correct * 100) / total)}%`,
    passed: correct * 100 >= context.passPercent * total,
    timeTaken: clockText(elapsed),
  };
}

function expectIntro(container: HTMLElement, state: ExamSnapshot) {
  expect(text(container.querySelector('h2'))).toBe('Ready for the exam?');
  expect(text(container.querySelector('[data-testid="exam-rules"]'))).toBe(
    '40questions40minutes to finish70%correct answers needed to pass',
  );
  expect(unavailable(onlyButton(container, 'Start exam'))).toBe(false);
  const alert = container.querySelector('[role="alert"]');
  if (state.matches({ notStarted: 'loadFailed' }))
    expect(text(alert)).toBe('Error loading questions. Check your connection and try again.');
  else expect(alert).toBeNull();
}

function expectQuestion(container: HTMLElement, state: ExamSnapshot) {
  const { questions, currentIndex, selected } = state.context;
  const current = questions[currentIndex];
  if (current === undefined) throw new Error('in progress without a question');
  const isLast = currentIndex === questions.length - 1;
  expect(text(container.querySelector('[data-testid="exam-position"]'))).toBe(
    `Question ${currentIndex + 1} of ${questions.length}`,
  );
  expect(text(container.querySelector('h2'))).toBe(current.question_text);

  const remaining = remainingSeconds(state);
  const timer = container.querySelector('[role="timer"]');
  expect(text(timer)).toBe(clockText(remaining));
  expect(timer?.getAttribute('aria-label')).toBe('Time left');
  expect(timer?.classList.contains(examStyles.timerCritical)).toBe(remaining < 60);
  expect(timer?.getAttribute('data-critical')).toBe(String(remaining < 60));

  const options = [...container.querySelectorAll<HTMLButtonElement>('button[data-answer]')];
  expect(options.map((option) => Number(option.dataset.answer))).toEqual(shownAnswers(current));
  expect(options.map((option) => option.getAttribute('aria-pressed'))).toEqual(
    options.map((option) => String(selected.includes(Number(option.dataset.answer) as 1))),
  );

  const moveOn = onlyButton(container, isLast ? 'Finish exam' : 'Next question');
  expect(unavailable(moveOn)).toBe(selected.length === 0);
  expect(buttonsNamed(container, isLast ? 'Next question' : 'Finish exam')).toEqual([]);
  expect(container.textContent).toContain(
    selected.length === 0
      ? 'Pick at least one answer to continue.'
      : 'Press Enter or the button to continue.',
  );
}

function expectSummary(container: HTMLElement, state: ExamSnapshot) {
  const expected = expectedSummary(state);
  expect(text(container.querySelector('h1'))).toBe('Exam result');
  const verdict = container.querySelector('[data-testid="exam-verdict"]');
  expect(text(verdict)).toBe(expected.passed ? 'Passed' : 'Failed');
  expect(verdict?.classList.contains(expected.passed ? examStyles.passed : examStyles.failed)).toBe(
    true,
  );
  expect(text(container.querySelector('[data-testid="exam-correct"]'))).toBe(expected.correct);
  expect(text(container.querySelector('[data-testid="exam-percent"]'))).toBe(expected.percent);
  expect(container.textContent).toContain(`Time taken${expected.timeTaken}`);
  if (state.context.delivery === 'pending') {
    expect(container.textContent).toContain('Result pending.');
    expect(container.textContent).not.toContain('Your result has been saved');
  } else if (state.context.delivery === 'sentLater') {
    expect(container.textContent).toContain('Your pending result has now been saved');
    expect(container.textContent).not.toContain('Result pending.');
  } else if (state.context.delivery === 'savedEarlier') {
    expect(container.textContent).toContain('This exam had already been finished in another tab');
    expect(container.textContent).not.toContain('Result pending.');
  } else {
    expect(container.textContent).toContain('Your result has been saved to your history.');
    expect(container.textContent).not.toContain('Result pending.');
  }
  expect(unavailable(onlyButton(container, 'Show detailed review'))).toBe(false);
  expect(unavailable(onlyButton(container, 'Take the exam again'))).toBe(false);
}

/** Right answers green (picked or missed), wrong picks red, and each question's verdict. */
function expectReview(container: HTMLElement, state: ExamSnapshot) {
  const { questions, answers } = state.context;
  expect(text(container.querySelector('h1'))).toBe('Detailed review');
  expect(container.textContent).toContain(expectedSummary(state).correct);
  const items = [...container.querySelectorAll('[data-testid="review-item"]')];
  expect(items).toHaveLength(questions.length);
  questions.forEach((item, index) => {
    const card = items[index];
    const picked = answers[index] ?? [];
    const correct = isRight(item, picked);
    expect(card?.getAttribute('data-correct')).toBe(String(correct));
    expect(text(card?.querySelector('h2') ?? null)).toBe(item.question_text);
    expect(card?.textContent).toContain(
      correct ? 'Correct' : picked.length === 0 ? 'Not answered' : 'Incorrect',
    );
    expect(card?.textContent).toContain(`Explanation: ${item.explanation ?? ''}`);
    const options = [...(card?.querySelectorAll<HTMLElement>('[data-answer]') ?? [])];
    expect(options.map((option) => Number(option.dataset.answer))).toEqual(shownAnswers(item));
    for (const option of options) {
      const answer = Number(option.dataset.answer);
      const right = rightAnswers(item).includes(answer);
      const chosen = picked.includes(answer as 1);
      const mark = right ? (chosen ? 'right' : 'missed') : chosen ? 'wrong' : 'none';
      expect(option.dataset.tone, `question ${item.id}, answer ${answer}`).toBe(mark);
      expect(option.classList.contains(questionStyles.tone[mark])).toBe(true);
    }
  });
  expect(buttonsNamed(container, 'Back to result')).toHaveLength(2);
  expect(buttonsNamed(container, 'Take the exam again')).toHaveLength(2);
}

function expectScreen(container: HTMLElement, state: ExamSnapshot) {
  if (state.matches('notStarted')) expectIntro(container, state);
  else if (state.matches('loading'))
    expect(text(container.querySelector('[role="status"]'))).toBe('Loading the exam questions…');
  else if (state.matches('inProgress')) expectQuestion(container, state);
  else if (state.matches('submitting'))
    expect(text(container.querySelector('[role="status"]'))).toBe('Saving your result…');
  else if (state.matches('finished')) expectSummary(container, state);
  else if (state.matches('review')) expectReview(container, state);
  else throw new Error(`no screen expectation for ${JSON.stringify(state.value)}`);
}

function setUp(rules: ExamRules = RULES) {
  const { clock, api } = clockAndApi();
  const machine = examMachine.provide({
    actors: {
      loadQuestions: api.actor<Question[]>('loadQuestions'),
      submitResult: api.actor<ExamResult, ExamSubmission>('submitResult'),
      ticker: createTicker(clock),
    },
    // The browser's keeping of an unsent result is the real one (localStorage), so the summary
    // reads the same count of waiting results it reads in the app.
    actions: {
      storePendingResult: (_, params) => {
        addPendingResult(USER_ID, params.submission);
      },
    },
  });
  const actor = createActor(machine, { clock, input: {} });
  actor.start();
  const { container, unmount } = renderInEnglish(
    <ExamView actor={actor} rules={rules} userId={USER_ID} />,
  );
  return { clock, api, actor, container, unmount };
}

/**
 * Plays one step as the learner would: answers by clicking them or with keys 1 to 5, moving on
 * with the button or Enter (alternating by step, so both ways are walked), the summary's and
 * review's buttons by clicking. API outcomes and clock reports come from the harness.
 */
async function play(
  session: ReturnType<typeof setUp>,
  event: ExamEvent,
  before: ExamSnapshot | undefined,
  index: number,
) {
  const { container, actor, api, clock } = session;
  const byKey = index % 2 === 1;
  switch (event.type) {
    case 'user.start':
      click(onlyButton(container, 'Start exam'));
      return;
    case 'user.toggleAnswer': {
      const option = container.querySelector(`button[data-answer="${event.answer}"]`);
      if (option && !byKey) click(option);
      else pressKey(String(event.answer));
      return;
    }
    case 'user.next':
    case 'user.finish': {
      const button = onlyButton(
        container,
        event.type === 'user.next' ? 'Next question' : 'Finish exam',
      );
      expect(unavailable(button)).toBe(false);
      if (byKey) pressKey('Enter');
      else click(button);
      return;
    }
    case 'user.showReview':
      click(onlyButton(container, 'Show detailed review'));
      return;
    case 'user.hideReview':
      click(buttonsNamed(container, 'Back to result')[index % 2] as Element);
      return;
    case 'user.retry': {
      const buttons = buttonsNamed(container, 'Take the exam again');
      click(buttons[index % buttons.length] as Element);
      return;
    }
    case 'result.keptSent':
      // As the app sends a waiting result: the summary takes what the server answers with.
      await settleInAct(async () => {
        await flushPendingResults(scriptedApi(event.result, 200).api, USER_ID);
      });
      return;
    default:
      await settleInAct(() => replayEvent(actor, event, api, clock, before));
  }
}

async function replayOnScreen(path: StatePath<ExamSnapshot, ExamEvent>) {
  const session = setUp();
  let before: ExamSnapshot | undefined;
  try {
    for (const [index, step] of path.steps.entries()) {
      await play(session, step.event, before, index);
      const snapshot = session.actor.getSnapshot();
      const where = `step ${index} (${step.event.type})`;
      expect(snapshot.value, where).toEqual(step.state.value);
      expect(visibleState(snapshot), where).toEqual(visibleState(step.state));
      expectScreen(session.container, step.state);
      before = step.state;
    }
  } finally {
    session.unmount();
    session.actor.stop();
  }
}

beforeEach(() => window.localStorage.removeItem(PENDING_RESULTS_KEY));
afterEach(cleanup);

describe("the exam intro's rules", () => {
  it('states a time limit of whole minutes in minutes, one under a minute in seconds, any other as the clock shows it', () => {
    const rulesOf = (timeLimitSeconds: number) => {
      const session = setUp({ questionCount: 25, timeLimitSeconds, passPercent: 80 });
      const shown = text(session.container.querySelector('[data-testid="exam-rules"]'));
      session.unmount();
      return shown;
    };
    expect(rulesOf(1800)).toBe('25questions30minutes to finish80%correct answers needed to pass');
    expect(rulesOf(45)).toBe('25questions45seconds to finish80%correct answers needed to pass');
    expect(rulesOf(90)).toBe('25questions01:30minutes to finish80%correct answers needed to pass');
  });
});

describe(`exam screen: ${shortestPaths.length} shortest paths, ${simplePaths.length} simple paths (${renderedSimplePaths.length} rendered)`, () => {
  it(`walks ${shortestPaths.length} shortest and ${simplePaths.length} simple paths through every screen`, () => {
    console.info(
      `exam screen: ${shortestPaths.length} shortest paths, ${simplePaths.length} simple paths, ${renderedSimplePaths.length} simple paths rendered`,
    );
    expect(shortestPaths).toHaveLength(735);
    expect(simplePaths).toHaveLength(649);
    const states = shortestPaths.map((path) => path.state);
    expect(new Set(states.map((state) => JSON.stringify(state.value))).size).toBe(7);
    // The critical timer, a pending result, one saved first in another tab and both verdicts
    // are among the screens walked.
    expect(
      states.some((state) => state.matches('inProgress') && remainingSeconds(state) < 60),
    ).toBe(true);
    expect(states.some((state) => state.context.delivery === 'pending')).toBe(true);
    expect(states.some((state) => state.context.delivery === 'savedEarlier')).toBe(true);
    expect(states.some((state) => state.context.delivery === 'sentLater')).toBe(true);
    const verdicts = states.filter((state) => state.matches('finished')).map(expectedSummary);
    expect(new Set(verdicts.map((summary) => summary.passed))).toEqual(new Set([true, false]));
  });

  it.each(shortestPaths.map((path) => [pathName(path), path] as const))(
    `exam shortest path %# of ${shortestPaths.length}: %s`,
    async (_, path) => replayOnScreen(path),
  );

  it.each(renderedSimplePaths.map((path) => [pathName(path), path] as const))(
    `exam simple path %# (of ${renderedSimplePaths.length} chosen from ${simplePaths.length}): %s`,
    async (_, path) => replayOnScreen(path),
  );
});
