import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bankSizeRoute,
  courseFixture,
  examResultFixture,
  type FakeResponse,
  numberSettingFixture,
  questionFixture,
  questionMemoryFixture,
  renderApp,
  trainingSessionFixture,
  userFixture,
} from '../../test/render-app';
import { readPendingResults } from '../../lib/pending-results';
import { TRAINING_MODES } from '../../../machines/training.types';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The server's answer to a training answer: the question's memory after it. */
async function memoryAfterAnswer(request: Request): Promise<FakeResponse> {
  const { question_id, is_correct } = (await request.json()) as {
    question_id: number;
    is_correct: boolean;
  };
  return { body: questionMemoryFixture(question_id, is_correct) };
}

/** Every mode the server offers (all but the bookmarks, which are the learner's), each with questions. */
const MODE_OFFERS = TRAINING_MODES.filter((id) => id !== 'bookmarked').map((id) => ({
  id,
  question_count: null,
  time_limit_seconds: null,
  available: true,
}));

const question = (id: number) =>
  questionFixture({ id, question_text: `Question text ${id}`, answer_1: 'A', answer_2: 'B' });

const ROUTES = {
  'GET /auth/me': { body: userFixture() },
  'GET /training-tickets': {
    body: [
      {
        id: 1,
        ticket_number: 3,
        question_ids: '[1,2]',
        question_count: 2,
        max_points: 2,
        created_at: '2025-06-01T00:00:00Z',
      },
    ],
  },
  'GET /training-tickets/stats/info': { body: { total_tickets: 1, tickets_available: 1 } },
  'GET /training-tickets/progress': { body: [] },
  'GET /training-tickets/3': {
    body: { id: 1, ticket_number: 3, max_points: 2, questions: [question(1), question(2)] },
  },
  'POST /training-modules/weak-spots/update': memoryAfterAnswer,
  'GET /training-modules/modes': { body: MODE_OFFERS },
};

function openTraining(path: string) {
  const app = renderApp(path, { token: 'good-token', routes: ROUTES });
  const location = () => app.router.state.location;
  return { ...app, location };
}

const modeCards = () => screen.findByRole('list', { name: 'Training modes' });
const ticketList = () => screen.findByTestId('ticket-card');
const ticketRun = () => screen.findByRole('heading', { level: 1, name: 'Ticket 3' });

function press(name: string, root: HTMLElement = document.body) {
  fireEvent.click(within(root).getByRole('button', { name }));
}

/** A call the server is out of reach for. */
const outOfReach = (): never => {
  throw new TypeError('Failed to fetch');
};

/** Presses the intro's Start once it shows (the route's code may still be loading). */
async function pressStart() {
  const main = await screen.findByRole('main');
  fireEvent.click(await within(main).findByRole('button', { name: 'Start' }));
}

async function answerFirstQuestion() {
  fireEvent.click(document.querySelector('button[data-answer="1"]')!);
  press('Check answer');
  await screen.findByTestId('practice-verdict');
}

