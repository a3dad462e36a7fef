import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from '../../test/render-app';
import { readinessFixture } from '../../test/fixtures';
import type { Readiness } from './ReadinessPanel';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const NEW_LEARNER: Readiness = readinessFixture({
  questions_met: 3,
  bank_size: 200,
  history: [{ day: '2030-03-02', answers: 3, probability: null }],
  answered_today: 3,
});

const focus = (id: number, topic: string | null) => ({
  question_id: id,
  question_text: `Question ${id}?`,
  topic_name: topic,
  chance: 0.4,
  gain: 0.004,
});

const PRACTISED: Readiness = {
  ...NEW_LEARNER,
  enough_data: true,
  questions_met: 120,
  probability: 0.9234,
  low: 0.871,
  high: 0.958,
  method: 'monte_carlo',
  error: 0.0123,
  ready: true,
  topics: [
    { topic_id: 1, topic_name: 'Signs', chance: 0.95, questions: 20, likely_missed: 0, unmet: 0 },
    {
      topic_id: 2,
      topic_name: 'Right of way',
      chance: 0.61,
      questions: 20,
      likely_missed: 4,
      unmet: 2,
    },
  ],
  focus: [focus(7, 'Right of way'), focus(8, 'Right of way'), focus(9, null)],
  reasons: [
    { topic_id: 2, topic_name: 'Right of way', questions: 2, gain: 0.008 },
    { topic_id: null, topic_name: null, questions: 1, gain: 0.004 },
  ],
  history: [
    { day: '2030-03-01', answers: 25, probability: 0.91 },
    { day: '2030-03-02', answers: 20, probability: 0.92 },
    { day: '2030-03-03', answers: 12, probability: 0.9234 },
  ],
  streak_days: 2,
  answered_today: 12,
};

const withReadiness = (readiness: Readiness) => ({
  token: 'good-token',
  routes: { 'GET /auth/me': { body: userFixture() }, 'GET /readiness': { body: readiness } },
});

describe('the "Am I ready?" card', () => {
  it('on a course with no questions yet, promises nothing and shows the way to another course', async () => {
    renderApp(
      '/dashboard',
      withReadiness({ ...NEW_LEARNER, questions_met: 0, questions_needed: 0, bank_size: 0 }),
    );
    const card = await screen.findByTestId('readiness');
    expect(within(card).getByTestId('empty-course').textContent).toContain(
      'This course has no questions yet',
    );
    expect(within(card).getByRole('link', { name: 'Choose another course' })).toBeTruthy();
    expect(within(card).queryByTestId('readiness-not-enough')).toBeNull();
    expect(card.textContent).not.toContain('more questions');
  });

  it('tells a new learner there is not enough data yet, and how many questions to go', async () => {
    renderApp('/dashboard', withReadiness(NEW_LEARNER));
    const card = await screen.findByTestId('readiness');
    expect(within(card).getByTestId('readiness-not-enough').textContent).toBe(
      'Not enough data yet',
    );
    expect(card.textContent).toContain(
      'Answer 7 more questions and you will see how likely you are to pass.',
    );
    expect(card.textContent).toContain('3 of 20 answers today');
    expect(within(card).queryByTestId('readiness-probability')).toBeNull();
    expect(within(card).queryByTestId('readiness-study-plan')).toBeNull();
  });

  it('says no error of a figure every simulated exam agreed on (none passed)', async () => {
    renderApp(
      '/dashboard',
      withReadiness({
        ...PRACTISED,
        probability: 0,
        low: 0,
        high: 0.04,
        error: 0,
        ready: false,
      }),
    );
    const card = await screen.findByTestId('readiness');
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-probability').textContent).toBe('0%'),
    );
    expect(within(card).queryByTestId('readiness-estimate')).toBeNull();
    expect(card.textContent).not.toContain('off by up to');
  });

  it('shows the probability rounded down, its range and error, the badge, reasons, topics and the study plan', async () => {
    renderApp('/dashboard', withReadiness(PRACTISED));
    const card = await screen.findByTestId('readiness');
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-probability').textContent).toBe('92%'),
    );
    expect(within(card).getByTestId('readiness-range').textContent).toBe(
      'likely between 87% and 95%',
    );
    // The simulation's error on a line of its own, said of the figure, not of the range.
    expect(within(card).getByTestId('readiness-estimate').textContent).toBe(
      'This figure comes from simulated exams and may be off by up to 1.3% either way.',
    );
    expect(within(card).getByTestId('readiness-ready').textContent).toBe('Ready');
    expect(
      within(within(card).getByTestId('readiness-reasons'))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2 questions on Right of way you may get wrong',
      '1 question outside the topics you may get wrong',
    ]);
    // The least ready topic first.
    const topics = within(within(card).getByTestId('readiness-topics')).getAllByRole('listitem');
    expect(topics.map((item) => item.textContent)).toEqual([
      'Right of way4 likely missed61%',
      'Signs95%',
    ]);
    const plan = within(card).getByTestId('readiness-study-plan');
    expect(plan.textContent).toBe('Study plan: 3 questions');
    expect(plan.getAttribute('href')).toBe('/training?mode=study-plan');
    expect(within(card).getByTestId('readiness-streak').textContent).toBe(
      'Streak: 2 days with the daily goal met',
    );
    expect(within(card).getByRole('img', { name: /Pass probability on 3 days/ })).toBeTruthy();
  });
});

