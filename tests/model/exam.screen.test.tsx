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
import type {
  ExamDraw,
  ExamResult,
  ExamSubmission,
  PendingExamResult,
  PreparedExamInput,
} from '../../machines/exam.types';
import { createTicker } from '../../machines/ticker.actor';
import * as examStyles from '../../src/features/exam/exam.css';
import type { ExamPlan } from '../../src/lib/exam-rules';
import { ExamView } from '../../src/features/exam/ExamView';
import {
  addPendingResult,
  flushPendingResults,
  PENDING_RESULTS_KEY,
} from '../../src/lib/pending-results';
import { OffContract, scriptedApi } from '../../src/test/scripted-api';
import { questionStyles } from '../../src/ui/question/AnswerOptions';
import {
  clockAndApi,
  DEFAULT_COURSE_MODEL,
  EXAM_ALL_EVENTS,
  EXAM_GRAPH_LIMIT,
  EXAM_LIMIT_MS,
  examSerializer,
  expectedExam,
  expectedVerdict,
  expectExamInvariants,
  expectExamStep,
  EXTRA_COURSE_MODEL,
  EXTRA_EVENTS,
  EXTRA_RULES,
  EXTRA_TICKS,
  extraSerializer,
  filterExamEvents,
  filterExtraEvents,
  isRightPick,
  loadedIn,
  replayEvent,
  SERVER_PASSED,
  T0,
  type CourseModel,
  type ExamEvent,
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
const PLAN: ExamPlan = { rules: DEFAULT_COURSE_MODEL.rules, questionCount: 40 };
const EXTRA_PLAN: ExamPlan = { rules: EXTRA_RULES, questionCount: 3 };

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
  limit: EXAM_GRAPH_LIMIT,
});
const simplePaths = getSimplePaths(examMachine, {
  input: {},
  events: SIMPLE_EVENTS,
  filterEvents: filterExamEvents,
  serializeState,
  limit: EXAM_GRAPH_LIMIT,
});

/**
 * Rendering is what costs here (some 25 ms a path): every shortest path is rendered, and of the
 * simple paths an even selection of 60, the same on every run.
 */
const SIMPLE_PATHS_RENDERED = 60;
const renderedSimplePaths = evenlyChosen(simplePaths, SIMPLE_PATHS_RENDERED);

// What the learner should see, worked out from the model's state with plain arithmetic and the
// English strings, rather than through the selectors the view itself uses.

/** `66.6%`: English percent, cut (not rounded) to one decimal, as the app shows scores. */
const percentText = (value: number) => `${Math.floor(value * 10) / 10}%`;

/** What the walk has seen so far: the events played, and the question extras were announced on. */
interface Walk {
  course: CourseModel;
  events: ExamEvent[];
  /** The question (index) on which extra questions were last announced, or null. */
  announcedAt: number | null;
}

/** Mistakes among the main part's questions moved past. */
function mainMistakesOf(walk: Walk, state: ExamSnapshot) {
  const { mainSize } = expectedExam(walk.course, loadedIn(walk.events), []);
  const { questions, answers } = state.context;
  return answers.slice(0, mainSize).filter((picks, index) => !isRightPick(questions[index]!, picks))
    .length;
}

/**
 * The move-on button's words: Finish only on the last question shown when no mistake there
 * could reveal more; where one could, Next whatever is picked.
 */
function expectedMoveOn(walk: Walk, state: ExamSnapshot): 'Next question' | 'Finish exam' {
  const { questions, currentIndex } = state.context;
  const loaded = loadedIn(walk.events);
  const { mainSize } = expectedExam(walk.course, loaded, []);
  const couldEarn =
    currentIndex < mainSize &&
    mainMistakesOf(walk, state) < walk.course.mistakesEarningExtras &&
    loaded.length > questions.length;
  return currentIndex === questions.length - 1 && !couldEarn ? 'Finish exam' : 'Next question';
}