describe('training steps in the URL', () => {
  it('a mode card opens its step; Back returns to the cards on /training, Forward to the mode', async () => {
    const { router, location } = openTraining('/training');
    press('Choose Express test', (await screen.findByTestId('mode-express')) as HTMLElement);
    await screen.findByRole('heading', { level: 1, name: 'Express test' });
    expect(location().search).toEqual({ mode: 'express' });

    router.history.back();
    await modeCards();
    expect(location().pathname).toBe('/training');
    expect(location().search).toEqual({});
    router.history.forward();
    await screen.findByRole('heading', { level: 1, name: 'Express test' });
  });

  it("a ticket's run is a step under its list: Back returns to the list, Forward starts it again", async () => {
    const { router, location } = openTraining('/training?mode=tickets');
    press('Start Ticket 3', await ticketList());
    await ticketRun();
    expect(location().search).toEqual({ mode: 'tickets', ticket: 3 });

    router.history.back();
    await ticketList();
    expect(location().search).toEqual({ mode: 'tickets' });
    router.history.forward();
    await ticketRun();
    expect(screen.getByTestId('practice-position').textContent).toBe('Question 1 of 2');
  });

  it("the page's own back, from a run opened by a link, replaces the entry instead of adding one", async () => {
    const { router, location } = openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    const entries = router.history.length;
    press('Back to tickets');
    await ticketList();
    expect(location().search).toEqual({ mode: 'tickets' });
    press('Back to modes');
    await modeCards();
    expect(location().search).toEqual({});
    expect(router.history.length).toBe(entries);
  });

  it('asks before leaving a run part-way; staying keeps the run and its address', async () => {
    const { location } = openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    await answerFirstQuestion();
    press('Back to tickets');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this run?' });
    expect(dialog.textContent).toContain('Answered: 1 of 2 questions.');
    press('Keep practising', dialog);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('practice-verdict')).toBeTruthy();
    expect(location().search).toEqual({ mode: 'tickets', ticket: 3 });

    press('Back to tickets');
    press('Leave', await screen.findByRole('dialog', { name: 'Leave this run?' }));
    await ticketList();
    expect(location().search).toEqual({ mode: 'tickets' });
  });

  it("a mode's intro promises the question count and time the administrator set", async () => {
    renderApp('/training?mode=express', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /settings': {
          body: [
            numberSettingFixture('express_question_count', '15'),
            numberSettingFixture('express_time_limit_seconds', '90'),
            numberSettingFixture('marathon_question_count', '1'),
          ],
        },
      },
    });
    expect(await screen.findByText(/^15 questions · 1 minute 30 seconds · /)).toBeTruthy();
    expect(screen.getByText('15 questions in 1 minute 30 seconds.')).toBeTruthy();
  });

  it('no intro or card promises more questions than the bank holds', async () => {
    const routes = {
      ...ROUTES,
      'GET /settings': {
        body: [
          numberSettingFixture('express_question_count', '15'),
          numberSettingFixture('marathon_question_count', '50'),
          numberSettingFixture('daily_challenge_size', '12'),
        ],
      },
      'GET /questions': bankSizeRoute(9),
    };
    renderApp('/training', { token: 'good-token', routes });
    const cards = within(await modeCards());
    expect(await cards.findByText('9 questions from every topic in random order.')).toBeTruthy();
    expect(cards.getByText(/^9 questions in /)).toBeTruthy();
    cleanup();
    renderApp('/training?mode=daily-challenge', { token: 'good-token', routes });
    expect(await screen.findByText('9 questions · no time limit.')).toBeTruthy();
  });

  it("the daily challenge's intro states its size as set", async () => {
    renderApp('/training?mode=daily-challenge', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /settings': { body: [numberSettingFixture('daily_challenge_size', '7')] },
      },
    });
    expect(await screen.findByText('7 questions · no time limit.')).toBeTruthy();
  });

  it("the mode cards state the express test's and the marathon's sizes as set", async () => {
    renderApp('/training', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /settings': {
          body: [
            numberSettingFixture('express_question_count', '12'),
            numberSettingFixture('express_time_limit_seconds', '120'),
            numberSettingFixture('marathon_question_count', '1'),
          ],
        },
      },
    });
    const cards = within(await modeCards());
    expect(cards.getByText('12 questions in 2 minutes.')).toBeTruthy();
    expect(cards.getByText('1 question from every topic in random order.')).toBeTruthy();
  });

  it('a link to a ticket that is not there shows the list and says so', async () => {
    const { location } = openTraining('/training?mode=tickets&ticket=99');
    await ticketList();
    expect((await screen.findByTestId('training-alert')).textContent).toBe(
      'There is no such ticket. Choose one from the list.',
    );
    await waitFor(() => expect(location().search).toEqual({ mode: 'tickets' }));
  });

  it('an unknown mode or a ticket without its mode shows the cards', async () => {
    openTraining('/training?mode=parking&ticket=3');
    await modeCards();
    cleanup();
    const { location } = openTraining('/training?ticket=3');
    await modeCards();
    expect(location().search).toEqual({});
  });

  it('a run kept in the browser comes back on /training, and the address follows it', async () => {
    const first = openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    await answerFirstQuestion();
    cleanup();
    expect(first.location().search).toEqual({ mode: 'tickets', ticket: 3 });

    const { location } = openTraining('/training');
    await ticketRun();
    expect(screen.getByTestId('practice-verdict')).toBeTruthy();
    await waitFor(() => expect(location().search).toEqual({ mode: 'tickets', ticket: 3 }));
    // The page says why it shows a run where the modes were asked for, until told it is read.
    expect((await screen.findByTestId('came-back-notice')).textContent).toMatch(
      /^You left this run unfinished/,
    );
    press('Dismiss');
    expect(screen.queryByTestId('came-back-notice')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Back to tickets/ }));
    cleanup();

    // An address naming the run's own step opens it with nothing to explain.
    openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    expect(screen.getByTestId('practice-verdict')).toBeTruthy();
    expect(screen.queryByTestId('came-back-notice')).toBeNull();
  });

  it('a kept run with nothing answered gives way to a link naming another step, and is dropped', async () => {
    openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    cleanup();

    const { location } = openTraining('/training?mode=express');
    await screen.findByRole('heading', { level: 1, name: 'Express test' });
    expect(location().search).toEqual({ mode: 'express' });
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    openTraining('/training');
    await modeCards();
  });

  it('a link naming another step asks before it ends a run with answers: stay keeps the run and its address, leave opens the link', async () => {
    openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    await answerFirstQuestion();
    cleanup();

    const staying = openTraining('/training?mode=express');
    const dialog = await screen.findByRole('dialog', { name: 'Leave this run?' });
    expect(dialog.textContent).toContain('Answered: 1 of 2 questions.');
    press('Keep practising', dialog);
    await ticketRun();
    expect(screen.getByTestId('practice-verdict')).toBeTruthy();
    await waitFor(() => expect(staying.location().search).toEqual({ mode: 'tickets', ticket: 3 }));
    cleanup();

    const leaving = openTraining('/training?mode=tickets');
    press('Leave', await screen.findByRole('dialog', { name: 'Leave this run?' }));
    await ticketList();
    expect(leaving.location().search).toEqual({ mode: 'tickets' });
    expect(screen.queryByTestId('practice-position')).toBeNull();
    cleanup();
    openTraining('/training');
    await modeCards();
  });

  it("with a kept run, an address naming no step, or more than its step, ends at the run's step", async () => {
    openTraining('/training?mode=tickets&ticket=3');
    await ticketRun();
    await answerFirstQuestion();
    cleanup();

    for (const path of [
      '/training?ticket=3',
      '/training?mode=parking',
      '/training?mode=tickets&ticket=3&topic=7',
    ]) {
      const { location } = openTraining(path);
      await ticketRun();
      expect(screen.getByTestId('practice-verdict')).toBeTruthy();
      await waitFor(() => expect(location().search).toEqual({ mode: 'tickets', ticket: 3 }));
      // Settled: neither replace comes after the other.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(location().search).toEqual({ mode: 'tickets', ticket: 3 });
      expect(screen.queryByRole('dialog')).toBeNull();
      cleanup();
    }
  });
});