/** Every language's strings, added to the test's English-only i18next to read the card in one. */
const LOCALE_FILES = import.meta.glob<Record<string, unknown>>('../../../public/locales/*/*.json', {
  eager: true,
  import: 'default',
});

/** The dashboard at `readiness`, in `language`. */
function renderIn(language: 'en' | 'ru' | 'zh' | 'ko', readiness: Readiness) {
  const result = renderApp('/dashboard', withReadiness(readiness));
  if (language !== 'en') {
    const i18n = result.router.options.context.i18n;
    for (const [file, strings] of Object.entries(LOCALE_FILES)) {
      const [namespace = '', lang = ''] = file.split('/').reverse();
      if (lang === language) i18n.addResourceBundle(lang, namespace.replace('.json', ''), strings);
    }
    void i18n.changeLanguage(language);
  }
  return result;
}

/** The card once its probability (or its "not enough data") is drawn. */
async function readinessCard() {
  const card = await screen.findByTestId('readiness');
  await waitFor(() => expect(within(card).queryByTestId('readiness-habits')).not.toBeNull());
  return card;
}

/** A few thousandths of a point from the whole study plan: nothing worth promising. */
const NEGLIGIBLE_GAIN: Readiness = {
  ...PRACTISED,
  focus: Array.from({ length: 20 }, (_, index) => ({ ...focus(index + 1, 'Signs'), gain: 5e-10 })),
};

describe("the study plan's gain", () => {
  it('says "about +x%" when learning the plan would raise the chance by a tenth of a point or more', async () => {
    renderIn('en', PRACTISED);
    const card = await readinessCard();
    // Three questions at 0.004 each: 1.2 points.
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-study-gain').textContent).toBe(
        'about +1.2% once learnt',
      ),
    );
  });

  it("promises no more than what is left to 100 %: the questions' gains, each taken alone, are not summed past it", async () => {
    // 41.2 %, and twenty questions of 4.4 points each: 88 points, where 58.8 are left.
    renderIn('en', {
      ...PRACTISED,
      probability: 0.412,
      ready: false,
      focus: Array.from({ length: 20 }, (_, index) => ({
        ...focus(index + 1, 'Signs'),
        gain: 0.044,
      })),
    });
    const card = await readinessCard();
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-study-gain').textContent).toBe(
        'about +58.8% once learnt',
      ),
    );
  });

  it.each([
    ['en', 'less than +0.1% once learnt'],
    ['ru', 'меньше +0,1\u00a0%, когда выучите'],
    ['zh', '学会后提高不到 0.1%'],
    ['ko', '익혀도 0.1% 미만 상승'],
  ] as const)(
    'in %s, does not promise +0.1%% when the gain is far below it',
    async (language, words) => {
      renderIn(language, NEGLIGIBLE_GAIN);
      const card = await readinessCard();
      await waitFor(() =>
        expect(within(card).getByTestId('readiness-study-gain').textContent).toBe(words),
      );
    },
  );
});

describe("today's answers against the daily goal", () => {
  const today = (answered: number, goal = 20): Readiness => ({
    ...PRACTISED,
    answered_today: answered,
    daily_goal: goal,
  });

  it.each([
    ['en', 19, '19 of 20 answers today', 20],
    ['en', 20, '20 answers today — daily goal of 20 met', 20],
    ['en', 40, '40 answers today — daily goal of 20 met', 20],
    ['en', 1, '1 answer today — daily goal of 1 met', 1],
    ['en', 1234, '1,234 answers today — daily goal of 500 met', 500],
    ['ru', 3, 'Ответов сегодня: 3 из 20', 20],
    ['ru', 3, 'Ответов сегодня: 3 из 21', 21],
    ['ru', 40, 'Сегодня 40 ответов — дневная цель (20) выполнена', 20],
    ['ru', 21, 'Сегодня 21 ответ — дневная цель (20) выполнена', 20],
    ['ru', 22, 'Сегодня 22 ответа — дневная цель (20) выполнена', 20],
    ['ru', 1234, 'Сегодня 1\u00a0234 ответа — дневная цель (500) выполнена', 500],
    ['zh', 3, '今天已答 3 / 20 题', 20],
    ['zh', 40, '今天已答 40 题，已完成每日目标（20 题）', 20],
    ['ko', 3, '오늘 20개 중 3개 답변', 20],
    ['ko', 80, '오늘 80개 답변, 하루 목표 20개 달성', 20],
  ] as const)('in %s, %i answers read "%s"', async (language, answered, words, goal) => {
    renderIn(language, today(answered, goal));
    const card = await readinessCard();
    const habits = within(card).getByTestId('readiness-habits');
    await waitFor(() =>
      expect(within(habits).getByTestId('readiness-today').textContent).toBe(words),
    );
    // The ring says the same to a screen reader.
    expect(within(habits).getByRole('img').getAttribute('aria-label')).toBe(words);
  });
});

