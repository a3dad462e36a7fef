import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { sharedHarness, shoot } from './harness';

type Topic = components['schemas']['Topic'];
type WeakSpotAnalysis = components['schemas']['WeakSpotAnalysis'];

const harness = sharedHarness();
describe('training offline in Chromium', () => {
  it.each([
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ])(
    'answers given offline count toward progress once back online ($width px)',
    async (viewport) => {
      const learner = await harness().registerLearner();
      const topics = await harness().api<Topic[]>('GET', '/training-topics', {
        token: learner.token,
      });
      // The smallest topic that has questions: its run is short.
      const topic = topics.body
        .filter((candidate) => candidate.question_count > 0)
        .sort((a, b) => a.question_count - b.question_count)[0]!;
      const total = topic.question_count;

      const page = await harness().newPage({ viewport });
      await page.addInitScript((token) => {
        if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
      }, learner.token);
      await page.goto('/training');
      await page.getByTestId('mode-topics').getByRole('button', { name: 'Choose' }).click();
      const card = page.getByTestId('topic-card').filter({ hasText: topic.name });
      await card.getByRole('button', { name: 'Start' }).click();
      await page.getByText(`Question 1 of ${total}`).waitFor();

      await page.context().setOffline(true);
      for (let number = 1; number <= total; number += 1) {
        await page.getByText(`Question ${number} of ${total}`).waitFor();
        if (number === 2) {
          // Mid-run, the learner is told the answers wait in the browser, and may send them.
          await page
            .getByTestId('practice-pending')
            .getByText(/kept in this browser/)
            .waitFor();
          await page.getByRole('button', { name: 'Send now' }).waitFor();
          await shoot(page, `offline-answers-mid-run-${viewport.width}`);
        }
        await page.locator('button[data-answer="1"]').click();
        await page.getByRole('button', { name: 'Check answer' }).click();
        await page.getByTestId('practice-verdict').waitFor();
        await page
          .getByRole('button', { name: number < total ? 'Next question' : 'Finish' })
          .click();
      }
      const pending = page.getByTestId('last-run-pending');
      await expect.poll(() => pending.textContent()).toMatch(/kept in this browser/);
      const kept = await page.evaluate(() => localStorage.getItem('pendingAnswers'));
      expect(JSON.parse(kept ?? '[]')).toHaveLength(total);
      await shoot(page, `offline-answers-kept-${viewport.width}`);

      await page.context().setOffline(false);
      await expect
        .poll(() => pending.textContent(), { timeout: 15_000 })
        .toMatch(/has now been saved/);
      expect(await page.evaluate(() => localStorage.getItem('pendingAnswers'))).toBeNull();

      const analysis = await harness().api<WeakSpotAnalysis>(
        'GET',
        '/training-modules/weak-spots/analysis',
        { token: learner.token },
      );
      expect(analysis.body.total_answered).toBe(total);
      expect(analysis.body.topics.find((entry) => entry.topic_id === topic.id)).toMatchObject({
        answered: total,
      });

      await page.getByRole('button', { name: 'Back to topics' }).click();
      // Every answer given offline is on the card once it has reached the server.
      await expect
        .poll(() => card.textContent())
        .toContain(`${total} of ${total} questions answered`);
      expect(await card.textContent()).not.toContain('Not practised yet');
      await card.scrollIntoViewIfNeeded();
      await shoot(page, `offline-answers-topic-card-${viewport.width}`);
    },
  );

  it('completes an express test whose time ran out offline once back online', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    // The page's clock starts at the server's: the answer kept offline is dated within the
    // session, so the server counts it when it arrives.
    await page.clock.install({ time: new Date() });
    await page.addInitScript((token) => {
      if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
    }, learner.token);
    await page.goto('/training');
    await page.getByTestId('mode-express').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Question 1 of 10').waitFor();

    await page.context().setOffline(true);
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByTestId('practice-verdict').waitFor();
    await page.clock.fastForward('05:01');
    const pending = page.getByTestId('time-up-pending');
    await expect.poll(() => pending.textContent()).toMatch(/kept in this browser/);
    // The run's answer is kept as soon as it is given; the session's completion once its own
    // call has failed, which may come a moment after the notice.
    const kept = async () =>
      JSON.parse(
        (await page.evaluate(() => localStorage.getItem('pendingSessionUpdates'))) ?? '[]',
      ) as unknown;
    await expect
      .poll(kept)
      .toMatchObject([
        { body: { is_completed: true, time_spent_seconds: 300, questions_answered: 1 } },
      ]);
    await shoot(page, 'offline-express-time-up-390');

    await page.context().setOffline(false);
    await expect
      .poll(() => pending.textContent(), { timeout: 15_000 })
      .toMatch(/has now been saved/);
    expect(await page.evaluate(() => localStorage.getItem('pendingSessionUpdates'))).toBeNull();
    const sessions = await harness().api<components['schemas']['TrainingSession'][]>(
      'GET',
      '/training-modules/sessions?session_type=express',
      { token: learner.token },
    );
    expect(sessions.body).toHaveLength(1);
    expect(sessions.body[0]).toMatchObject({ is_completed: true, questions_answered: 1 });
    // The page's clock ran the 300 s out in an instant: the server takes no more time than has
    // passed on its own clock since the session began, plus its 30 s grace.
    const spent = sessions.body[0]?.time_spent_seconds ?? 0;
    expect(spent).toBeGreaterThanOrEqual(30);
    expect(spent).toBeLessThan(300);
  });
});