describe('answers given offline', () => {
  it('are kept in the browser and sent in order once back online; the run says saved only then', async () => {
    let online = false;
    const offline =
      (answer: (request: Request) => FakeResponse | Promise<FakeResponse>) =>
      (request: Request) => {
        if (!online) throw new TypeError('Failed to fetch');
        return answer(request);
      };
    const { requests } = renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'POST /training-modules/weak-spots/update': offline(memoryAfterAnswer),
        'POST /exams/submit': offline(() => ({ body: examResultFixture() })),
      },
    });
    await ticketRun();
    await answerFirstQuestion();
    press('Next question');
    await screen.findByText('Question text 2');
    await answerFirstQuestion();
    press('Finish');
    const pending = await screen.findByTestId('last-run-pending');
    expect(pending.textContent).toMatch(/kept in this browser/);
    expect(JSON.parse(localStorage.getItem('pendingAnswers') ?? '[]')).toHaveLength(2);

    const triedOffline = requests.length;
    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(pending.textContent).toMatch(/has now been saved/));
    expect(localStorage.getItem('pendingAnswers')).toBeNull();
    const sent = requests
      .slice(triedOffline)
      .filter((request) => request.path === '/training-modules/weak-spots/update')
      .map((request) => request.body as { question_id: number; answered_at?: string });
    expect(sent.map((body) => body.question_id)).toEqual([1, 2]);
    expect(sent.every((body) => body.answered_at !== undefined)).toBe(true);
  });
});