describe("the probability's range", () => {
  const almostNone: Readiness = {
    ...PRACTISED,
    probability: 0.002,
    low: 0.0004,
    high: 0.009,
    method: 'exact',
    error: 0,
    ready: false,
  };

  it('is left out when both ends round to the figure itself', async () => {
    renderIn('en', almostNone);
    const card = await readinessCard();
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-probability').textContent).toBe('0%'),
    );
    expect(within(card).queryByTestId('readiness-range')).toBeNull();
    expect(card.textContent).not.toContain('between');
  });

  it("keeps an estimate's error when the range is left out", async () => {
    renderIn('en', { ...almostNone, method: 'monte_carlo', error: 0.0012 });
    const card = await readinessCard();
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-estimate').textContent).toBe(
        'This figure comes from simulated exams and may be off by up to 0.2% either way.',
      ),
    );
    expect(within(card).queryByTestId('readiness-range')).toBeNull();
  });

  it.each([
    ['en', 'likely between 0% and 3%'],
    ['ru', 'вероятнее всего от 0\u00a0% до 3\u00a0%'],
  ] as const)('in %s, is shown when its ends differ', async (language, words) => {
    renderIn(language, { ...almostNone, high: 0.031 });
    const card = await readinessCard();
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-range').textContent).toBe(words),
    );
  });
});

describe('the chart over time', () => {
  const days = (...entries: [string, number][]): Readiness => ({
    ...PRACTISED,
    history: entries.map(([day, probability]) => ({ day, answers: 20, probability })),
  });
  const GAP = days(['2030-03-01', 0.5], ['2030-03-02', 0.6], ['2030-03-04', 0.8]);

  it.each([
    ['en', 'Mar 1', 'Mar 4'],
    ['ru', '1 мар.', '4 мар.'],
    ['zh', '3月1日', '3月4日'],
    ['ko', '3월 1일', '3월 4일'],
  ] as const)(
    'in %s, writes its first and last day as the language does',
    async (language, first, last) => {
      renderIn(language, GAP);
      const card = await readinessCard();
      const chart = await within(card).findByTestId('readiness-chart');
      await waitFor(() =>
        expect(
          [...chart.querySelectorAll('[data-testid="readiness-chart-day"]')].map(
            (label) => label.textContent,
          ),
        ).toEqual([first, last]),
      );
      expect(chart.textContent).not.toMatch(/2030-03/);
    },
  );

  it('names the days in full to a screen reader', async () => {
    renderIn('en', GAP);
    const card = await readinessCard();
    expect(
      within(card).getByRole('img', {
        name: 'Pass probability on 3 days from March 1, 2030 to March 4, 2030; latest 80%',
      }),
    ).toBeTruthy();
  });

  it('places each day by its date, so a day without answers leaves a gap', async () => {
    renderIn('en', GAP);
    const card = await readinessCard();
    const chart = await within(card).findByTestId('readiness-chart');
    const xs = [...chart.querySelectorAll('circle')].map((dot) => Number(dot.getAttribute('cx')));
    expect(xs).toHaveLength(3);
    const [first = 0, second = 0, third = 0] = xs;
    // March 1 to 2 is one day of the three from March 1 to 4.
    expect((second - first) / (third - first)).toBeCloseTo(1 / 3, 6);
  });

  it('leaves room between the percent labels and the first day', async () => {
    renderIn('ru', GAP);
    const card = await readinessCard();
    const chart = await within(card).findByTestId('readiness-chart');
    const firstDot = chart.querySelector('circle');
    const dotLeft = Number(firstDot?.getAttribute('cx')) - Number(firstDot?.getAttribute('r'));
    const labels = () => [...chart.querySelectorAll('[data-testid="readiness-chart-percent"]')];
    await waitFor(() =>
      expect(labels().map((label) => label.textContent)).toEqual([
        '0\u00a0%',
        '50\u00a0%',
        '100\u00a0%',
      ]),
    );
    for (const label of labels()) {
      // Each label ends at its x (right-aligned), at least 6 px short of the first dot.
      expect(label.getAttribute('text-anchor')).toBe('end');
      expect(dotLeft - Number(label.getAttribute('x'))).toBeGreaterThanOrEqual(6);
    }
  });
});
