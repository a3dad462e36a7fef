/**
 * What each step of the practice machine must do, written apart from the machine (as
 * tests/model/auth.machine.test.ts does): which question shows, what a check records and
 * scores, which calls a step makes with what (the weak-spot update, the result, the session's
 * completion), what is kept when the server does not take the result, and how a run restarts.
 * Spec 4 (Training) as the test reads it, not the machine's graph.
 */
import { expect } from 'vitest';
import type { PracticeSnapshot } from '../../machines/practice.selectors';
import type { PendingTrainingResult, PracticeInput } from '../../machines/practice.types';
import {
  clockText,
  expectedMark,
  hasOneRightAnswer,
  rightCountOf,
  isRightPick,
  shownAnswersOf,
  type Question,
} from './exam-training.harness';

interface Call {
  id: string;
  input: unknown;
}

/** A pick is right only when it is exactly the key's set (`right_answers`, like `1,2`). */
const isRight = isRightPick;

/** The numbers of the answers a question shows. */
const shownAnswers = (item: Question) => shownAnswersOf(item).map((option) => option.number);

const points = (questions: readonly Question[]) =>
  questions.reduce((sum, item) => sum + item.points, 0);

const byId = (calls: readonly Call[]) => [...calls].sort((a, b) => a.id.localeCompare(b.id));

/** The state as one word: answering, checked, submitting, summary or timeUp. */
const inner = (snapshot: PracticeSnapshot): string =>
  typeof snapshot.value === 'string'
    ? snapshot.value
    : (snapshot.value as { running: string }).running;

/** The session body a run that ends sends: its answers, points and seconds. */
function sessionBody(before: PracticeSnapshot, seconds: number, now: number | null) {
  const { answers, points } = before.context;
  return {
    questions_answered: answers.length,
    correct_answers: answers.filter((answer) => answer.is_correct === true).length,
    total_points: points,
    time_spent_seconds: seconds,
    is_completed: true,
    completed_at: now === null ? null : new Date(now).toISOString(),
  };
}

/**
 * The session write a run that ends makes: the mode's session completed by the first run; a
 * restarted run (its mode's session already completed), or any run drawn on the device, records
 * one of its own when it has answers; a mode without a session writes nothing.
 */
function expectedSessionWrite(
  input: PracticeInput,
  before: PracticeSnapshot,
  seconds: number,
  now: number | null,
): Call[] {
  if (input.sessionId === null && input.drawnOnDevice !== true) return [];
  const { lastRun, answers, startedAt } = before.context;
  if (lastRun === null && input.sessionId !== null) {
    return [
      {
        id: 'updateTrainingSession',
        input: { sessionId: input.sessionId, body: sessionBody(before, seconds, now) },
      },
    ];
  }
  if (answers.length === 0) return [];
  return [
    {
      id: 'recordTrainingSession',
      input: {
        create: {
          session_type: input.mode,
          question_ids: before.context.questions.map((item) => item.id),
          time_limit_seconds: input.timeLimitSeconds,
          ...(startedAt === null ? {} : { started_at: new Date(startedAt).toISOString() }),
          answers: answers.map(({ question_id, selected_answers }) => ({
            question_id,
            selected_answers,
          })),
        },
        update: sessionBody(before, seconds, now),
      },
    },
  ];
}

/** The result a finished run submits (exam_type training, its points, its session, its key). */
function expectedSubmission(input: PracticeInput, before: PracticeSnapshot) {
  const { answers, points, lastRun, startedAt } = before.context;
  // Only the first run carries the mode's session; a restarted run's result names none.
  const sessionId = lastRun === null ? input.sessionId : null;
  return {
    exam_type: 'training',
    answers,
    total_points: points,
    session_id: sessionId,
    client_id: startedAt === null ? null : `training-${sessionId ?? 0}-${startedAt}`,
  };
}

/** What every state promises. */
export function expectPracticeInvariants(input: PracticeInput, snapshot: PracticeSnapshot) {
  const { answers, currentIndex, points, questions } = snapshot.context;
  // The run's questions, or the mistakes of one, in their order: never a question of elsewhere.
  const offered = input.questions.filter((item) => questions.includes(item));
  expect(offered).toEqual(questions);
  // The score is the points of the questions answered exactly right in this run.
  expect(points).toBe(
    answers.reduce(
      (sum, answer, index) =>
        sum + (isRight(questions[index]!, answer.selected_answers) ? questions[index]!.points : 0),
      0,
    ),
  );
  const where = inner(snapshot);
  if (where === 'answering') expect(answers).toHaveLength(currentIndex);
  if (where === 'checked') expect(answers).toHaveLength(currentIndex + 1);
  if (where === 'submitting') expect(answers).toHaveLength(questions.length);
  // The summary stands for the run just finished; the next one begins with nothing answered.
  if (where === 'summary') {
    expect(snapshot.context.lastRun).not.toBeNull();
    expect(answers).toEqual([]);
  }
  expect(snapshot.hasTag(`status:${where}` as never)).toBe(true);
}