function expectedSummary(walk: Walk, state: ExamSnapshot) {
  const { context } = state;
  const loaded = loadedIn(walk.events);
  const { mainSize } = expectedExam(walk.course, loaded, []);
  const total = context.questions.length;
  const picksOf = (index: number) => context.answers[index] ?? [];
  const rightAt = (index: number) => isRightPick(context.questions[index]!, picksOf(index));
  const indexes = context.questions.map((_, index) => index);
  const correct = indexes.filter(rightAt).length;
  const main = indexes.filter((index) => index < mainSize);
  const extras = indexes.filter((index) => index >= mainSize);
  // The server's saved time where it has one (another tab's, when that tab finished first).
  const limit = context.timeLimitSeconds;
  const elapsed =
    context.result?.time_taken ??
    (context.startedAt === null || context.now === null
      ? 0
      : Math.min(Math.floor((context.now - context.startedAt) / 1000), limit));
  const server =
    context.result && typeof context.result.decided_by === 'string' ? context.result : null;
  const verdict = expectedVerdict(walk.course, state, loaded);
  const unanswered =
    server?.unanswered ?? indexes.filter((index) => picksOf(index).length === 0).length;
  const mistakes = server?.mistakes ?? main.filter((index) => !rightAt(index)).length;
  const rules = walk.course.rules;
  const needed = percentText(rules.pass_value);
  const mainPercent = (main.filter(rightAt).length * 100) / Math.max(main.length, 1);
  let decision: string;
  if (verdict.decidedBy === 'extra_mistake')
    decision = 'Failed: a mistake among the extra questions.';
  else if (rules.pass_rule === 'max_mistakes')
    decision = verdict.passed
      ? mistakes === 0
        ? 'Passed: no mistakes.'
        : `Passed: ${mistakes} mistake${mistakes === 1 ? '' : 's'} of at most ${rules.pass_value}.`
      : `Failed: ${mistakes} mistake${mistakes === 1 ? '' : 's'}, at most ${rules.pass_value} allowed.`;
  else
    decision = `${verdict.passed ? 'Passed' : 'Failed'}: ${percentText(mainPercent)} of the questions right, ${needed} needed.`;
  const timeRanOut = elapsed >= limit;
  return {
    correct: `${correct} of ${total}`,
    // The figure the rule judges: a percent of the questions, or the main part's mistakes.
    percent: rules.pass_rule === 'max_mistakes' ? null : percentText((correct * 100) / total),
    mistakes: rules.pass_rule === 'max_mistakes' ? String(mistakes) : null,
    passed: verdict.passed,
    decision,
    passMark:
      rules.pass_rule === 'max_mistakes'
        ? `at most ${rules.pass_value} mistake${rules.pass_value === 1 ? '' : 's'}`
        : needed,
    extras: extras.length === 0 ? null : `${extras.filter(rightAt).length} of ${extras.length}`,
    unanswered: unanswered === 0 ? null : String(unanswered),
    timeRanOut: !timeRanOut
      ? null
      : unanswered === 0
        ? 'The time ran out.'
        : `The time ran out: ${unanswered} question${unanswered === 1 ? ' was' : 's were'} left unanswered.`,
    timeTaken: clockText(elapsed),
  };
}

function expectIntro(container: HTMLElement, state: ExamSnapshot, walk: Walk) {
  expect(text(container.querySelector('h2'))).toBe('Ready for the exam?');
  const extra = walk.course.rules.extra_questions_per_mistake > 0;
  expect(text(container.querySelector('[data-testid="exam-rules"]'))).toBe(
    extra
      ? '3questions10minutes to finish1mistake allowed'
      : '40questions40minutes to finish70%correct answers needed to pass',
  );
  expect(text(container.querySelector('[data-testid="exam-pass-rule"]'))).toBe(
    extra
      ? 'To pass, make at most 1 mistake.'
      : 'To pass, answer at least 70% of the questions right.',
  );
  expect(text(container.querySelector('[data-testid="exam-extra-rule"]'))).toBe(
    extra
      ? 'Each mistake, while you can still pass, adds 2 questions and 1 minute; a mistake among the added questions fails the exam.'
      : null,
  );
  expect(unavailable(onlyButton(container, 'Start exam'))).toBe(false);
  const alert = container.querySelector('[role="alert"]');
  if (state.matches({ notStarted: 'loadFailed' }))
    expect(text(alert)).toBe('Error loading questions. Check your connection and try again.');
  else expect(alert).toBeNull();
}

