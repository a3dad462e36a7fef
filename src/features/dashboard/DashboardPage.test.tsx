import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addPendingResult, flushPendingResults } from '../../lib/pending-results';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { examMachine } from '../../../machines/exam.machine';
import type { ExamDraw } from '../../../machines/exam.types';
import { savedExam } from '../../lib/saved-exam';
import { savedKeptWork, scriptedApi } from '../../test/scripted-api';
import {
  courseFixture,
  examResultFixture,
  examSummaryFixture,
  questionFixture,
  renderApp,
  userFixture,
  type FakeResponse,
} from '../../test/render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const STATS = {
  total_exams: 3,
  passed_exams: 2,
  average_score: 71.2,
  best_score: 90,
  success_rate: 67,
  topics: [],
};

/** A past exam as GET /exams/history lists it: right answers, score and verdict as given. */
const examSummary = (
  id: number,
  total: number,
  correct: number,
  score: number,
  passed: boolean,
  day: string,
) =>
  examSummaryFixture({
    id,
    total_questions: total,
    correct_answers: correct,
    score,
    passed,
    created_at: `2025-04-${day}T10:00:00.000Z`,
  });

/**
 * An exam of two questions as the exam page keeps it in progress: one answered, its clock
 * started at `startedAt`.
 */
async function keepExamInProgress(userId: number, startedAt: number): Promise<void> {
  const logic = examMachine.provide({
    actors: {
      loadQuestions: fromPromise<ExamDraw>(async () => ({
        sessionId: 5,
        startedAt,
        questions: [questionFixture({ id: 1 }), questionFixture({ id: 2 })],
        mainCount: 2,
        timeLimitSeconds: 2400,
        startedOnDevice: false,
      })),
      ticker: fromCallback(({ sendBack }) => {
        sendBack({ type: 'timer.tick', now: startedAt });
      }),
    },
  });
  const actor = createActor(logic, { input: {} });
  actor.start();
  actor.send({ type: 'user.start' });
  await waitFor(() => expect(actor.getSnapshot().hasTag('status:inProgress')).toBe(true));
  actor.send({ type: 'user.toggleAnswer', answer: 1 });
  actor.send({ type: 'user.next' });
  savedExam.save(userId, actor.getPersistedSnapshot());
  actor.stop();
}

const signedIn = (stats: () => FakeResponse | Promise<FakeResponse>) => ({
  token: 'good-token',
  routes: {
    'GET /auth/me': { body: userFixture() },
    'GET /exams/stats': stats,
  },
});