/**
 * What each step promises about the one before it. `tickNow` is the clock report's instant
 * for a `timer.tick`; `newCalls` the calls this step made; `pending` the results kept so far.
 */
export function expectPracticeStep(
  input: PracticeInput,
  before: PracticeSnapshot,
  event: { type: string; [key: string]: unknown },
  after: PracticeSnapshot,
  newCalls: readonly Call[],
  pending: readonly PendingTrainingResult[],
) {
  const was = before.context;
  const now = after.context;
  const from = inner(before);
  const to = inner(after);
  const question = was.questions[was.currentIndex]!;
  const last = was.currentIndex === was.questions.length - 1;
  const unchanged = () => {
    expect(after.value).toEqual(before.value);
    expect(now.selected).toEqual(was.selected);
    expect(now.answers).toEqual(was.answers);
    expect(newCalls).toEqual([]);
  };

  if (from === 'timeUp') {
    // Only back remains (the parent's): the clock has stopped and nothing else is taken.
    expect(after.value).toEqual(before.value);
    expect(newCalls).toEqual([]);
    return;
  }
  if (from === 'summary') {
    expect(newCalls).toEqual([]);
    const mistakes = was.lastRun!.mistakes.map((mistake) => mistake.question_id);
    const again = event.type === 'user.restart';
    const onlyMistakes = event.type === 'user.practiseMistakes' && mistakes.length > 0;
    if (!again && !onlyMistakes) {
      expect(after.value).toEqual(before.value);
      return;
    }
    // From question 1, the score reset, on a fresh clock: the same questions, or the mistakes.
    expect(to).toBe('answering');
    const questions = again
      ? was.questions
      : was.questions.filter((item) => mistakes.includes(item.id));
    expect(now.questions).toEqual(questions);
    expect(now.maxPoints).toBe(again ? was.maxPoints : points(questions));
    expect(now).toMatchObject({ currentIndex: 0, selected: [], answers: [], points: 0 });
    expect(now.startedAt).toBe(now.now);
    return;
  }
  // Only the first run carries the mode's session; a restarted run's writes name none.
  const sessionId = was.lastRun === null ? input.sessionId : null;

  switch (event.type) {
    // Only the summary offers practising again.
    case 'user.restart':
    case 'user.practiseMistakes':
      return unchanged();
    case 'user.toggleAnswer': {
      const answer = event.answer as number;
      if (from !== 'answering' || !shownAnswers(question).includes(answer)) return unchanged();
      // One right answer: a pick replaces; several: no more picks than the question asks for.
      const toggled = was.selected.includes(answer as 1)
        ? was.selected.filter((picked) => picked !== answer)
        : hasOneRightAnswer(question)
          ? [answer]
          : was.selected.length >= rightCountOf(question)
            ? was.selected
            : [...was.selected, answer];
      expect(now.selected).toEqual([...toggled].sort((a, b) => a - b));
      expect(to).toBe('answering');
      return;
    }
    case 'user.check':
    case 'user.primary':
    case 'user.next': {
      const checks = event.type !== 'user.next' && from === 'answering';
      const movesOn = event.type !== 'user.check' && from === 'checked';
      if (checks) {
        if (was.selected.length === 0) return unchanged();
        const right = isRight(question, was.selected);
        expect(to).toBe('checked');
        expect(now.answers).toEqual([
          ...was.answers,
          {
            question_id: question.id,
            selected_answers: was.selected,
            correct_answers: question.right_answers.split(',').map(Number).sort(),
            is_correct: right,
          },
        ]);
        expect(now.points).toBe(was.points + (right ? question.points : 0));
        // The weak-spot update goes at once, whatever the server answers.
        expect(newCalls).toEqual([
          {
            id: 'updateWeakSpot',
            input: {
              body: {
                question_id: question.id,
                is_correct: right,
                topic_name: input.topicName,
                selected_answers: was.selected,
                ...(sessionId === null ? {} : { session_id: sessionId }),
              },
            },
          },
        ]);
        return;
      }
      if (movesOn) {
        if (!last) {
          expect(to).toBe('answering');
          expect(now.currentIndex).toBe(was.currentIndex + 1);
          expect(now.selected).toEqual([]);
          expect(newCalls).toEqual([]);
          return;
        }
        // The last question: the run is submitted and its session completed.
        expect(to).toBe('submitting');
        const seconds = Math.min(
          Math.floor(((was.now ?? 0) - (was.startedAt ?? was.now ?? 0)) / 1000),
          input.timeLimitSeconds ?? Infinity,
        );
        expect(byId(newCalls)).toEqual(
          byId([
            ...expectedSessionWrite(input, before, seconds, was.now),
            { id: 'submitResult', input: expectedSubmission(input, before) },
          ]),
        );
        return;
      }
      return unchanged();
    }
    case 'timer.tick': {
      const tick = event.now as number;
      expect(now.now).toBe(tick);
      expect(now.startedAt).toBe(was.startedAt ?? tick);
      const limit = input.timeLimitSeconds;
      const timeUp =
        (from === 'answering' || from === 'checked') &&
        limit !== null &&
        tick - (was.startedAt ?? tick) >= limit * 1000;
      if (!timeUp) {
        expect(after.value).toEqual(before.value);
        expect(newCalls).toEqual([]);
        return;
      }
      // Out of time: the session is completed with the whole limit spent; nothing is submitted.
      expect(to).toBe('timeUp');
      expect(newCalls).toEqual(expectedSessionWrite(input, before, limit, tick));
      return;
    }
  }

  const answer = /^xstate\.(done|error)\.actor\.submitResult$/.exec(event.type);
  if (!answer) throw new Error(`no expected effect for ${event.type}`);
  const saved = answer[1] === 'done';
  expect(from).toBe('submitting');
  // The summary of the run: score, time, each mistake; the next run starts from nothing.
  expect(to).toBe('summary');
  expect(now).toMatchObject({ currentIndex: 0, selected: [], answers: [], points: 0 });
  expect(now.sessionId).toBeNull();
  const seconds = Math.min(
    Math.floor(((was.now ?? 0) - (was.startedAt ?? was.now ?? 0)) / 1000),
    input.timeLimitSeconds ?? Infinity,
  );
  const questionOf = (id: number) => was.questions.find((item) => item.id === id)!;
  expect(now.lastRun).toEqual({
    answered: was.answers.length,
    correct: was.answers.filter((item) => item.is_correct === true).length,
    points: was.points,
    maxPoints: was.maxPoints,
    saved,
    clientId: expectedSubmission(input, before).client_id,
    seconds,
    mistakes: was.answers.filter(
      (item) => !isRight(questionOf(item.question_id), item.selected_answers),
    ),
  });
  if (!saved) {
    // Kept to be sent again: the very submission that failed.
    expect(pending.at(-1)?.submission).toEqual(expectedSubmission(input, before));
  }
}