function expectQuestion(container: HTMLElement, state: ExamSnapshot, walk: Walk) {
  const { questions, currentIndex, selected, answers } = state.context;
  const current = questions[currentIndex];
  if (current === undefined) throw new Error('in progress without a question');
  // The questions shown: the main part, and the extras each mistake revealed.
  const expected = expectedExam(walk.course, loadedIn(walk.events), answers);
  expect(text(container.querySelector('[data-testid="exam-position"]'))).toBe(
    `Question ${currentIndex + 1} of ${expected.shownIds.length}`,
  );
  expect(text(container.querySelector('h2'))).toBe(current.question_text);
  expect(text(container.querySelector('[data-testid="exam-extra-question"]'))).toBe(
    currentIndex >= expected.mainSize ? 'Extra question' : null,
  );
  expect(text(container.querySelector('[data-testid="exam-extras-added"]'))).toBe(
    walk.announcedAt === currentIndex
      ? '2 extra questions added, and 1 minute more on the clock. A mistake among them fails the exam.'
      : '',
  );

  const elapsed =
    state.context.now === null || state.context.startedAt === null
      ? 0
      : Math.floor((state.context.now - state.context.startedAt) / 1000);
  const remaining = Math.max(0, expected.limitSeconds - elapsed);
  expect(remaining).toBe(remainingSeconds(state));
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

  const label = expectedMoveOn(walk, state);
  const moveOn = onlyButton(container, label);
  expect(unavailable(moveOn)).toBe(selected.length === 0);
  expect(
    buttonsNamed(container, label === 'Finish exam' ? 'Next question' : 'Finish exam'),
  ).toEqual([]);
  expect(container.textContent).toContain(
    selected.length === 0
      ? 'Pick at least one answer to continue.'
      : 'Press Enter or the button to continue.',
  );
}

