import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, userFixture } from '../../test/render-app';
import type { Readiness } from './ReadinessPanel';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const NEW_LEARNER: Readiness = {
  enough_data: false,
  questions_met: 3,
  questions_needed: 10,
  bank_size: 200,
  probability: null,
  low: null,
  high: null,
  method: 'exact',
  error: 0,
  threshold: 0.9,
  ready: false,
  topics: [],
  focus: [],
  reasons: [],
  history: [{ day: '2030-03-02', answers: 3, probability: null }],
  streak_days: 0,
  daily_goal: 20,
  answered_today: 3,
};

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

  it('shows the probability rounded down, its range and error, the badge, reasons, topics and the study plan', async () => {
    renderApp('/dashboard', withReadiness(PRACTISED));
    const card = await screen.findByTestId('readiness');
    await waitFor(() =>
      expect(within(card).getByTestId('readiness-probability').textContent).toBe('92%'),
    );
    expect(within(card).getByTestId('readiness-range').textContent).toBe(
      'likely between 87% and 95% (estimated, ±1.3%)',
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