describe('progress on the ticket and topic cards', () => {
  const topic = {
    id: 4,
    name: 'Signs',
    question_ids: '[1,2]',
    question_count: 2,
    created_at: '2025-06-01T00:00:00Z',
  };
  // One question answered wrong in another mode (express): no ticket or topic was opened.
  const routes = {
    ...ROUTES,
    'GET /training-tickets/progress': {
      body: [{ ticket_number: 3, question_count: 2, answered: 1, right: 0 }],
    },
    'GET /training-topics': { body: [topic, { ...topic, id: 5, name: 'Parking' }] },
    'GET /training-topics/stats/info': { body: { total_topics: 2, topics_available: 2 } },
    'GET /training-topics/progress': {
      body: [
        { topic_id: 4, question_count: 2, answered: 1, right: 0 },
        { topic_id: 5, question_count: 2, answered: 0, right: 0 },
      ],
    },
  };
  const note =
    'A card counts your latest answer to each of its questions, given in any training mode or in the exam.';
  const progressOf = async (card: HTMLElement) =>
    (await within(card).findByTestId('set-progress')).textContent;

  it('a ticket never opened says how many of its questions were answered elsewhere, not that it was run', async () => {
    renderApp('/training?mode=tickets', { token: 'good-token', routes });
    expect(await progressOf(await ticketList())).toBe('1 of 2 questions answeredTo revisit: 1');
    expect(screen.getByTestId('set-progress-note').textContent).toBe(note);
    expect(document.body.textContent).not.toContain('Right last time');
  });

  it('a topic card does the same, and says not practised only when none of its questions was answered', async () => {
    renderApp('/training?mode=topics', { token: 'good-token', routes });
    const [signs, parking] = await screen.findAllByTestId('topic-card');
    expect(await progressOf(signs!)).toBe('1 of 2 questions answeredTo revisit: 1');
    expect(await progressOf(parking!)).toBe('Not practised yet');
    expect(screen.getByTestId('set-progress-note').textContent).toBe(note);
  });
});

describe('starting a ticket', () => {
  it('spins the pressed Start, which keeps the focus, while the ticket loads', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const tickets = ROUTES['GET /training-tickets'].body;
    renderApp('/training?mode=tickets', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /training-tickets': {
          body: [...tickets, { ...tickets[0]!, id: 2, ticket_number: 4 }],
        },
        'GET /training-tickets/3': async () => {
          await held;
          return ROUTES['GET /training-tickets/3'];
        },
      },
    });
    const start = await screen.findByRole('button', { name: 'Start Ticket 3' });
    start.focus();
    fireEvent.click(start);
    await waitFor(() => expect(start.getAttribute('aria-busy')).toBe('true'));
    expect(document.activeElement).toBe(start);
    expect(screen.getByRole('button', { name: 'Start Ticket 4' }).hasAttribute('disabled')).toBe(
      true,
    );
    release();
    await ticketRun();
  });
});

describe('the verdict on a wrong answer', () => {
  it('says "answer" of a question with one right answer and "answers" of one with two', async () => {
    renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /training-tickets/3': {
          body: {
            id: 1,
            ticket_number: 3,
            max_points: 2,
            questions: [question(1), { ...question(2), answer_3: 'C', right_answers: '1,3' }],
          },
        },
      },
    });
    await ticketRun();
    fireEvent.click(document.querySelector('button[data-answer="2"]')!);
    press('Check answer');
    expect((await screen.findByTestId('practice-verdict')).textContent).toBe(
      'Incorrect. The right answer is marked in green.',
    );
    press('Next question');
    await screen.findByText('Question text 2');
    fireEvent.click(document.querySelector('button[data-answer="1"]')!);
    press('Check answer');
    expect((await screen.findByTestId('practice-verdict')).textContent).toBe(
      'Incorrect. The right answers are marked in green.',
    );
  });
});

describe('the hint above the answers', () => {
  it('says how many answers to choose: the number of right answers of each question', async () => {
    renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /training-tickets/3': {
          body: {
            id: 1,
            ticket_number: 3,
            max_points: 2,
            questions: [
              question(1),
              { ...question(2), answer_3: 'C', answer_4: 'D', right_answers: '1,3,4' },
            ],
          },
        },
      },
    });
    await ticketRun();
    expect(screen.getByTestId('answers-hint').textContent).toBe('Choose 1 answer');
    await answerFirstQuestion();
    press('Next question');
    await screen.findByText('Question text 2');
    expect(screen.getByTestId('answers-hint').textContent).toBe('Choose 3 answers');
  });
});