function expectSummary(container: HTMLElement, state: ExamSnapshot, walk: Walk) {
  const expected = expectedSummary(walk, state);
  expect(text(container.querySelector('h1'))).toBe('Exam result');
  const verdict = container.querySelector('[data-testid="exam-verdict"]');
  expect(text(verdict)).toBe(expected.passed ? 'Passed' : 'Failed');
  expect(verdict?.classList.contains(expected.passed ? examStyles.passed : examStyles.failed)).toBe(
    true,
  );
  expect(text(container.querySelector('[data-testid="exam-decision"]'))).toBe(expected.decision);
  expect(text(container.querySelector('[data-testid="exam-correct"]'))).toBe(expected.correct);
  expect(text(container.querySelector('[data-testid="exam-percent"]'))).toBe(expected.percent);
  expect(text(container.querySelector('[data-testid="exam-mistakes"]'))).toBe(expected.mistakes);
  expect(text(container.querySelector('[data-testid="exam-pass-mark"]'))).toBe(expected.passMark);
  expect(text(container.querySelector('[data-testid="exam-extra-correct"]'))).toBe(expected.extras);
  expect(text(container.querySelector('[data-testid="exam-unanswered"]'))).toBe(
    expected.unanswered,
  );
  expect(text(container.querySelector('[data-testid="exam-time-ran-out"]'))).toBe(
    expected.timeRanOut,
  );
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

/** Right answers green (picked or missed), wrong picks red, each question's verdict, extras marked. */
function expectReview(container: HTMLElement, state: ExamSnapshot, walk: Walk) {
  const { questions, answers } = state.context;
  const { mainSize } = expectedExam(walk.course, loadedIn(walk.events), []);
  expect(text(container.querySelector('h1'))).toBe('Detailed review');
  expect(container.textContent).toContain(expectedSummary(walk, state).correct);
  const items = [...container.querySelectorAll('[data-testid="review-item"]')];
  expect(items).toHaveLength(questions.length);
  questions.forEach((item, index) => {
    const card = items[index];
    const picked = answers[index] ?? [];
    const correct = isRightPick(item, picked);
    expect(card?.getAttribute('data-correct')).toBe(String(correct));
    expect(card?.getAttribute('data-extra')).toBe(String(index >= mainSize));
    expect(card?.textContent?.includes('Extra question')).toBe(index >= mainSize);
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

function expectScreen(container: HTMLElement, state: ExamSnapshot, walk: Walk) {
  if (state.matches('notStarted')) expectIntro(container, state, walk);
  else if (state.matches('loading') || state.matches('startingPrepared'))
    expect(text(container.querySelector('[role="status"]'))).toBe('Loading the exam questions…');
  else if (state.matches('inProgress')) expectQuestion(container, state, walk);
  else if (state.matches('submitting'))
    expect(text(container.querySelector('[role="status"]'))).toBe('Saving your result…');
  else if (state.matches('finished')) expectSummary(container, state, walk);
  else if (state.matches('review')) expectReview(container, state, walk);
  else throw new Error(`no screen expectation for ${JSON.stringify(state.value)}`);
}

function setUp(plan: ExamPlan = PLAN) {
  const { clock, api } = clockAndApi();
  const pending: PendingExamResult[] = [];
  const machine = examMachine.provide({
    actors: {
      loadQuestions: api.actor<ExamDraw>('loadQuestions'),
      startPreparedExam: api.actor<ExamDraw | null, PreparedExamInput>('startPreparedExam'),
      submitResult: api.actor<ExamResult, ExamSubmission>('submitResult'),
      ticker: createTicker(clock),
    },
    // The browser's keeping of an unsent result is the real one (localStorage), so the summary
    // reads the same count of waiting results it reads in the app.
    actions: {
      storePendingResult: (_, params) => {
        pending.push(params);
        addPendingResult(USER_ID, params.submission);
      },
    },
  });
  const actor = createActor(machine, { clock, input: { rules: plan.rules } });
  actor.start();
  const { container, unmount } = renderInEnglish(
    <ExamView actor={actor} plan={plan} userId={USER_ID} />,
  );
  return { clock, api, actor, container, unmount, pending };
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
  walk: Walk,
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
      // One button either way: where a mistake could reveal extra questions it says Next and
      // finishes on a right pick.
      if (!before) throw new Error('moving on before the exam started');
      const button = onlyButton(container, expectedMoveOn(walk, before));
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
        const saved = new OffContract(
          "the model's results hold only the fields its oracle reads (exam-training.harness.ts)",
          event.result,
        );
        await flushPendingResults(scriptedApi(saved, 200).api, USER_ID);
      });
      return;
    default:
      await settleInAct(() => replayEvent(actor, event, api, clock, before));
  }
}

async function replayOnScreen(
  path: StatePath<ExamSnapshot, ExamEvent>,
  course: CourseModel = DEFAULT_COURSE_MODEL,
  plan: ExamPlan = PLAN,
) {
  const session = setUp(plan);
  const walk: Walk = { course, events: [], announcedAt: null };
  let before: ExamSnapshot | undefined;
  try {
    for (const [index, step] of path.steps.entries()) {
      const live = session.actor.getSnapshot();
      await play(session, step.event, before, index, walk);
      const snapshot = session.actor.getSnapshot();
      const where = `step ${index} (${step.event.type})`;
      expect(snapshot.value, where).toEqual(step.state.value);
      expect(visibleState(snapshot), where).toEqual(visibleState(step.state));
      if ((step.event.type as string) !== 'xstate.init') {
        walk.events.push(step.event);
        expectExamInvariants(course, snapshot, walk.events);
        expectExamStep(
          course,
          live,
          step.event,
          snapshot,
          { calls: session.api.calls, pending: session.pending },
          walk.events,
        );
      }
      // Extra questions revealed by this step are announced on the question it moved to.
      if (!step.state.matches('inProgress')) walk.announcedAt = null;
      else if (
        before?.matches('inProgress') &&
        step.state.context.questions.length > before.context.questions.length
      )
        walk.announcedAt = step.state.context.currentIndex;
      expectScreen(session.container, step.state, walk);
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
    const rulesOf = (time_limit_seconds: number) => {
      const session = setUp({
        rules: { ...PLAN.rules, time_limit_seconds, pass_value: 80 },
        questionCount: 25,
      });
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
    // One pick on a question with one right answer (1,468 and 1,296 paths before), at most two
    // on one with two (994 shortest paths before).
    expect(shortestPaths).toHaveLength(870);
    expect(simplePaths).toHaveLength(872);
    const states = shortestPaths.map((path) => path.state);
    expect(new Set(states.map((state) => JSON.stringify(state.value))).size).toBe(8);
    // The critical timer, a pending result, one saved first in another tab and both verdicts
    // are among the screens walked.
    expect(
      states.some((state) => state.matches('inProgress') && remainingSeconds(state) < 60),
    ).toBe(true);
    expect(states.some((state) => state.context.delivery === 'pending')).toBe(true);
    expect(states.some((state) => state.context.delivery === 'savedEarlier')).toBe(true);
    expect(states.some((state) => state.context.delivery === 'sentLater')).toBe(true);
    const verdicts = states
      .filter((state) => state.matches('finished'))
      .map((state) =>
        DEFAULT_COURSE_MODEL.verdict(state.context.questions, state.context.answers, 2),
      );
    expect(new Set(verdicts.map((verdict) => verdict.passed))).toEqual(new Set([true, false]));
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

// A course with the extra-questions rule (EXTRA_RULES: 3 questions in 10 minutes, at most 1
// mistake, +2 questions and +60 s a mistake), on screen.

const extraShortestPaths = getShortestPaths(examMachine, {
  input: { rules: EXTRA_RULES },
  events: EXTRA_EVENTS,
  filterEvents: filterExtraEvents,
  serializeState: extraSerializer(remainingSeconds),
  limit: EXAM_GRAPH_LIMIT,
});

/**
 * Every shortest path is rendered but those that only differ by the second server verdict after
 * a review or retry (the machine test replays them all): some 25 ms a path.
 */
const extraRendered = extraShortestPaths.filter(
  (path) =>
    !(
      path.state.context.result?.id === SERVER_PASSED.id &&
      (path.state.matches('review') || path.steps.some((step) => step.event.type === 'user.retry'))
    ),
);

describe(`exam screen with extra questions: ${extraRendered.length} of ${extraShortestPaths.length} shortest paths`, () => {
  it('walks the screens of the rule: extras announced, the longer clock, each verdict', () => {
    const states = extraRendered.map((path) => path.state);
    expect(states.some((state) => state.context.questions.length === 5)).toBe(true);
    expect(
      states.some(
        (state) => state.matches('inProgress') && state.context.now === EXTRA_TICKS.tenMinutes.now,
      ),
    ).toBe(true);
    expect(states.some((state) => state.context.delivery === 'pending')).toBe(true);
    expect(states.some((state) => state.context.result?.decided_by === 'extra_mistake')).toBe(true);
  });

  it.each(extraRendered.map((path) => [pathName(path), path] as const))(
    `exam with extras, shortest path %# of ${extraRendered.length}: %s`,
    async (_, path) => replayOnScreen(path, EXTRA_COURSE_MODEL, EXTRA_PLAN),
  );
});