/**
 * What the practice screen shows in a state (spec 4, Training), worked out from the state's
 * name and the run's answers: the question, `Question n of N` and the bar, the options with
 * their marks once checked, the score, the one primary button, and the countdown's text and
 * colour (yellow under 60 s, red under 30 s).
 */
export function expectedPracticeScreen(input: PracticeInput, snapshot: PracticeSnapshot) {
  const where = inner(snapshot);
  const { answers, currentIndex, questions, selected, startedAt, now } = snapshot.context;
  const running = where === 'answering' || where === 'checked' || where === 'submitting';
  const shown = running ? (questions[currentIndex] ?? null) : null;
  const checked = where === 'checked';
  const options = (shown === null ? [] : shownAnswersOf(shown)).map((option) => ({
    ...option,
    isSelected: selected.includes(option.number as 1),
    mark: checked ? expectedMark(shown!, selected, option.number) : 'none',
  }));
  const last = currentIndex === questions.length - 1;
  const limit = input.timeLimitSeconds;
  const remaining =
    limit === null || where === 'summary'
      ? null
      : where === 'timeUp'
        ? 0
        : startedAt === null || now === null
          ? limit
          : Math.max(0, limit - Math.floor((now - startedAt) / 1000));
  return {
    mode: input.mode,
    question: shown,
    progress: {
      number: Math.min(currentIndex + 1, questions.length),
      total: questions.length,
      // The summary is of a run answered to its end: the bar stays full, as after the last check.
      percent:
        where === 'summary'
          ? 100
          : questions.length === 0
            ? 0
            : Math.round((answers.length / questions.length) * 100),
    },
    options,
    locked: where !== 'answering',
    checked,
    explanation: checked ? (shown?.explanation ?? null) : null,
    lastCheck: checked ? isRight(shown!, answers[currentIndex]!.selected_answers) : null,
    score: {
      points: snapshot.context.points,
      maxPoints: snapshot.context.maxPoints,
      correct: answers.filter((answer, index) =>
        isRight(questions[index]!, answer.selected_answers),
      ).length,
      answered: answers.length,
    },
    // Leaving asks first only while a begun run is not over: finished and being saved, its
    // result is sent whether the learner stays or not.
    inProgress: answers.length > 0 && where !== 'timeUp' && where !== 'submitting',
    primary:
      where === 'answering'
        ? { action: 'check', enabled: selected.length > 0 }
        : checked
          ? { action: last ? 'finish' : 'next', enabled: true }
          : where === 'submitting'
            ? { action: 'saving', enabled: false }
            : { action: null, enabled: false },
    last,
    remaining,
    timer: remaining === null ? null : clockText(remaining),
    tone:
      remaining === null
        ? null
        : remaining < 30
          ? 'critical'
          : remaining < 60
            ? 'warning'
            : 'normal',
    timeUp: where === 'timeUp',
    summary: where === 'summary',
    // The finished run's mistakes, each with its question, the picks and the sorted key.
    mistakes: (snapshot.context.lastRun?.mistakes ?? []).map((mistake) => {
      const item = questions.find((candidate) => candidate.id === mistake.question_id)!;
      return {
        question: item,
        selected: mistake.selected_answers,
        right: item.right_answers
          .split(',')
          .map(Number)
          .sort((a, b) => a - b),
      };
    }),
  };
}
