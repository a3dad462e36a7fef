import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseRules } from '../../../domain/course-rules';
import type { components } from '../../api';
import type { Course } from '../../lib/learner-course';
import {
  courseFixture,
  questionFixture,
  renderApp,
  userFixture,
  type FakeResponse,
  type FakeRoutes,
} from '../../test/render-app';
import { readPendingResults } from '../../lib/pending-results';
import { examInProgress } from '../../lib/saved-exam';

type ExamResult = components['schemas']['ExamResult'];

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const RUSSIA: CourseRules = {
  question_count: 20,
  time_limit_seconds: 1200,
  pass_rule: 'max_mistakes',
  pass_value: 2,
  extra_questions_per_mistake: 5,
  extra_seconds_per_mistake: 300,
  ends_when_failed: false,
};

/**
 * A learner of course 2, whose courses are the default one and `course`; `offContract` says why
 * that course is one the server would not hold.
 */
function learnerOf(
  course: Partial<Course>,
  routes: FakeRoutes = {},
  offContract?: string,
): FakeRoutes {
  return {
    'GET /auth/me': { body: userFixture({ course_id: 2 }) },
    'GET /courses': {
      body: [
        courseFixture(),
        courseFixture({ id: 2, name: 'Other', is_default: false, ...course }),
      ],
      ...(offContract ? { offContract } : {}),
    },
    ...routes,
  };
}

async function introOf(routes: FakeRoutes) {
  renderApp('/exam', { token: 'good-token', routes });
  const rules = await screen.findByTestId('exam-rules');
  return {
    tiles: within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
    passRule: screen.getByTestId('exam-pass-rule').textContent,
    extraRule: screen.queryByTestId('exam-extra-rule')?.textContent ?? null,
  };
}

describe("the exam intro states the learner's course's rules", () => {
  it('the Russian rules: 20 questions, 20 minutes, at most 2 mistakes, 5 questions and 5 minutes a mistake', async () => {
    expect(await introOf(learnerOf({ rules: RUSSIA }))).toEqual({
      tiles: ['20questions', '20minutes to finish', '2mistakes allowed'],
      passRule: 'To pass, make at most 2 mistakes.',
      extraRule:
        'Each mistake, while you can still pass, adds 5 questions and 5 minutes; a mistake among the added questions fails the exam.',
    });
  });

  it('a pass mark in points, and no extra questions', async () => {
    const rules: CourseRules = { ...RUSSIA, question_count: 40, time_limit_seconds: 2400 };
    const points = { ...rules, pass_rule: 'percent_points' as const, pass_value: 70 };
    expect(
      await introOf(
        learnerOf({
          rules: { ...points, extra_questions_per_mistake: 0, extra_seconds_per_mistake: 0 },
        }),
      ),
    ).toEqual({
      tiles: ['40questions', '40minutes to finish', '70%of the points needed to pass'],
      passRule: 'To pass, earn at least 70% of the points (each question is worth its own points).',
      extraRule: null,
    });
  });

  it('no mistake allowed, and extra questions without extra time', async () => {
    const rules: CourseRules = { ...RUSSIA, pass_value: 0, extra_seconds_per_mistake: 0 };
    const intro = await introOf(learnerOf({ rules }));
    expect(intro.passRule).toBe('To pass, make no mistake at all.');
    expect(intro.extraRule).toBe(
      'Each mistake, while you can still pass, adds 5 questions; a mistake among the added questions fails the exam.',
    );
  });

  it('promises as many questions as the bank holds when it holds fewer than the rule, and the share of mistakes', async () => {
    // 2 mistakes of 20 is 1.2 of 12, rounded down: the server grades the exam so.
    const intro = await introOf(learnerOf({ rules: RUSSIA, question_total: 12 }));
    expect(intro.tiles).toEqual(['12questions', '20minutes to finish', '1mistake allowed']);
    expect(intro.passRule).toBe('To pass, make at most 1 mistake.');
  });

  it("states the spec's exam when the courses cannot be read", async () => {
    const intro = await introOf({
      ...learnerOf({}),
      'GET /courses': { status: 503, body: { detail: 'down' } },
    });
    expect(intro).toEqual({
      tiles: ['40questions', '40minutes to finish', '70%correct answers needed to pass'],
      passRule: 'To pass, answer at least 70% of the questions right.',
      extraRule: null,
    });
  });
});

