import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  bankSizeRoute,
  numberSettingFixture,
  renderApp,
  userFixture,
  type FakeRoutes,
} from '../../test/render-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** A bank of `size` questions and the spec's exam of 40. */
const bankOf = (size: number): FakeRoutes => ({
  'GET /auth/me': { body: userFixture() },
  'GET /settings': { body: [numberSettingFixture('exam_question_count', '40')] },
  'GET /questions': bankSizeRoute(size),
});

async function promisedCount(routes: FakeRoutes): Promise<string> {
  renderApp('/exam', { token: 'good-token', routes });
  const rules = await screen.findByTestId('exam-rules');
  return within(rules).getAllByRole('listitem')[0]!.textContent ?? '';
}

describe('the exam intro', () => {
  it('promises as many questions as the bank holds when it holds fewer than the setting', async () => {
    expect(await promisedCount(bankOf(12))).toBe('12questions');
  });

  it('promises the setting when the bank holds more', async () => {
    expect(await promisedCount(bankOf(200))).toBe('40questions');
  });

  it('promises the setting when the bank cannot be counted', async () => {
    expect(
      await promisedCount({
        ...bankOf(12),
        'GET /questions': { status: 503, body: { detail: 'down' } },
      }),
    ).toBe('40questions');
  });
});
