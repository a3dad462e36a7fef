/**
 * "Am I ready?" in Chromium (issue 40): a new learner's dashboard says there is not enough data
 * yet; after an express test answered through the page it shows the pass probability with its
 * range, what would raise it, per topic readiness and the study plan, which then runs. The card
 * is photographed in four languages at desktop and phone widths (E2E_SHOTS).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedHarness, shoot, type Learner } from './harness';

const harness = sharedHarness();

async function signIn(page: Page, learner: Learner, path: string): Promise<void> {
  await page.addInitScript((token) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', token);
  }, learner.token);
  await page.goto(path);
}

describe('readiness in Chromium', () => {
  it('a new learner sees "not enough data yet", answers questions, then the probability, its reasons and a study plan that runs', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await signIn(page, learner, '/dashboard');
    const card = page.getByTestId('readiness');
    await card.getByTestId('readiness-not-enough').waitFor();
    expect(await card.getByTestId('readiness-not-enough').textContent()).toBe(
      'Not enough data yet',
    );
    expect(await card.textContent()).toContain('Answer 10 more questions');
    expect(await card.getByTestId('readiness-streak').textContent()).toBe(
      'Streak: 0 days with the daily goal met',
    );
    await shoot(page, 'readiness-new-en-1280');

    // Ten questions of an express test, each answered rightly on the page: a learner right every
    // time has a chance with a range (answering at random, one right of ten, the chance and both
    // ends of its range are 0%, which the card says once, with no range).
    await page.goto('/training?mode=express');
    await page.getByRole('heading', { level: 1, name: 'Express test' }).waitFor();
    const started = page.waitForResponse((response) =>
      new URL(response.url()).pathname.endsWith('/training-modules/express-test/start'),
    );
    await page.getByRole('button', { name: 'Start' }).click();
    const { questions } = (await (await started).json()) as {
      questions: { right_answers: string }[];
    };
    for (let n = 1; n <= 10; n += 1) {
      await page.getByText(`Question ${n} of 10`).waitFor();
      for (const answer of questions[n - 1]?.right_answers.split(',') ?? []) {
        await page.locator(`button[data-answer="${answer.trim()}"]`).click();
      }
      await page.getByRole('button', { name: 'Check answer' }).click();
      expect(await page.getByTestId('practice-verdict').getAttribute('data-correct')).toBe('true');
      if (n < 10) await page.getByRole('button', { name: 'Next question' }).click();
    }
    // Finished and saved, so the probability below counts the run.
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByTestId('run-summary').waitFor();

    await page.goto('/dashboard');
    const probability = card.getByTestId('readiness-probability');
    await probability.waitFor();
    expect(await probability.textContent()).toMatch(/^\d+(\.\d)?%$/);
    expect(await card.getByTestId('readiness-range').textContent()).toMatch(
      /^likely between \d+(\.\d)?% and \d+(\.\d)?%/,
    );
    const reasons = card.getByTestId('readiness-reasons').getByRole('listitem');
    expect(await reasons.count()).toBeGreaterThan(0);
    expect(await reasons.first().textContent()).toMatch(
      /^\d+ questions? (on .+|outside the topics) you may get wrong$/,
    );
    expect(
      await card.getByTestId('readiness-topics').getByRole('listitem').count(),
    ).toBeGreaterThan(0);
    expect(await card.textContent()).toContain('10 of 20 answers today');
    await shoot(page, 'readiness-en-1280');

    // The study plan: one click to its intro, Start, and its first question answered.
    const plan = card.getByTestId('readiness-study-plan');
    expect(await plan.textContent()).toBe('Study plan: 20 questions');
    await plan.click();
    await page.getByRole('heading', { level: 1, name: 'Study plan' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Question 1 of 20').waitFor();
    await page.locator('button[data-answer="1"]').click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByTestId('practice-verdict').waitFor();
    await shoot(page, 'readiness-study-plan-en-1280');
    const sessions = await harness().api<{ session_type: string }[]>(
      'GET',
      '/training-modules/sessions?session_type=study-plan',
      { token: learner.token },
    );
    expect(sessions.body).toHaveLength(1);
    // The answer counts toward today's goal.
    const readiness = await harness().api<{ answered_today: number; questions_met: number }>(
      'GET',
      '/readiness',
      { token: learner.token },
    );
    expect(readiness.body.answered_today).toBe(11);
  });

  it('shows the card in four languages on a desktop and a phone', async () => {
    const learner = await harness().registerLearner();
    const { body: set } = await harness().api<{ questions: { id: number }[] }>(
      'GET',
      '/training-modules/recommendations/questions?count=30',
      { token: learner.token },
    );
    for (const [index, question] of set.questions.entries()) {
      await harness().api('POST', '/training-modules/weak-spots/update', {
        token: learner.token,
        body: { question_id: question.id, selected_answers: [1], is_correct: index % 3 !== 0 },
      });
    }
    const titles = {
      en: 'Am I ready?',
      ru: 'Готов ли я?',
      zh: '我准备好了吗？',
      ko: '합격할 준비가 됐을까요?',
    };
    for (const [language, title] of Object.entries(titles)) {
      for (const width of [1280, 390]) {
        const page = await harness().newPage({
          viewport: { width, height: width === 390 ? 844 : 900 },
          language,
        });
        await signIn(page, learner, '/dashboard');
        const card = page.getByTestId('readiness');
        await card.getByTestId('readiness-probability').waitFor();
        expect(await card.getByRole('heading', { level: 2 }).first().textContent()).toBe(title);
        // Nothing on the card runs past the screen's width.
        const box = await card.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
        await shoot(page, `readiness-${language}-${width}`);
        // The card alone, to look at closely.
        if (process.env.E2E_SHOTS)
          await card.screenshot({
            path: `${process.env.E2E_SHOTS}/readiness-card-${language}-${width}.png`,
          });
        await page.close();
      }
    }
  });
});