describe('dashboard', () => {
  it('shows the statistics its route fetched beside the page', async () => {
    renderApp(
      '/dashboard',
      signedIn(() => ({ body: STATS })),
    );
    await waitFor(() => expect(screen.getByTestId('stat-total').textContent).toContain('3'));
    expect(screen.getByTestId('stat-average').textContent).toContain('71.2%');
    expect(screen.getByTestId('stat-best').textContent).toContain('90%');
    // Nothing to draw yet: both chart cards say so, without the charts' code.
    expect(
      await screen.findByText('Your exam scores will appear here after your first exam.'),
    ).toBeTruthy();
    // Every icon (the badges, the quick actions) is drawn from its path, not from its name.
    const drawn = [...document.querySelectorAll('svg path')].map((path) => path.getAttribute('d'));
    expect(drawn.length).toBeGreaterThan(4);
    expect(drawn.filter((d) => !d?.startsWith('M'))).toEqual([]);
  });

  it('shows no badge and no progress until the statistics arrive, nor when they fail', async () => {
    let answer: (response: FakeResponse) => void = () => {};
    renderApp(
      '/dashboard',
      signedIn(() => new Promise<FakeResponse>((resolve) => (answer = resolve))),
    );
    const pending = await screen.findByTestId('progress-pending');
    expect(pending.textContent).toBe('Loading...');
    expect(screen.queryByTestId('badge-level')).toBeNull();
    expect(screen.queryByText(/of exams passed/)).toBeNull();
    // On their way, the figures are not shown as none.
    expect(screen.getByTestId('stat-total').textContent).toContain('…');
    expect(screen.getByTestId('stat-total').textContent).not.toContain('—');
    answer({ status: 500, body: { detail: 'Database down' } });
    await screen.findByText('Statistics could not be loaded');
    expect(screen.getByTestId('progress-pending').textContent).toBe(
      'Your progress shows once the statistics have loaded.',
    );
    expect(screen.queryByTestId('badge-level')).toBeNull();
  });

  it('shows no scores for a learner without exams, rather than 0%', async () => {
    renderApp(
      '/dashboard',
      signedIn(() => ({
        body: {
          ...STATS,
          total_exams: 0,
          passed_exams: 0,
          average_score: 0,
          best_score: 0,
          success_rate: 0,
        },
      })),
    );
    await waitFor(() => expect(screen.getByTestId('stat-total').textContent).toContain('0'));
    for (const key of ['average', 'best', 'successRate'])
      expect(screen.getByTestId(`stat-${key}`).textContent).toContain('—');
    expect(screen.getByTestId('badge-level').textContent).toBe('Newcomer');
  });

  it("draws the pass mark of the learner's course, named below the chart", async () => {
    const result = examSummary(5, 40, 26, 65, true, '01');
    const oneExam = signedIn(() => ({ body: { ...STATS, total_exams: 1, passed_exams: 1 } }));
    const course = courseFixture();
    renderApp('/dashboard', {
      ...oneExam,
      routes: {
        ...oneExam.routes,
        'GET /exams/history': { body: [result] },
        'GET /courses': {
          body: [
            {
              ...course,
              rules: { ...course.rules, pass_rule: 'percent_questions', pass_value: 60 },
            },
          ],
        },
      },
    });
    expect(await screen.findByText('Pass mark: 60%')).toBeTruthy();
    expect(screen.getByTestId('chart-pass-line').style.bottom).toBe('60%');
    // Its one exam passed: no ring drawn, none explained.
    expect(screen.queryByTestId('chart-failed-legend')).toBeNull();
  });

  it('charts the mistakes of a course passed on at most so many, against that many', async () => {
    // 20 questions, at most 2 mistakes, 5 extra questions a mistake. Oldest first: 1 mistake
    // and its 5 extra questions right (passed); 2 mistakes and 1 of their 10 extra questions
    // wrong (27 of 30 right: failed, though 90% of 30); 5 mistakes of 20 (failed).
    const history = [
      { ...examSummary(3, 20, 15, 75, false, '03'), mistakes: 5, decided_by: 'max_mistakes' },
      { ...examSummary(2, 30, 27, 90, false, '02'), mistakes: 2, decided_by: 'extra_mistake' },
      { ...examSummary(1, 25, 24, 96, true, '01'), mistakes: 1, decided_by: 'max_mistakes' },
    ].map((result) => ({ ...result, pass_rule: 'max_mistakes' as const, pass_value: 2 }));
    const topic = { topic_id: 1, topic_name: 'Road signs', answered: 10, correct: 8, accuracy: 80 };
    const stats = signedIn(() => ({ body: { ...STATS, total_exams: 3, topics: [topic] } }));
    const course = courseFixture();
    renderApp('/dashboard', {
      ...stats,
      routes: {
        ...stats.routes,
        'GET /exams/history': { body: history },
        'GET /courses': {
          body: [
            {
              ...course,
              rules: {
                ...course.rules,
                question_count: 20,
                pass_rule: 'max_mistakes',
                pass_value: 2,
              },
            },
          ],
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Mistakes per exam' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'ExamMistakes',
      expect.stringMatching(/^Exam #1 · .+1 · Passed$/),
      expect.stringMatching(/^Exam #2 · .+2 \+ 1 among the extra questions · Failed$/),
      expect.stringMatching(/^Exam #3 · .+5 · Failed$/),
    ]);
    expect(screen.getByText('Pass mark: at most 2 mistakes')).toBeTruthy();
    // Two exams drawn as rings: the legend says what a ring is.
    expect(screen.getByTestId('chart-failed-legend').textContent).toBe('Failed');
    // An axis of 0 to 8 mistakes (the worst exam had 5): the line at 2 is a quarter up, and
    // each exam sits at its mistakes, the failed 27 of 30 on the line, not above a 90% one.
    const [scoresLine, topicsLine] = screen.getAllByTestId('chart-pass-line');
    expect(scoresLine?.style.bottom).toBe('25%');
    const dots = [...document.querySelectorAll<HTMLElement>('[data-passed]')];
    expect(dots.map((dot) => [dot.style.bottom, dot.getAttribute('data-passed')])).toEqual([
      ['12.5%', 'true'],
      ['25%', 'false'],
      ['62.5%', 'false'],
    ]);
    // The topics are still in percent, their line named for the mistakes it stands for.
    expect(topicsLine?.style.left).toBe('90%');
    expect(screen.getByText('90% right: at most 2 mistakes in 20')).toBeTruthy();
    // The list says the mistakes, not a percent the rule does not judge.
    const rows = screen.getAllByTestId('recent-exam');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/15 of 20 right · mistakes: 5Failed/),
      expect.stringMatching(/27 of 30 right · mistakes: 2 \+ 1 among the extra questionsFailed/),
      expect.stringMatching(/24 of 25 right · mistakes: 1Passed/),
    ]);
  });

  it("gives screen readers each chart's figures as a table", async () => {
    const result = examSummary(5, 40, 26, 65, false, '01');
    const topic = { topic_id: 1, topic_name: 'Road signs', answered: 10, correct: 7, accuracy: 70 };
    const oneExam = signedIn(() => ({ body: { ...STATS, total_exams: 1, topics: [topic] } }));
    renderApp('/dashboard', {
      ...oneExam,
      routes: { ...oneExam.routes, 'GET /exams/history': { body: [result] } },
    });
    const scores = await screen.findByRole('table', { name: 'Exam scores over time' });
    expect(
      within(scores)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['ExamScore', expect.stringMatching(/^Exam #1 · .+65% · Failed$/)]);
    const topics = await screen.findByRole('table', { name: 'Accuracy by topic' });
    expect(
      within(topics)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['TopicAccuracy', 'Road signs70%']);
  });

  it('shows one exam or topic at a time in a tooltip, stepped through with the arrow keys', async () => {
    const history = [
      examSummary(7, 40, 36, 90, true, '03'),
      examSummary(5, 40, 26, 65, false, '01'),
      examSummary(6, 40, 30, 75, true, '02'),
    ];
    const topics = [
      { topic_id: 1, topic_name: 'Road signs', answered: 10, correct: 7, accuracy: 70 },
      { topic_id: 2, topic_name: 'Right of way', answered: 4, correct: 1, accuracy: 25 },
    ];
    const exams = signedIn(() => ({ body: { ...STATS, topics } }));
    renderApp('/dashboard', {
      ...exams,
      routes: { ...exams.routes, 'GET /exams/history': { body: history } },
    });
    const tooltip = () =>
      screen.queryByTestId('chart-tooltip')?.textContent?.replace(/\s+/g, ' ') ?? null;
    const scores = await screen.findByRole('group', { name: 'Exam scores over time' });
    expect(tooltip()).toBeNull();
    // On the focus, the oldest exam; the keys go along the exams in the order they were taken.
    fireEvent.focus(scores);
    expect(tooltip()).toMatch(/^Exam #1 · .+Score: 65% · Failed$/);
    fireEvent.keyDown(scores, { key: 'ArrowRight' });
    expect(tooltip()).toMatch(/^Exam #2 · .+Score: 75% · Passed$/);
    fireEvent.keyDown(scores, { key: 'End' });
    fireEvent.keyDown(scores, { key: 'ArrowRight' });
    expect(tooltip()).toMatch(/^Exam #3 · .+Score: 90% · Passed$/);
    fireEvent.keyDown(scores, { key: 'Home' });
    fireEvent.keyDown(scores, { key: 'ArrowLeft' });
    expect(tooltip()).toMatch(/^Exam #1 · /);
    fireEvent.keyDown(scores, { key: 'Escape' });
    expect(tooltip()).toBeNull();
    fireEvent.keyDown(scores, { key: 'ArrowRight' });
    fireEvent.blur(scores);
    expect(tooltip()).toBeNull();

    const accuracy = screen.getByRole('group', { name: 'Accuracy by topic' });
    fireEvent.focus(accuracy);
    expect(tooltip()).toBe('Road signsAccuracy: 70%');
    fireEvent.keyDown(accuracy, { key: 'ArrowDown' });
    expect(tooltip()).toBe('Right of wayAccuracy: 25%');
    // Said as well as shown, for a screen reader following the keys.
    expect(within(accuracy).getByText('Right of way. Accuracy: 25%')).toBeTruthy();
    fireEvent.keyDown(accuracy, { key: 'ArrowUp' });
    expect(tooltip()).toBe('Road signsAccuracy: 70%');
    // A pointer over a topic's bar shows that topic; a finger lifted leaves it shown.
    const [, secondBar] = within(accuracy).getAllByTestId('chart-bar');
    fireEvent.pointerMove(secondBar!);
    expect(tooltip()).toBe('Right of wayAccuracy: 25%');
    // jsdom's pointer events carry no pointerType: given to the event by hand.
    const leave = (pointerType: string) =>
      fireEvent(
        secondBar!,
        Object.assign(
          new MouseEvent('pointerout', { bubbles: true, relatedTarget: document.body }),
          {
            pointerType,
          },
        ),
      );
    leave('touch');
    expect(tooltip()).toBe('Right of wayAccuracy: 25%');
    leave('mouse');
    expect(tooltip()).toBeNull();
  });

  it('colours a topic below the pass mark apart from one at it, and draws the pass line at the mark', async () => {
    const topics = [
      { topic_id: 1, topic_name: 'Road signs', answered: 10, correct: 7, accuracy: 70 },
      { topic_id: 2, topic_name: 'Right of way', answered: 10, correct: 0, accuracy: 0 },
      { topic_id: 3, topic_name: 'Speed limits', answered: 20, correct: 13, accuracy: 65 },
    ];
    renderApp(
      '/dashboard',
      signedIn(() => ({ body: { ...STATS, topics } })),
    );
    const accuracy = await screen.findByRole('group', { name: 'Accuracy by topic' });
    const bars = within(accuracy).getAllByTestId('chart-bar');
    expect(bars.map((bar) => bar.style.width)).toEqual(['70%', '0%', '65%']);
    // The spec's exam: 70% to pass. At the mark is the passing colour, below it the other.
    const [atMark, none, below] = bars.map((bar) => bar.className);
    expect(none).toBe(below);
    expect(atMark).not.toBe(below);
    const figure = accuracy.closest('figure')!;
    expect(within(figure).getByTestId('chart-pass-line').style.left).toBe('70%');
    expect(
      within(figure)
        .getAllByTestId('chart-figure')
        .map((cell) => cell.textContent),
    ).toEqual(['70%', '0%', '65%']);
  });

  it('shows an exam that fell short of the pass mark under it, never rounded up to it', async () => {
    const shortOfIt = examSummary(6, 23, 16, 69, false, '02');
    const oneExam = signedIn(() => ({
      body: { ...STATS, total_exams: 1, passed_exams: 0, average_score: 69.5, best_score: 69.5 },
    }));
    renderApp('/dashboard', {
      ...oneExam,
      routes: { ...oneExam.routes, 'GET /exams/history': { body: [shortOfIt] } },
    });
    const [row] = await screen.findAllByTestId('recent-exam');
    // 16 of 23 is 69.565...%: rounded, it would read as the 70% it failed.
    expect(row?.textContent).toMatch(/16 of 23 right \(69\.5%\)Failed/);
    expect(screen.getByTestId('stat-best').textContent).toContain('69.5%');
  });

  it("says and plots a points course's exam by its points, and rings every failed exam", async () => {
    // 7 of 10 questions right is 70%, the pass mark, but 14 of 22 points is 63.6%: failed.
    const onPoints = {
      ...examSummary(9, 10, 7, 70, false, '04'),
      pass_rule: 'percent_points' as const,
      decided_by: 'percent_points' as const,
      pass_value: 70,
      total_points: 14,
      max_points: 22,
    };
    // 23 of 25 right, failed by a mistake among its extra questions.
    const extraMistake = {
      ...examSummary(8, 25, 23, 92, false, '03'),
      mistakes: 1,
      pass_rule: 'max_mistakes' as const,
      decided_by: 'extra_mistake' as const,
      pass_value: 2,
      total_points: 23,
      max_points: 25,
    };
    const passed = examSummary(7, 40, 36, 90, true, '02');
    const threeExams = signedIn(() => ({ body: { ...STATS, total_exams: 3, passed_exams: 1 } }));
    renderApp('/dashboard', {
      ...threeExams,
      routes: {
        ...threeExams.routes,
        'GET /exams/history': { body: [onPoints, extraMistake, passed] },
      },
    });
    const rows = await screen.findAllByTestId('recent-exam');
    expect(rows[0]?.textContent).toMatch(/^.+7 of 10 right · 14 of 22 points \(63\.6%\)Failed/);
    expect(rows[1]?.textContent).toMatch(
      /^.+23 of 25 right · mistakes: 1 \+ 1 among the extra questionsFailed/,
    );
    const scores = await screen.findByRole('table', { name: 'Exam scores over time' });
    expect(
      within(scores)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['90% · Passed', '92% · Failed', '63.6% · Failed']);
    // Oldest first: the passed exam is a dot, the two failed ones are rings.
    const dots = document.querySelectorAll('[data-passed]');
    expect([...dots].map((dot) => dot.getAttribute('data-passed'))).toEqual([
      'true',
      'false',
      'false',
    ]);
    // The points exam is drawn at its 63.6 %, under the 70 % line, not on it.
    expect((dots[2] as HTMLElement).style.bottom).toBe(`${(14 * 100) / 22}%`);
  });

  it('marks an exam the server took after its time limit, and only that one', async () => {
    const late = { ...examSummary(8, 20, 20, 100, true, '03'), over_time: true };
    const inTime = { ...examSummary(7, 20, 19, 95, true, '02'), over_time: false };
    const twoExams = signedIn(() => ({ body: { ...STATS, total_exams: 2, passed_exams: 2 } }));
    renderApp('/dashboard', {
      ...twoExams,
      routes: { ...twoExams.routes, 'GET /exams/history': { body: [late, inTime] } },
    });
    const rows = await screen.findAllByTestId('recent-exam');
    expect(
      rows.map((row) => within(row).queryByTestId('recent-over-time')?.textContent ?? null),
    ).toEqual(['over time', null]);
  });

  it('marks an exam that ended at its failing mistake, its figures those of the questions asked', async () => {
    const ended = {
      ...examSummary(8, 3, 1, 33, false, '03'),
      pass_rule: 'max_mistakes' as const,
      pass_value: 1,
      decided_by: 'max_mistakes' as const,
      mistakes: 2,
      ended_early: true,
    };
    const whole = { ...examSummary(7, 20, 19, 95, true, '02'), ended_early: false };
    const twoExams = signedIn(() => ({ body: { ...STATS, total_exams: 2, passed_exams: 1 } }));
    renderApp('/dashboard', {
      ...twoExams,
      routes: { ...twoExams.routes, 'GET /exams/history': { body: [ended, whole] } },
    });
    const rows = await screen.findAllByTestId('recent-exam');
    expect(
      rows.map((row) => within(row).queryByTestId('recent-ended-early')?.textContent ?? null),
    ).toEqual(['ended at the failing mistake', null]);
    expect(rows[0]?.textContent).toContain('1 of 3 right');
  });

  it('shows an error card when the statistics fail, and fetches them again on Retry', async () => {
    let calls = 0;
    const { requests } = renderApp(
      '/dashboard',
      signedIn(() => {
        calls += 1;
        return calls === 1 ? { status: 500, body: { detail: 'Database down' } } : { body: STATS };
      }),
    );
    expect(await screen.findByText('Statistics could not be loaded')).toBeTruthy();
    expect(screen.getByText('Database down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('stat-passed').textContent).toContain('2'));
    expect(requests.filter((request) => request.path === '/exams/stats')).toHaveLength(2);
  });

  it('says a kept result is waiting, and fetches the figures again once it has been sent', async () => {
    addPendingResult(userFixture().id, {
      exam_type: 'exam',
      answers: [{ question_id: 1, selected_answers: [1] }],
    });
    let calls = 0;
    const { requests } = renderApp(
      '/dashboard',
      signedIn(() => {
        calls += 1;
        return { body: { ...STATS, total_exams: calls === 1 ? 3 : 4 } };
      }),
    );
    expect(
      await screen.findByText(/1 result kept in this browser is waiting to be sent/),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('stat-total').textContent).toContain('3'));

    // Another part of the app (the resend timer) delivers it.
    await flushPendingResults(scriptedApi(savedKeptWork, 201).api, userFixture().id);

    await waitFor(() => expect(screen.getByTestId('stat-total').textContent).toContain('4'));
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
    expect(requests.filter((request) => request.path === '/exams/stats')).toHaveLength(2);
  });

  it('sends a kept result on request, and says so when the server is still out of reach', async () => {
    addPendingResult(userFixture().id, {
      exam_type: 'exam',
      answers: [{ question_id: 1, selected_answers: [1] }],
    });
    let reachable = false;
    const { requests } = renderApp('/dashboard', {
      token: 'good-token',
      routes: {
        'GET /auth/me': { body: userFixture() },
        'GET /exams/stats': { body: STATS },
        'POST /exams/submit': () =>
          reachable
            ? { status: 201, body: examResultFixture({ id: 9 }) }
            : { status: 503, body: { detail: 'Down' } },
      },
    });
    const notice = await screen.findByTestId('dashboard-waiting');
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() =>
      expect(notice.textContent).toContain('It could not be sent yet; it will be tried again'),
    );
    expect(requests.filter((request) => request.path === '/exams/submit')).toHaveLength(1);

    reachable = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(screen.queryByTestId('dashboard-waiting')).toBeNull());
    expect(requests.filter((request) => request.path === '/exams/submit')).toHaveLength(2);
    // The figures are fetched again: they now include the result.
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/exams/stats')).toHaveLength(2),
    );
  });

  it.each([
    [
      10,
      'You have an exam in progress: 1 of 2 questions answered, about 30 minutes left.',
      'Continue the exam',
    ],
    [
      41,
      'The time of your exam in progress has run out. Open it to send your answers and see the result.',
      'Open the exam',
    ],
  ])(
    'tells of an exam left running %i minutes ago, with the way back to it',
    async (minutesAgo, text, link) => {
      await keepExamInProgress(userFixture().id, Date.now() - minutesAgo * 60_000);
      renderApp(
        '/dashboard',
        signedIn(() => ({ body: STATS })),
      );
      const notice = await screen.findByTestId('exam-in-progress');
      expect(notice.textContent).toBe(text);
      const back = within(notice.closest('[role="status"]') as HTMLElement).getByRole('link', {
        name: link,
      });
      expect(back.getAttribute('href')).toBe('/exam');
    },
  );

  it('says nothing of an exam when none is running', async () => {
    renderApp(
      '/dashboard',
      signedIn(() => ({ body: STATS })),
    );
    await waitFor(() => expect(screen.getByTestId('stat-total').textContent).toContain('3'));
    expect(screen.queryByTestId('exam-in-progress')).toBeNull();
  });

  it('lists the latest exams, newest first, and opens the review of one taken before', async () => {
    const summary = (id: number, day: string, correct: number, passed: boolean) =>
      examSummaryFixture({
        id,
        total_questions: 2,
        correct_answers: correct,
        score: correct * 50,
        passed,
        time_taken: 600,
        created_at: `2026-11-${day}T10:00:00.000Z`,
      });
    const older = summary(7, '01', 1, false);
    const newer = summary(8, '20', 2, true);
    const question = (id: number, text: string, right: string) => ({
      id,
      question_text: text,
      answer_1: 'Stop',
      answer_2: 'Go',
      answer_3: null,
      answer_4: null,
      answer_5: null,
      right_answers: right,
      points: 1,
      photo: null,
      photo_alt: null,
      explanation: id === 11 ? 'Red means stop.' : null,
    });
    const answer = (id: number, picked: number, right: number) => ({
      question_id: id,
      selected_answers: [picked],
      correct_answers: [right],
      is_correct: picked === right,
      points: picked === right ? 1 : 0,
      is_extra: false,
    });
    const base = signedIn(() => ({ body: { ...STATS, total_exams: 2, passed_exams: 1 } }));
    const { requests } = renderApp('/dashboard', {
      ...base,
      routes: {
        ...base.routes,
        'GET /exams/history': { body: [older, newer] },
        'GET /exams/results/7/review': {
          body: {
            result: {
              ...older,
              user_id: 1,
              answers: [answer(11, 2, 1), answer(12, 1, 1), answer(13, 1, 1)],
            },
            // Question 13 was deleted since.
            questions: [question(11, 'A red light means?', '1'), question(12, 'Green means?', '1')],
          },
        },
      },
    });
    const rows = await screen.findAllByTestId('recent-exam');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/2 of 2 right \(100%\)Passed/),
      expect.stringMatching(/1 of 2 right \(50%\)Failed/),
    ]);
    const reviewButtons = screen.getAllByRole('button', { name: /^Review the exam of/ });
    fireEvent.click(reviewButtons[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: /^Exam of/ });
    // Described by its figures and its verdict, as the list says them.
    expect(screen.getByRole('dialog', { description: '1 of 2 right (50%) · Failed' })).toBe(dialog);
    const items = await waitFor(() => {
      const found = dialog.querySelectorAll('[data-testid="review-item"]');
      expect(found).toHaveLength(2);
      return [...found];
    });
    expect(items.map((item) => item.getAttribute('data-correct'))).toEqual(['false', 'true']);
    // Their keys are the ones the exam had: no correction is said.
    expect(within(dialog).queryByTestId('review-corrected')).toBeNull();
    expect(items[0]?.textContent).toContain('A red light means?');
    expect(items[0]?.textContent).toContain('Red means stop.');
    expect(dialog.textContent).toContain('1 question of this exam is no longer in the bank');
    expect(requests.filter((request) => request.path === '/exams/results/7/review')).toHaveLength(
      1,
    );
  });

  it('names each review button apart for a screen reader, two exams of one minute by their seconds and scores, the list showing minutes', async () => {
    // Sat in the reader's time zone at 10:15:07 and 10:15:48.
    const first = {
      ...examSummary(3, 40, 38, 95, true, '01'),
      created_at: new Date(2026, 10, 2, 10, 15, 7).toISOString(),
    };
    const second = {
      ...examSummary(4, 40, 30, 75, true, '01'),
      created_at: new Date(2026, 10, 2, 10, 15, 48).toISOString(),
    };
    const base = signedIn(() => ({ body: { ...STATS, total_exams: 2, passed_exams: 2 } }));
    renderApp('/dashboard', {
      ...base,
      routes: { ...base.routes, 'GET /exams/history': { body: [first, second] } },
    });
    const rows = await screen.findAllByTestId('recent-exam');
    const names = [
      'Review the exam of Nov 2, 2026, 10:15:48 AM — 30 of 40 right (75%)',
      'Review the exam of Nov 2, 2026, 10:15:07 AM — 38 of 40 right (95%)',
    ];
    // Each name is its row's button's, and no other button's.
    names.forEach((name, index) => {
      expect(screen.getAllByRole('button', { name })).toEqual([
        within(rows[index] as HTMLElement).getByRole('button'),
      ]);
    });
    // What the list shows is as before: the minute, and Review on the button.
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nov 2, 2026, 10:15 AM30 of 40 right (75%)PassedReview',
      'Nov 2, 2026, 10:15 AM38 of 40 right (95%)PassedReview',
    ]);
  });

  it('numbers the review buttons of exams alike in second and score, the oldest first', async () => {
    // Three results kept offline and sent together: two alike, one a second later.
    const at = (second: number) => new Date(2026, 10, 2, 10, 15, second).toISOString();
    const history = [
      { ...examSummary(5, 40, 38, 95, true, '01'), created_at: at(7) },
      { ...examSummary(6, 40, 38, 95, true, '01'), created_at: at(7) },
      { ...examSummary(7, 40, 38, 95, true, '01'), created_at: at(8) },
    ];
    const base = signedIn(() => ({ body: { ...STATS, total_exams: 3, passed_exams: 3 } }));
    renderApp('/dashboard', {
      ...base,
      routes: { ...base.routes, 'GET /exams/history': { body: history } },
    });
    const rows = await screen.findAllByTestId('recent-exam');
    const alike = 'Review the exam of Nov 2, 2026, 10:15:07 AM — 38 of 40 right (95%)';
    const names = [
      'Review the exam of Nov 2, 2026, 10:15:08 AM — 38 of 40 right (95%)',
      `${alike}, exam 2 of 2 taken that second`,
      `${alike}, exam 1 of 2 taken that second`,
    ];
    names.forEach((name, index) => {
      expect(screen.getAllByRole('button', { name })).toEqual([
        within(rows[index] as HTMLElement).getByRole('button'),
      ]);
    });
  });

  it('reviews a past exam by the grades stored with its result, not by an answer key changed since, and says it was corrected', async () => {
    const taken = examSummaryFixture({
      id: 5,
      total_questions: 1,
      correct_answers: 1,
      time_taken: 60,
      created_at: '2026-11-02T10:00:00.000Z',
    });
    const base = signedIn(() => ({ body: { ...STATS, total_exams: 1, passed_exams: 1 } }));
    renderApp('/dashboard', {
      ...base,
      routes: {
        ...base.routes,
        'GET /exams/history': { body: [taken] },
        'GET /exams/results/5/review': {
          body: {
            // Graded right with answer 1 ("Stop"), as the key said then.
            result: {
              ...taken,
              user_id: 1,
              answers: [
                {
                  question_id: 21,
                  selected_answers: [1],
                  correct_answers: [1],
                  is_correct: true,
                  points: 1,
                  is_extra: false,
                },
              ],
            },
            // The administrator has since made answer 2 the right one.
            questions: [
              {
                id: 21,
                question_text: 'At a stop sign?',
                answer_1: 'Stop',
                answer_2: 'Go',
                answer_3: null,
                answer_4: null,
                answer_5: null,
                right_answers: '2',
                points: 1,
                photo: null,
                photo_alt: null,
                explanation: null,
              },
            ],
          },
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Review the exam of/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Exam of/ });
    const item = await waitFor(() => {
      const found = dialog.querySelector('[data-testid="review-item"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(item.getAttribute('data-correct')).toBe('true');
    expect(
      [...item.querySelectorAll('[data-answer]')].map((option) => [
        option.getAttribute('data-answer'),
        option.getAttribute('data-tone'),
      ]),
    ).toEqual([
      ['1', 'right'],
      ['2', 'none'],
    ]);
    // Beside today's explanation, which may argue for the new key: the correction is said.
    expect(within(item).getByTestId('review-corrected').textContent).toBe(
      'This question was corrected after this exam: its right answer is now 2.',
    );
  });
});