const result = (overrides: Partial<ExamResult>): ExamResult => ({
  id: 31,
  user_id: 7,
  over_time: false,
  course_id: 2,
  pass_rule: 'max_mistakes',
  pass_value: 2,
  decided_by: 'max_mistakes',
  passed: true,
  mistakes: 0,
  unanswered: 0,
  ended_early: false,
  exam_type: 'exam',
  total_questions: 2,
  correct_answers: 2,
  score: 100,
  time_taken: 30,
  total_points: 2,
  max_points: 2,
  created_at: '2025-06-01T09:00:00Z',
  answers: [],
  ...overrides,
});

/** `POST /exams/sessions` of these questions, the first `mainCount` the main part. */
const sessionOf = (questions: unknown[], mainCount: number, timeLimitSeconds: number) => ({
  status: 201,
  body: {
    id: 41,
    session_id: 41,
    exam_type: 'exam',
    questions,
    main_count: mainCount,
    language: 'en',
    time_limit_seconds: timeLimitSeconds,
    is_completed: false,
    result_id: null,
    started_at: '2025-06-01T09:00:00.000Z',
    completed_at: null,
    prepared: false,
  },
});

/** Two questions, answer A right in each, worth `points`. */
const twoQuestions = (points: [number, number] = [1, 1]) => [
  questionFixture({ id: 1, question_text: 'First question', points: points[0] }),
  questionFixture({ id: 2, question_text: 'Second question', points: points[1] }),
];