describe('a run kept in the browser, per course', () => {
  const standard = courseFixture({ id: 1, name: 'Standard' });
  const korea = courseFixture({ id: 2, name: 'Korea', language: 'ko', is_default: false });
  const inCourse = (courseId: number, path: string) =>
    renderApp(path, {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /auth/me': { body: userFixture({ course_id: courseId }) },
        'GET /courses': { body: [standard, korea] },
      },
    });

  it('is not resumed in another course, and comes back when the learner returns to its own', async () => {
    inCourse(2, '/training?mode=tickets&ticket=3');
    await ticketRun();
    await answerFirstQuestion();
    cleanup();
    expect(localStorage.getItem('training.run.course2.7')).not.toBeNull();
    expect(localStorage.getItem('training.run.7')).toBeNull();

    // Moved to the default course: its own (no) run, the modes, and Korea's run left kept.
    inCourse(1, '/training');
    await modeCards();
    expect(screen.queryByTestId('practice-verdict')).toBeNull();
    cleanup();
    expect(localStorage.getItem('training.run.course2.7')).not.toBeNull();

    inCourse(2, '/training');
    await ticketRun();
    expect(screen.getByTestId('practice-verdict')).toBeTruthy();
  });
});

/**
 * A key pressed where the focus is, as a browser does it: an Enter the page does not take
 * presses the focused button.
 */
function pressKey(key: string) {
  const target = document.activeElement ?? document.body;
  const unhandled = fireEvent.keyDown(target, { key });
  if (unhandled && key === 'Enter' && target instanceof HTMLButtonElement) fireEvent.click(target);
}

describe('Enter after a number key', () => {
  const inRussian = (id: number) => ({
    ...question(id),
    language: 'en' as const,
    original: {
      language: 'ru' as const,
      question_text: `Вопрос ${id}`,
      answer_1: 'А',
      answer_2: 'Б',
      answer_3: null,
      answer_4: null,
      answer_5: null,
      explanation: null,
      photo_alt: null,
    },
  });
  const routes = {
    ...ROUTES,
    'GET /training-tickets/3': {
      body: { id: 1, ticket_number: 3, max_points: 2, questions: [inRussian(1), inRussian(2)] },
    },
    'GET /bookmarks': { body: { question_ids: [] } },
    'PUT /bookmarks/1': { body: { question_id: 1, bookmarked: true } },
  };
  // Bookmarks are read once per learner and page: each test's learner starts with none.
  let learnerId = 100;
  const openRun = () =>
    renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: { ...routes, 'GET /auth/me': { body: userFixture({ id: (learnerId += 1) }) } },
    });

  it('checks the answer picked after a click on the star, which stays starred', async () => {
    openRun();
    await ticketRun();
    const star = screen.getByRole('button', { name: 'Bookmark this question' });
    star.focus();
    fireEvent.click(star);
    expect(star.getAttribute('aria-pressed')).toBe('true');
    pressKey('1');
    pressKey('Enter');
    expect((await screen.findByTestId('practice-verdict')).textContent).toBe('Correct! +1 point');
    expect(star.getAttribute('aria-pressed')).toBe('true');
  });

  it('says why a star could not be kept offline, and takes it back', async () => {
    renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: {
        ...routes,
        'GET /auth/me': { body: userFixture({ id: (learnerId += 1) }) },
        'PUT /bookmarks/1': () => {
          throw new TypeError('Failed to fetch');
        },
      },
    });
    await ticketRun();
    const star = screen.getByRole('button', { name: 'Bookmark this question' });
    fireEvent.click(star);
    expect(
      await screen.findByText(
        'The bookmark could not be saved. Could not reach the server. Check your connection and try again.',
      ),
    ).toBeTruthy();
    expect(star.getAttribute('aria-pressed')).toBe('false');
  });

  it("checks the answer picked after a click on the exam language's toggle, which stays on", async () => {
    openRun();
    await ticketRun();
    const toggle = screen.getByRole('button', { name: "Exam's language (Russian) beside" });
    toggle.focus();
    fireEvent.click(toggle);
    expect(await screen.findByText('Вопрос 1')).toBeTruthy();
    pressKey('2');
    pressKey('Enter');
    expect((await screen.findByTestId('practice-verdict')).textContent).toBe(
      'Incorrect. The right answer is marked in green.',
    );
    expect(screen.getByText('Вопрос 1')).toBeTruthy();
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
  });

  it('says nothing of languages while the run is in the one the learner reads', async () => {
    openRun();
    await ticketRun();
    expect(screen.queryByTestId('practice-language-stays')).toBeNull();
  });

  it('says the run stays in the language its questions came in, once the learner reads another', async () => {
    // Started in Korean; the learner has since switched to English, which the course has.
    const inKorean = (id: number) => ({ ...inRussian(id), language: 'ko' as const });
    renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: {
        ...routes,
        'GET /auth/me': { body: userFixture({ id: (learnerId += 1) }) },
        'GET /training-tickets/3': {
          body: { id: 1, ticket_number: 3, max_points: 2, questions: [inKorean(1), inKorean(2)] },
        },
      },
    });
    await ticketRun();
    expect(screen.getByTestId('practice-language-stays').textContent).toBe(
      "This run's questions stay in Korean; your next run shows them in English.",
    );
  });

  it('presses a button reached with Tab after the pick, and checks nothing', async () => {
    openRun();
    await ticketRun();
    pressKey('1');
    const star = screen.getByRole('button', { name: 'Bookmark this question' });
    star.focus();
    pressKey('Enter');
    expect(star.getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('practice-verdict')).toBeNull();
  });
});

