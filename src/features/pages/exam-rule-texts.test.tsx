import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { numberSettingFixture, renderApp, type FakeRoutes } from '../../test/render-app';

afterEach(cleanup);

const EXAM_SETTINGS: FakeRoutes = {
  'GET /settings': {
    body: [
      numberSettingFixture('exam_question_count', '20'),
      numberSettingFixture('exam_time_limit_seconds', '1800'),
      numberSettingFixture('exam_pass_percent', '85'),
    ],
  },
};

describe('the exam as the public pages describe it', () => {
  it('the landing page states the question count and time the administrator set', async () => {
    renderApp('/', { routes: EXAM_SETTINGS });
    expect(await screen.findByText(/^20 questions in 30 minutes, graded like/)).toBeTruthy();
  });

  it("the help's answers state the exam's size, time and pass mark as set", async () => {
    renderApp('/help', { routes: EXAM_SETTINGS });
    fireEvent.click(await screen.findByRole('button', { name: 'How does the exam work?' }));
    expect(await screen.findByText(/^You answer 20 questions in 30 minutes\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'What score do I need to pass?' }));
    expect(await screen.findByText('You pass with at least 85% correct answers.')).toBeTruthy();
  });

  it("says the spec's exam while there are no settings to go by", async () => {
    renderApp('/', { routes: { 'GET /settings': { status: 500, body: { detail: 'down' } } } });
    expect(await screen.findByText(/^40 questions in 40 minutes, graded like/)).toBeTruthy();
  });
});