/** Starts the exam and answers with `picks` ('Stop' right, 'Give way' wrong); `submit` answers its result. */
async function sitExam(
  rules: CourseRules,
  questions: unknown[],
  submit: FakeRoutes[string],
  picks: string[],
) {
  const app = renderApp('/exam', {
    token: 'good-token',
    routes: learnerOf(
      { rules },
      {
        'POST /exams/sessions': sessionOf(
          questions,
          Math.min(rules.question_count, questions.length),
          rules.time_limit_seconds,
        ),
        'POST /exams/submit': submit,
      },
    ),
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Start exam' }));
  for (const pick of picks) {
    await screen.findByRole('timer');
    fireEvent.click(screen.getByRole('button', { name: new RegExp(pick) }));
    const moveOn =
      screen.queryByRole('button', { name: 'Finish exam' }) ??
      screen.getByRole('button', { name: 'Next question' });
    fireEvent.click(moveOn);
  }
  return app;
}

/** The exam sat as `sitExam` does, the server saving it as `saved`: its result on screen. */
async function takeExam(
  rules: CourseRules,
  questions: unknown[],
  saved: ExamResult,
  picks: string[],
) {
  const app = await sitExam(rules, questions, { status: 201, body: saved }, picks);
  await screen.findByTestId('exam-summary');
  return app;
}

const summaryText = (testId: string) => screen.queryByTestId(testId)?.textContent ?? null;

describe('the exam result says which rule decided', () => {
  it('at most 2 mistakes: "Passed: 1 mistake of at most 2"', async () => {
    const rules: CourseRules = { ...RUSSIA, question_count: 2, extra_questions_per_mistake: 0 };
    await takeExam(rules, twoQuestions(), result({ mistakes: 1 }), ['Stop', 'Give way']);
    expect(summaryText('exam-verdict')).toBe('Passed');
    expect(summaryText('exam-decision')).toBe('Passed: 1 mistake of at most 2.');
    expect(summaryText('exam-pass-mark')).toBe('at most 2 mistakes');
    // Beside it, the mistakes counted, not a percent of questions.
    expect(summaryText('exam-mistakes')).toBe('1');
    expect(screen.getByTestId('exam-mistakes').previousElementSibling?.textContent).toBe(
      'Mistakes',
    );
    expect(summaryText('exam-percent')).toBeNull();
  });

  it("a mistake among the extra questions: the server's verdict, whatever the count", async () => {
    const rules: CourseRules = { ...RUSSIA, question_count: 1, extra_questions_per_mistake: 1 };
    const app = await takeExam(
      rules,
      twoQuestions(),
      result({ passed: false, decided_by: 'extra_mistake', mistakes: 1 }),
      // A mistake on the one main question reveals the extra one: another mistake there.
      ['Give way', 'Give way'],
    );
    expect(summaryText('exam-verdict')).toBe('Failed');
    expect(summaryText('exam-decision')).toBe('Failed: a mistake among the extra questions.');
    expect(summaryText('exam-extra-correct')).toBe('0 of 1');
    // The mistakes the rule counted are the main part's, and their label says so.
    expect(screen.getByTestId('exam-mistakes').previousElementSibling?.textContent).toBe(
      'Mistakes in the main part',
    );
    // Both questions shown were sent, the extra one after the main part, naming the session.
    const submitted = app.requests.find((request) => request.path === '/exams/submit');
    const body = submitted?.body as {
      session_id: number;
      answers: { question_id: number; answered_at?: string }[];
    };
    expect(body.session_id).toBe(41);
    expect(body.answers.map((answer) => answer.question_id)).toEqual([1, 2]);
    // Dated on the server's clock, from the session's start on.
    for (const answer of body.answers) {
      expect(Date.parse(answer.answered_at ?? '')).toBeGreaterThanOrEqual(
        Date.parse('2025-06-01T09:00:00.000Z'),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Show detailed review' }));
    const cards = await screen.findAllByTestId('review-item');
    expect(cards.map((card) => card.getAttribute('data-extra'))).toEqual(['false', 'true']);
    expect(within(cards[1]!).getByText('Extra question')).toBeTruthy();
  });

  it('a pass mark in points: "Failed: 65% of the points, 70% needed"', async () => {
    const rules: CourseRules = {
      ...RUSSIA,
      question_count: 2,
      pass_rule: 'percent_points',
      pass_value: 70,
      extra_questions_per_mistake: 0,
    };
    await takeExam(
      rules,
      twoQuestions([13, 7]),
      result({
        pass_rule: 'percent_points',
        pass_value: 70,
        decided_by: 'percent_points',
        passed: false,
      }),
      ['Stop', 'Give way'],
    );
    expect(summaryText('exam-decision')).toBe('Failed: 65% of the points, 70% needed.');
    expect(summaryText('exam-pass-mark')).toBe('70% of the points');
    // The points earned beside it: 13 of 20; the 50% of questions right would read as a pass
    // mark's rival.
    expect(summaryText('exam-points')).toBe('13 of 20');
    expect(summaryText('exam-percent')).toBeNull();
  });

  it('takes no third pick on a question that asks for two, until one is taken back', async () => {
    const markTwo = questionFixture({
      id: 3,
      question_text: 'Mark two answers',
      answer_3: 'Look',
      answer_4: 'Hoot',
      right_answers: '1,3',
    });
    await sitExam(
      { ...RUSSIA, question_count: 1 },
      [markTwo],
      { status: 201, body: result({}) },
      [],
    );
    await screen.findByText('Choose 2 answers');
    const option = (name: string) => screen.getByRole('button', { name: new RegExp(name) });
    const picked = () =>
      ['Stop', 'Give way', 'Look', 'Hoot'].filter(
        (name) => option(name).getAttribute('aria-pressed') === 'true',
      );
    fireEvent.click(option('Stop'));
    fireEvent.click(option('Give way'));
    expect(screen.getByTestId('answers-limit').textContent).toBe('');
    fireEvent.click(option('Hoot'));
    expect(picked()).toEqual(['Stop', 'Give way']);
    // Said, so the click that changed nothing does not leave the learner guessing.
    expect(screen.getByTestId('answers-limit').textContent).toBe(
      'You have chosen 2 answers, as many as the question asks: take one back to choose another.',
    );
    fireEvent.click(option('Give way'));
    expect(screen.getByTestId('answers-limit').textContent).toBe('');
    fireEvent.click(option('Look'));
    expect(picked()).toEqual(['Stop', 'Look']);
  });

  it('says what each question is worth where the course grades by points', async () => {
    const points: CourseRules = { ...RUSSIA, question_count: 2, pass_rule: 'percent_points' };
    await sitExam(points, twoQuestions([13, 1]), { status: 201, body: result({}) }, []);
    await screen.findByRole('timer');
    expect(screen.getByTestId('exam-question-points').textContent).toBe('13 points');
    fireEvent.click(screen.getByRole('button', { name: /Stop/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await screen.findByText('Second question');
    expect(screen.getByTestId('exam-question-points').textContent).toBe('1 point');
  });

  it('says nothing of points where every question counts alike', async () => {
    await sitExam(
      { ...RUSSIA, question_count: 2 },
      twoQuestions([13, 1]),
      { status: 201, body: result({}) },
      [],
    );
    await screen.findByRole('timer');
    expect(screen.queryByTestId('exam-question-points')).toBeNull();
  });

  it('a course ending its exam at the failing mistake: it stops there, and says the rest was not asked', async () => {
    const rules: CourseRules = {
      ...RUSSIA,
      question_count: 4,
      pass_value: 1,
      extra_questions_per_mistake: 0,
      ends_when_failed: true,
    };
    const questions = [1, 2, 3, 4].map((id) =>
      questionFixture({ id, question_text: `Question ${id}` }),
    );
    const { requests } = await sitExam(
      rules,
      questions,
      {
        status: 201,
        // Graded on the two questions asked, as the server does an exam ended so.
        body: result({
          pass_value: 1,
          passed: false,
          mistakes: 2,
          unanswered: 0,
          ended_early: true,
          total_questions: 2,
          correct_answers: 0,
        }),
      },
      // Two mistakes where one is allowed: the second ends the exam.
      ['Give way', 'Give way'],
    );
    await screen.findByTestId('exam-summary');
    const submitted = requests.find((request) => request.path === '/exams/submit');
    const answers = (submitted?.body as { answers: { selected_answers: number[] }[] }).answers;
    expect(answers.map((answer) => answer.selected_answers)).toEqual([[2], [2], [], []]);
    expect(summaryText('exam-ended-early')).toBe(
      'The exam ended at the mistake that failed it: 2 questions were not asked.',
    );
    expect(summaryText('exam-time-ran-out')).toBeNull();
    expect(summaryText('exam-decision')).toBe('Failed: 2 mistakes, at most 1 allowed.');
    expect(summaryText('exam-mistakes')).toBe('2');
    expect(summaryText('exam-correct')).toBe('0 of 2');
    // Not asked is not unanswered: no such figure.
    expect(summaryText('exam-unanswered')).toBeNull();
    // Its review holds the two questions asked, as the server's does: none never reached.
    fireEvent.click(screen.getByRole('button', { name: 'Show detailed review' }));
    const cards = await screen.findAllByTestId('review-item');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      expect.stringContaining('Question 1'),
      expect.stringContaining('Question 2'),
    ]);
  });

  it('says on the intro when the exam ends at the failing mistake, and not otherwise', async () => {
    renderApp('/exam', {
      token: 'good-token',
      routes: learnerOf({ rules: { ...RUSSIA, ends_when_failed: true } }),
    });
    expect((await screen.findByTestId('exam-ends-rule')).textContent).toBe(
      'The exam ends at the mistake that fails it: the questions after it are not asked.',
    );
    cleanup();
    renderApp('/exam', { token: 'good-token', routes: learnerOf({ rules: RUSSIA }) });
    await screen.findByTestId('exam-rules');
    expect(screen.queryByTestId('exam-ends-rule')).toBeNull();
  });

  it('the time ran out: the questions left unanswered are counted, not called mistakes', async () => {
    // A course of one second: the clock ends the exam before any answer.
    const rules: CourseRules = {
      ...RUSSIA,
      question_count: 2,
      time_limit_seconds: 1,
      pass_value: 1,
      extra_questions_per_mistake: 0,
    };
    renderApp('/exam', {
      token: 'good-token',
      routes: learnerOf(
        { rules },
        {
          'POST /exams/sessions': sessionOf(twoQuestions(), 2, 1),
          'POST /exams/submit': {
            status: 201,
            body: result({
              pass_value: 1,
              passed: false,
              mistakes: 2,
              unanswered: 2,
              time_taken: 1,
            }),
          },
        },
        // The server allows a minute at least; a second lets the clock end the exam here.
        'a one-second limit',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start exam' }));
    await screen.findByTestId('exam-summary', {}, { timeout: 5_000 });
    expect(summaryText('exam-time-ran-out')).toBe(
      'The time ran out: 2 questions were left unanswered.',
    );
    expect(summaryText('exam-unanswered')).toBe('2');
    expect(summaryText('exam-decision')).toBe('Failed: 2 mistakes, at most 1 allowed.');
    await waitFor(() =>
      expect(screen.getByText('Your result has been saved to your history.')).toBeTruthy(),
    );
  });

  it('a result the server took after the time limit says so; one in time says nothing of it', async () => {
    const rules: CourseRules = { ...RUSSIA, question_count: 2, extra_questions_per_mistake: 0 };
    await takeExam(rules, twoQuestions(), result({ over_time: true }), ['Stop', 'Stop']);
    expect(summaryText('exam-over-time')).toBe(
      'Submitted after the time limit: the server graded the answers given, and this result is marked as over time.',
    );
    cleanup();
    await takeExam(rules, twoQuestions(), result({}), ['Stop', 'Stop']);
    expect(summaryText('exam-verdict')).toBe('Passed');
    expect(summaryText('exam-over-time')).toBeNull();
  });

  /**
   * An exam of two questions finished, its page left while the result was on its way: what was
   * sent, and the server's answer to give it.
   */
  async function leftWhileSending() {
    const rules: CourseRules = { ...RUSSIA, question_count: 2, extra_questions_per_mistake: 0 };
    let answer: (response: FakeResponse) => void = () => {};
    const answered = new Promise<FakeResponse>((resolve) => (answer = resolve));
    const { requests } = await sitExam(rules, twoQuestions(), () => answered, ['Stop', 'Stop']);
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/exams/submit')).toHaveLength(1),
    );
    const sent = requests.find((request) => request.path === '/exams/submit')!.body;
    cleanup();
    return { sent, answer };
  }

  it('a result the server fails to take after its page was left (while it was being saved) is kept in the browser', async () => {
    const { sent, answer } = await leftWhileSending();
    expect(readPendingResults()).toHaveLength(0);

    // Until then a reload would resume it rather than lose it.
    expect(examInProgress(7)).toMatchObject({ total: 2 });

    answer({ status: 503, body: { detail: 'Service unavailable' } });
    await waitFor(() => expect(readPendingResults()).toHaveLength(1));
    expect(readPendingResults()[0]).toMatchObject({ userId: 7, submission: sent });
    // Kept to send, it is no longer an exam to finish (the dashboard offered to continue it).
    expect(examInProgress(7)).toBeNull();
  });

  it('a result the server takes after its page was left (the sign-out of a 401 elsewhere) leaves no exam to finish', async () => {
    const { answer } = await leftWhileSending();
    expect(examInProgress(7)).not.toBeNull();

    answer({ status: 201, body: result({}) });
    await waitFor(() => expect(examInProgress(7)).toBeNull());
    expect(readPendingResults()).toHaveLength(0);
  });
});

describe('an exam the course cannot hold yet', () => {
  it('a course with no questions states no rules for an exam it cannot hold, offers no Start and shows the way to another course', async () => {
    renderApp('/exam', {
      token: 'good-token',
      routes: learnerOf({ rules: RUSSIA, question_total: 0 }),
    });
    // The notice stands where the rules would: no "0 questions", no pass mark, nothing to start.
    expect((await screen.findByTestId('empty-course')).textContent).toBe(
      'This course has no questions yet: an administrator has not added them. You can choose another course in your profile, or come back later.',
    );
    expect(screen.queryByTestId('exam-rules')).toBeNull();
    expect(screen.queryByTestId('exam-pass-rule')).toBeNull();
    expect(screen.queryByText(/questions?$/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start exam' })).toBeNull();
    expect(screen.getByTestId('empty-course').textContent).toBe(
      'This course has no questions yet: an administrator has not added them. You can choose another course in your profile, or come back later.',
    );
    expect(screen.getByRole('link', { name: 'Choose another course' }).getAttribute('href')).toBe(
      '/profile',
    );
  });

  it("a start the server refuses says the server's reason, not to check the connection", async () => {
    renderApp('/exam', {
      token: 'good-token',
      routes: learnerOf(
        { rules: RUSSIA },
        {
          'POST /exams/sessions': {
            status: 409,
            body: { detail: 'The question bank has no questions yet' },
          },
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start exam' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The exam could not start: The question bank has no questions yet',
    );
  });

  /** The exam page whose start gets no answer (the connection is down), Start pressed. */
  async function startWithNoAnswer() {
    renderApp('/exam', {
      token: 'good-token',
      routes: learnerOf(
        { rules: RUSSIA },
        {
          'POST /exams/sessions': () => {
            throw new TypeError('Failed to fetch');
          },
        },
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start exam' }));
  }

  it('a start that gets no answer still says to check the connection', async () => {
    await startWithNoAnswer();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading questions. Check your connection and try again.',
    );
  });

  it('a start that got no answer stops saying so once the browser is back online', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await startWithNoAnswer();
    await screen.findByText('Error loading questions. Check your connection and try again.');
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() =>
      expect(
        screen.queryByText('Error loading questions. Check your connection and try again.'),
      ).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Start exam' })).toBeTruthy();
    onLine.mockRestore();
  });
});

describe('an exam another tab of the browser opens', () => {
  it('stops here: its clock and answers go, nothing more of it is kept from here, and Continue here takes it back', async () => {
    await sitExam(RUSSIA, twoQuestions(), { status: 201, body: result({}) }, ['Stop']);
    await screen.findByText('Second question');
    const holderKey = Object.keys(localStorage).find((key) => key.startsWith('exam.tab.'));
    const savedKey = Object.keys(localStorage).find((key) => key.startsWith('exam.inProgress.'));
    expect(holderKey).toBeDefined();
    expect(savedKey).toBeDefined();
    const thisTab = localStorage.getItem(holderKey!);

    // The other tab opens /exam: it holds the exam now and keeps its own progress.
    localStorage.setItem(holderKey!, 'the-other-tab');
    localStorage.setItem(savedKey!, 'the other tab progress');
    window.dispatchEvent(
      new StorageEvent('storage', { key: holderKey!, newValue: 'the-other-tab' }),
    );

    await screen.findByRole('heading', { name: 'The exam is open in another tab' });
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.queryByText('Second question')).toBeNull();
    // A clock tick and more would have written this tab's copy over the other's.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(localStorage.getItem(savedKey!)).toBe('the other tab progress');

    fireEvent.click(screen.getByRole('button', { name: 'Continue here' }));
    // The other tab hears that this one holds the exam again (the page then loads anew).
    expect(localStorage.getItem(holderKey!)).toBe(thisTab);
  });
});

describe("the exam's detailed review", () => {
  /** Presses `button` as a tap does: the focus on it first. */
  const tap = (button: HTMLElement) => {
    button.focus();
    fireEvent.click(button);
  };

  it('opens at its heading at the top of the page, and its way back opens the result at its heading at the top', async () => {
    const rules: CourseRules = { ...RUSSIA, question_count: 2, extra_questions_per_mistake: 0 };
    await takeExam(rules, twoQuestions(), result({ mistakes: 1 }), ['Stop', 'Give way']);
    const scrollTo = vi.spyOn(window, 'scrollTo');
    try {
      // The result was scrolled down to its button: the review does not open where it was.
      tap(screen.getByRole('button', { name: 'Show detailed review' }));
      const review = await screen.findByRole('heading', { level: 1, name: 'Detailed review' });
      expect(screen.getAllByTestId('review-item')).toHaveLength(2);
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
      expect(document.activeElement).toBe(review);

      // Back from the foot of the review.
      scrollTo.mockClear();
      tap(screen.getAllByRole('button', { name: 'Back to result' }).at(-1)!);
      const summary = await screen.findByRole('heading', { level: 1, name: 'Exam result' });
      expect(screen.getByTestId('exam-summary')).toBeTruthy();
      expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
      expect(document.activeElement).toBe(summary);
    } finally {
      scrollTo.mockRestore();
    }
  });
});