describe('the end of a run', () => {
  const routes = {
    ...ROUTES,
    'GET /training-tickets/3': {
      body: {
        id: 1,
        ticket_number: 3,
        max_points: 2,
        questions: [
          questionFixture({ id: 1, question_text: 'Question text 1' }),
          questionFixture({
            id: 2,
            question_text: 'Question text 2',
            answer_3: 'Sound the horn',
            right_answers: '3',
          }),
        ],
      },
    },
    'POST /exams/submit': { body: examResultFixture() },
  };

  /** Both questions answered with `picks`, then Finish (the result is being sent). */
  async function answerAndFinish(picks: [number, number]) {
    for (const [index, pick] of picks.entries()) {
      await screen.findByText(`Question text ${index + 1}`);
      fireEvent.click(document.querySelector(`button[data-answer="${pick}"]`)!);
      press('Check answer');
      press(index === 0 ? 'Next question' : 'Finish');
    }
  }

  /** Both questions answered with `picks`, then Finish: the summary. */
  async function finishWith(picks: [number, number]) {
    await answerAndFinish(picks);
    return screen.findByTestId('run-summary');
  }

  it("numbers each mistake's answers as the question does, with their words", async () => {
    renderApp('/training?mode=tickets&ticket=3', { token: 'good-token', routes });
    await ticketRun();
    const summary = await finishWith([2, 1]);
    const mistakes = within(summary).getAllByTestId('summary-mistake');
    expect(mistakes.map((item) => item.textContent)).toEqual([
      'Question text 1Your answer: 2. Give wayRight answer: 1. Stop',
      'Question text 2Your answer: 1. StopRight answer: 3. Sound the horn',
    ]);
  });

  for (const { button, questions } of [
    { button: 'Practise these mistakes', questions: 1 },
    { button: 'Practise again', questions: 2 },
  ]) {
    it(`starts "${button}" as a fresh run from the top: no word of the run before`, async () => {
      const scrolls: unknown[] = [];
      const scrollTo = window.scrollTo;
      window.scrollTo = ((options: unknown) => scrolls.push(options)) as typeof window.scrollTo;
      try {
        renderApp('/training?mode=tickets&ticket=3', { token: 'good-token', routes });
        await ticketRun();
        await finishWith([2, 3]);
        scrolls.length = 0;
        press(button);
        await screen.findByText('Question text 1');
        expect(screen.getByTestId('practice-position').textContent).toBe(
          `Question 1 of ${questions}`,
        );
        expect(screen.queryByText(/Run complete/)).toBeNull();
        expect(screen.queryByTestId('last-run')).toBeNull();
        expect(scrolls).toContainEqual(expect.objectContaining({ top: 0 }));
      } finally {
        window.scrollTo = scrollTo;
      }
    });
  }

  it('once finished, is not brought back by an address naming no step: the mode cards show', async () => {
    const { router } = renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes,
    });
    await ticketRun();
    await finishWith([1, 3]);
    expect(screen.getByTestId('practice-position').textContent).toBe('Run finished');

    // Another page, then the menu's Training, in the same tab.
    await router.navigate({ to: '/help' });
    await router.navigate({ to: '/training' });
    await modeCards();
    expect(screen.queryByTestId('run-summary')).toBeNull();
    expect(screen.queryByTestId('came-back-notice')).toBeNull();
    expect(router.state.location.search).toEqual({});
    cleanup();

    // A new load of /training: the modes again, the finished run no longer kept.
    const again = renderApp('/training', { token: 'good-token', routes });
    await modeCards();
    expect(screen.queryByTestId('run-summary')).toBeNull();
    expect(screen.queryByTestId('came-back-notice')).toBeNull();
    expect(again.router.state.location.search).toEqual({});
  });

  it('once its time ran out, is not brought back by an address naming no step either', async () => {
    const { router } = renderApp('/training?mode=express', {
      token: 'good-token',
      routes: {
        ...routes,
        'POST /training-modules/express-test/start': {
          status: 201,
          body: {
            session_id: 31,
            session_type: 'express',
            questions: [question(1), question(2)],
            time_limit_seconds: 1,
          },
        },
        'PUT /training-modules/sessions/31': {
          body: trainingSessionFixture({
            id: 31,
            session_id: 31,
            session_type: 'express',
            question_ids: [1, 2],
            time_limit_seconds: 1,
            questions_answered: 0,
            correct_answers: 0,
            total_points: 0,
            time_spent_seconds: 1,
          }),
        },
      },
    });
    await pressStart();
    await screen.findByText('Question text 1');
    await screen.findByTestId('time-up', {}, { timeout: 4000 });

    await router.navigate({ to: '/help' });
    await router.navigate({ to: '/training' });
    await modeCards();
    expect(screen.queryByTestId('time-up')).toBeNull();
    expect(screen.queryByTestId('came-back-notice')).toBeNull();
    expect(router.state.location.search).toEqual({});
  });

  it('on a reload of its own address, shows its summary still, with nothing to explain', async () => {
    renderApp('/training?mode=tickets&ticket=3', { token: 'good-token', routes });
    await ticketRun();
    await finishWith([1, 3]);
    cleanup();

    const { router } = renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes,
    });
    await screen.findByTestId('run-summary');
    expect(screen.getByTestId('practice-position').textContent).toBe('Run finished');
    expect(screen.queryByTestId('came-back-notice')).toBeNull();
    expect(router.state.location.search).toEqual({ mode: 'tickets', ticket: 3 });
  });

  it('shows the run complete on its progress bar at the summary, as after the last answer', async () => {
    renderApp('/training?mode=tickets&ticket=3', { token: 'good-token', routes });
    await ticketRun();
    const bar = () => screen.getByRole('progressbar', { name: 'Progress' });
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
    await screen.findByText('Question text 1');
    fireEvent.click(document.querySelector('button[data-answer="1"]')!);
    press('Check answer');
    expect(bar().getAttribute('aria-valuenow')).toBe('50');
    press('Next question');
    await screen.findByText('Question text 2');
    fireEvent.click(document.querySelector('button[data-answer="3"]')!);
    press('Check answer');
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    press('Finish');
    await screen.findByTestId('run-summary');
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    expect((bar().firstElementChild as HTMLElement).style.width).toBe('100%');
  });

  /** The ticket's run finished and left while the server has not yet answered its result. */
  async function leaveWhileSaving(answerSubmission: Promise<FakeResponse>) {
    const left = renderApp('/training?mode=tickets&ticket=3', {
      token: 'good-token',
      routes: { ...routes, 'POST /exams/submit': () => answerSubmission },
    });
    await ticketRun();
    await answerAndFinish([1, 3]);
    await waitFor(() =>
      expect(left.requests.filter((request) => request.path === '/exams/submit')).toHaveLength(1),
    );
    const sent = left.requests.find((request) => request.path === '/exams/submit')!;
    cleanup();
    return sent.body as { client_id: string; answers: unknown[] };
  }

  it('left while its result is saved, gives way to a link naming another step without asking, and the result is sent again under its key', async () => {
    const sent = await leaveWhileSaving(new Promise<FakeResponse>(() => {}));
    expect(sent.answers).toHaveLength(2);

    const { router, requests } = renderApp('/training?mode=express', {
      token: 'good-token',
      routes,
    });
    await screen.findByRole('heading', { level: 1, name: 'Express test' });
    expect(router.state.location.search).toEqual({ mode: 'express' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(
        requests.filter((request) => request.path === '/exams/submit').map((r) => r.body),
      ).toEqual([sent]),
    );
  });

  it('left while its result is saved, keeps the result in the browser when the server then fails to take it', async () => {
    let answer: (response: FakeResponse) => void = () => {};
    const sent = await leaveWhileSaving(new Promise<FakeResponse>((resolve) => (answer = resolve)));
    expect(readPendingResults()).toHaveLength(0);

    answer({ status: 503, body: { detail: 'Service unavailable' } });
    await waitFor(() => expect(readPendingResults()).toHaveLength(1));
    expect(readPendingResults()[0]).toMatchObject({ userId: 7, submission: sent });
  });
});

describe('a course with no questions yet', () => {
  const emptyCourse = { ...ROUTES, 'GET /questions': bankSizeRoute(0) };
  const emptyNotice = () => screen.findByTestId('empty-course');
  const startButton = () => screen.queryByRole('button', { name: 'Start' });

  it('the mode cards say so, with the way to the profile to choose another course', async () => {
    renderApp('/training', { token: 'good-token', routes: emptyCourse });
    expect((await emptyNotice()).textContent).toBe(
      'This course has no questions yet: an administrator has not added them. You can choose another course in your profile, or come back later.',
    );
    const link = screen.getByRole('link', { name: 'Choose another course' });
    expect(link.getAttribute('href')).toBe('/profile');
    // No card promises questions the bank does not have.
    const cards = within(await modeCards());
    expect(cards.queryByText(/^10 questions/)).toBeNull();
    expect(cards.getByText('0 questions from every topic in random order.')).toBeTruthy();
  });

  for (const [mode, title] of [
    ['express', 'Express test'],
    ['marathon', 'Marathon'],
    ['daily-challenge', 'Daily challenge'],
    ['weak-spots', 'Weak spots'],
  ] as const) {
    it(`the ${title} intro offers no Start and says the course has no questions yet`, async () => {
      const { requests } = renderApp(`/training?mode=${mode}`, {
        token: 'good-token',
        routes: emptyCourse,
      });
      await screen.findByRole('heading', { level: 1, name: title });
      await emptyNotice();
      expect(startButton()).toBeNull();
      expect(screen.queryByText(/10 questions|50 questions/)).toBeNull();
      // Nor a run's size and keys, where nothing can run: "0 questions · random order".
      expect(screen.queryByText(/ · /)).toBeNull();
      expect(screen.queryByText(/^Keyboard:/)).toBeNull();
      expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
    });
  }

  it("a start the server refuses says the server's reason, not to try again", async () => {
    renderApp('/training?mode=express', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        // The bank's size could not be counted: Start is offered, and the server refuses it.
        'GET /questions': { status: 503, body: { detail: 'down' } },
        'POST /training-modules/express-test/start': {
          status: 409,
          body: { detail: 'No questions available' },
        },
      },
    });
    await pressStart();
    expect((await screen.findByTestId('training-alert')).textContent).toBe(
      'Could not start: No questions available',
    );
  });

  it('a start that gets no answer says to check the connection', async () => {
    renderApp('/training?mode=marathon', {
      token: 'good-token',
      routes: {
        ...ROUTES,
        'GET /questions': bankSizeRoute(40),
        // Out of reach, with nothing kept on the device to draw the run from instead.
        'POST /training-modules/marathon/start': outOfReach,
        'GET /training-topics': outOfReach,
        'GET /training-tickets': outOfReach,
      },
    });
    await pressStart();
    expect((await screen.findByTestId('training-alert')).textContent).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
  });
});

describe('the bookmarked intro', () => {
  it('with nothing starred says so and offers no Start, as weak spots and review do', async () => {
    renderApp('/training?mode=bookmarked', {
      token: 'good-token',
      routes: { ...ROUTES, 'GET /bookmarks/questions': { body: { questions: [] } } },
    });
    expect((await screen.findByTestId('intro-nothing')).textContent).toBe(
      'No bookmarks yet. Star a question while you practise to find it here.',
    );
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
  });

  it('with a starred question offers Start', async () => {
    renderApp('/training?mode=bookmarked', {
      token: 'good-token',
      routes: { ...ROUTES, 'GET /bookmarks/questions': { body: { questions: [question(1)] } } },
    });
    await pressStart();
    await screen.findByText('Question text 1');
    expect(screen.queryByTestId('intro-nothing')).toBeNull();
  });
});
