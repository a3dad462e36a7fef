import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectOnScreen, pressOnAnswer, sharedHarness, shoot, type Learner } from './harness';

type TicketQuestions = components['schemas']['TicketQuestions'];
type Question = components['schemas']['Question'];
type ExamResultSummary = components['schemas']['ExamResultSummary'];

const harness = sharedHarness();
const rightOf = (question: Question) =>
  question.right_answers.split(',').map((part) => Number(part.trim()));

async function openTraining(page: Page, learner: Learner): Promise<void> {
  await harness().loginWithToken(page, learner.token, '/training');
  await page.getByTestId('mode-tickets').waitFor();
}

/**
 * A run just started: the page is back at its top, so the element `testId` (the position, the
 * timer) shows below the sticky header instead of where the start screen was scrolled to.
 */
async function expectShownFromTheTop(page: Page, testId: string): Promise<void> {
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const header = await page.getByRole('banner').boundingBox();
  const shown = await page.getByTestId(testId).boundingBox();
  expect(shown!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
}

async function chooseMode(page: Page, mode: string): Promise<void> {
  await page.getByTestId(`mode-${mode}`).getByRole('button', { name: 'Choose' }).click();
}

describe('training in Chromium', () => {
  it('runs a ticket to the end with the keyboard, saves it and starts again at question 1', async () => {
    const learner = await harness().registerLearner();
    const { body: ticket } = await harness().api<TicketQuestions>('GET', '/training-tickets/2', {
      token: learner.token,
    });
    expect(ticket.questions.length).toBeGreaterThan(0);
    const total = ticket.questions.length;

    const page = await harness().newPage();
    await openTraining(page, learner);
    expect(await page.locator('[data-testid^="mode-"]').count()).toBe(9);
    await shoot(page, 'training-selection-1280');
    await chooseMode(page, 'tickets');
    await page.getByTestId('ticket-card').first().waitFor();
    expect(await page.getByTestId('ticket-stats').textContent()).toContain('25');
    // Tickets share questions: the figure is the different questions they hold, no more than
    // the bank has (25 tickets of 40 add up to 1,000 places).
    const bank = await harness().api<{ totalQuestions: number }>(
      'GET',
      '/questions?mode=all-questions&limit=10',
      { token: learner.token },
    );
    const covered = /(\d+)Different questions/.exec(
      (await page.getByTestId('ticket-stats').textContent()) ?? '',
    );
    expect(Number(covered?.[1])).toBeGreaterThan(0);
    expect(Number(covered?.[1])).toBeLessThanOrEqual(bank.body.totalQuestions);
    // A newcomer has practised nothing: every card says so, none is mastered.
    const secondCard = page.getByTestId('ticket-card').nth(1);
    await secondCard.getByTestId('set-progress').waitFor();
    expect(await secondCard.getByTestId('set-progress').textContent()).toBe('Not practised yet');
    expect(await page.getByTestId('ticket-stats').textContent()).toContain('0Tickets mastered');
    await shoot(page, 'training-tickets-1280');
    await secondCard.getByRole('button', { name: 'Start' }).click();

    await page.getByText(`Question 1 of ${total}`).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Ticket 2', exact: true }).waitFor();
    expect(await page.getByTestId('practice-score').textContent()).toBe(
      `Score: 0 of ${ticket.max_points} points`,
    );
    // The first answer is picked with the mouse and checked with Enter (a clicked answer keeps no
    // focus, so Enter checks instead of dropping it): options lock, marks and the explanation show.
    const first = ticket.questions[0]!;
    const check = page.getByRole('button', { name: 'Check answer' });
    expect(await check.isDisabled()).toBe(true);
    for (const number of rightOf(first))
      await page.locator(`button[data-answer="${number}"]`).click();
    await page.keyboard.press('Enter');
    await page.getByTestId('practice-verdict').waitFor();
    expect(await page.getByTestId('practice-verdict').getAttribute('data-correct')).toBe('true');
    expect(await page.locator('[data-tone="right"]').count()).toBe(rightOf(first).length);
    if (first.explanation) await page.getByText(first.explanation).waitFor();
    // Locked: another pick changes nothing.
    const other = [1, 2, 3, 4, 5].find((n) => {
      const text = first[`answer_${n}` as keyof Question];
      return !rightOf(first).includes(n) && typeof text === 'string' && text.trim() !== '';
    })!;
    await page.locator(`button[data-answer="${other}"]`).click({ force: true });
    await page.keyboard.press(String(other));
    expect(await page.locator(`button[data-answer="${other}"]`).getAttribute('aria-pressed')).toBe(
      'false',
    );
    await shoot(page, 'training-practice-checked-1280');
    await page.getByRole('button', { name: 'Next question' }).click();

    // The rest with the keyboard: the second wrong on purpose, the others right.
    let expectedPoints = first.points;
    for (const [index, question] of ticket.questions.entries()) {
      if (index === 0) continue;
      await page.getByText(`Question ${index + 1} of ${total}`).waitFor();
      const wrong = rightOf(question).includes(1) ? rightOf(question).filter((n) => n !== 1) : [1];
      const picks = index === 1 ? (wrong.length > 0 ? wrong : [2]) : rightOf(question);
      if (index !== 1) expectedPoints += question.points;
      if (index === 1) {
        // Space on an answer with the focus picks it or takes it back, as on a checkbox.
        const [focused, ...rest] = picks;
        expect(await pressOnAnswer(page, focused!, [' ', ' ', ' '])).toEqual([
          'true',
          'false',
          'true',
        ]);
        expect(await page.getByTestId('practice-verdict').count()).toBe(0);
        // Digits still pick answers while an answer has the focus; Enter there checks them (a
        // Space before it must not be taken back by an Enter meant to go on).
        for (const number of rest) await page.keyboard.press(String(number));
      } else {
        for (const number of picks) await page.keyboard.press(String(number));
      }
      await page.keyboard.press('Enter');
      await page.getByTestId('practice-verdict').waitFor();
      await page.keyboard.press('Enter');
    }

    // Saved, the run's summary; practising again starts at question 1 with the score reset.
    await page.getByTestId('last-run').waitFor();
    expect(await page.getByTestId('last-run').textContent()).toContain(
      `Correct answers: ${total - 1} of ${total}; points: ${expectedPoints} of ${ticket.max_points}.`,
    );
    expect(await page.getByTestId('summary-mistake').count()).toBe(1);
    await page.getByRole('button', { name: 'Practise again' }).click();
    await page.getByText(`Question 1 of ${total}`).waitFor();
    expect(await page.getByTestId('practice-score').textContent()).toBe(
      `Score: 0 of ${ticket.max_points} points`,
    );
    const { body: history } = await harness().api<ExamResultSummary[]>(
      'GET',
      '/exams/history?exam_type=training',
      { token: learner.token },
    );
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      exam_type: 'training',
      correct_answers: total - 1,
      total_points: expectedPoints,
    });

    // Back returns to the ticket list, which shows the run: all right but the second question.
    await page.getByRole('button', { name: 'Back to tickets' }).click();
    const progress = secondCard.getByTestId('set-progress');
    await progress.and(page.locator('[data-standing="inProgress"]')).waitFor();
    expect(await progress.textContent()).toBe(
      `${total} of ${total} questions answeredRight: ${total - 1}To revisit: 1`,
    );
    await shoot(page, 'training-tickets-progress-1280');
    await page.getByRole('button', { name: 'Back to modes' }).click();
    await page.getByTestId('mode-express').waitFor();
  });

  it('keeps a run across a reload, and asks before back ends it part-way', async () => {
    const learner = await harness().registerLearner();
    const { body: ticket } = await harness().api<TicketQuestions>('GET', '/training-tickets/1', {
      token: learner.token,
    });
    const [first, second] = ticket.questions;
    const total = ticket.questions.length;
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await openTraining(page, learner);
    await chooseMode(page, 'tickets');
    await page.getByTestId('ticket-card').first().getByRole('button', { name: 'Start' }).click();

    const answerRight = async (question: Question) => {
      for (const number of rightOf(question))
        await page.locator(`button[data-answer="${number}"]`).click();
      await page.getByRole('button', { name: 'Check answer' }).click();
      await page.getByTestId('practice-verdict').waitFor();
    };
    await answerRight(first!);
    await page.getByRole('button', { name: 'Next question' }).click();
    await answerRight(second!);
    const score = `Score: ${first!.points + second!.points} of ${ticket.max_points} points`;
    expect(await page.getByTestId('practice-score').textContent()).toBe(score);

    // A reload returns to the same checked question with the same score.
    await page.reload();
    await page.getByTestId('practice-verdict').waitFor();
    expect(await page.getByTestId('practice-position').textContent()).toBe(
      `Question 2 of ${total}`,
    );
    expect(await page.getByTestId('practice-score').textContent()).toBe(score);
    await page.getByRole('heading', { level: 1, name: 'Ticket 1', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText(`Question 3 of ${total}`).waitFor();

    // Back asks first; staying keeps the run.
    await page.getByRole('button', { name: 'Back to tickets' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave this run?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Answered: 2 of ${total} questions.`);
    await shoot(page, 'training-leave-confirm-390');
    await dialog.getByRole('button', { name: 'Keep practising' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('practice-position').textContent()).toBe(
      `Question 3 of ${total}`,
    );
    // Leaving ends it: the list shows, and a reload keeps the list but no longer the run.
    await page.getByRole('button', { name: 'Back to tickets' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByTestId('ticket-card').first().waitFor();
    await page.reload();
    await page.getByTestId('ticket-card').first().waitFor();
    expect(await page.getByTestId('practice-position').count()).toBe(0);
  });

  it("moves through the trainer's steps with the browser's Back and Forward, and opens a step from its address", async () => {
    const learner = await harness().registerLearner();
    const { body: ticket } = await harness().api<TicketQuestions>('GET', '/training-tickets/2', {
      token: learner.token,
    });
    const total = ticket.questions.length;
    const page = await harness().newPage();
    // A page before the trainer: Back inside it must not return there.
    await harness().loginWithToken(page, learner.token, '/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/training');
    await page.getByTestId('mode-tickets').waitFor();
    const address = () => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    };

    await chooseMode(page, 'tickets');
    await page.getByTestId('ticket-card').nth(1).getByRole('button', { name: 'Start' }).click();
    await page.getByText(`Question 1 of ${total}`).waitFor();
    expect(address()).toBe('/training?mode=tickets&ticket=2');
    await page.locator('button[data-answer="1"]').click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByTestId('practice-verdict').waitFor();

    // Back asks first, as the page's own back does; staying keeps the run and its address.
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Leave this run?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Answered: 1 of ${total} questions.`);
    await dialog.getByRole('button', { name: 'Keep practising' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.waitForURL('**/training?mode=tickets&ticket=2');
    expect(await page.getByTestId('practice-verdict').count()).toBe(1);
    await shoot(page, 'training-run-after-back-1280');

    // Leaving returns to the list it came from, on /training.
    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByTestId('ticket-card').first().waitFor();
    expect(address()).toBe('/training?mode=tickets');
    expect(await page.getByTestId('practice-position').count()).toBe(0);
    await shoot(page, 'training-back-to-list-1280');
    // From the list, Back goes to the mode cards, not to the page before.
    await page.goBack();
    await page.getByTestId('mode-tickets').waitFor();
    expect(address()).toBe('/training');
    await shoot(page, 'training-back-to-modes-1280');

    // Forward goes to the list, then into the ticket again, from its first question.
    await page.goForward();
    await page.getByTestId('ticket-card').first().waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Ticket 2', exact: true }).waitFor();
    expect(await page.getByTestId('practice-position').textContent()).toBe(
      `Question 1 of ${total}`,
    );
    // Nothing answered: Back leaves without a question.
    await page.goBack();
    await page.getByTestId('ticket-card').first().waitFor();
    expect(await dialog.count()).toBe(0);

    // An address opens its step; a reload keeps the run, and the page's back replaces the
    // entry, so that Back then leaves the trainer instead of returning to the run.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.goto('/training?mode=express');
    await page.getByRole('heading', { level: 1, name: 'Express test' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Question 1 of 10').waitFor();
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByTestId('practice-verdict').waitFor();
    await page.reload();
    await page.getByTestId('practice-verdict').waitFor();
    expect(address()).toBe('/training?mode=express');
    expect(await page.getByTestId('practice-position').textContent()).toBe('Question 1 of 10');
    await page.getByRole('button', { name: 'Back to modes' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByTestId('mode-express').waitFor();
    expect(address()).toBe('/training');
    await page.goBack();
    await page.waitForURL('**/dashboard');

    // An address naming a ticket that is not there shows the list and says so.
    await page.goto('/training?mode=tickets&ticket=999');
    await page
      .getByTestId('training-alert')
      .getByText('There is no such ticket. Choose one from the list.')
      .waitFor();
    await page.waitForURL('**/training?mode=tickets');
  });

  it('asks on Back from a run whose entries the address bar opened, instead of the kept run coming back', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/training?mode=tickets');
    await page.getByTestId('ticket-card').first().waitFor();
    await page.goto('/training?mode=tickets&ticket=8');
    await page.getByRole('heading', { level: 1, name: 'Ticket 8', exact: true }).waitFor();
    await page.locator('button[data-answer="1"]').click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText(/^Question 2 of \d+$/).waitFor();

    // Back loads the list's own page: the kept run asks there, and the address stays the list's.
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Leave this run?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Answered: 1 of');
    expect(new URL(page.url()).search).toBe('?mode=tickets');
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByTestId('ticket-card').first().waitFor();
    expect(new URL(page.url()).search).toBe('?mode=tickets');
    expect(await page.getByTestId('practice-position').count()).toBe(0);
  });

  it('on a phone, Back from a topic run asks, then shows the list it came from', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await openTraining(page, learner);
    await shoot(page, 'training-modes-390');
    await chooseMode(page, 'topics');
    await page.getByTestId('topic-card').first().getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    expect(new URL(page.url()).search).toMatch(/^\?mode=topics&topic=\d+$/);
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByTestId('practice-verdict').waitFor();
    const dialog = page.getByRole('dialog', { name: 'Leave this run?' });
    await page.goBack();
    await dialog.getByRole('button', { name: 'Keep practising' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The run as it was, its Next button still at the screen's bottom edge.
    await expectOnScreen(page, page.getByRole('button', { name: 'Next question' }));
    await shoot(page, 'training-run-after-back-390');
    await page.goBack();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.getByTestId('topic-card').first().waitFor();
    expect(new URL(page.url()).search).toBe('?mode=topics');
    await shoot(page, 'training-back-to-topics-390');
    await page.goBack();
    await page.getByTestId('mode-topics').waitFor();
  });

  it('keeps no bar in place on a low, wide screen (a page zoomed to 200 %), and both on a phone', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 683, height: 450 } });
    await openTraining(page, learner);
    await chooseMode(page, 'topics');
    await page.getByTestId('topic-card').first().getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    const check = page.getByRole('button', { name: 'Check answer' });
    const headerShownAfterScrolling = async () => {
      await page.evaluate(() => window.scrollTo(0, 150));
      const header = (await page.getByRole('banner').boundingBox())!;
      return header.y + header.height > 0;
    };
    const before = (await check.boundingBox())!.y;
    expect(await headerShownAfterScrolling()).toBe(false);
    // Scrolled by 150 px, Check rose by as much with the question: nothing holds it at the bottom.
    expect(Math.round((await check.boundingBox())!.y)).toBe(Math.round(before - 150));
    await shoot(page, 'training-run-683x450');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await headerShownAfterScrolling()).toBe(true);
    await expectOnScreen(page, check);
  });

  it('ends an express test when the five minutes run out: yellow, then red and pulsing, then done; Tab and Enter try again', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await page.clock.install({ time: new Date('2025-06-01T09:00:00Z') });
    const sessionUpdates: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/training-modules/sessions/'))
        sessionUpdates.push(request.postDataJSON());
    });
    const startedSessions: number[] = [];
    page.on('response', async (response) => {
      if (
        new URL(response.url()).pathname.endsWith('/training-modules/express-test/start') &&
        response.ok()
      )
        startedSessions.push(((await response.json()) as { session_id: number }).session_id);
    });
    await openTraining(page, learner);
    await shoot(page, 'training-selection-390');
    await chooseMode(page, 'express');
    await page.getByRole('heading', { name: 'Express test' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Question 1 of 10').waitFor();
    await expectShownFromTheTop(page, 'express-timer');
    const timer = page.getByTestId('express-timer');
    expect(await timer.textContent()).toMatch(/^(05:00|04:5\d)$/);
    expect(await timer.getAttribute('data-tone')).toBe('normal');

    // The pressed Start button is gone: the question has the focus, so keys go on from there.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      await page.getByRole('heading', { level: 2 }).first().textContent(),
    );

    // A short phone (a phone held sideways is shorter still): Check stays at the screen's bottom
    // edge, and what it shows comes into view above it instead of under it, the verdict from its
    // top below the timer even when the explanation is longer than the room left.
    await page.setViewportSize({ width: 390, height: 440 });
    await expectOnScreen(page, page.getByRole('button', { name: 'Check answer' }));
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    await page.getByTestId('practice-verdict').waitFor();
    const next = page.getByRole('button', { name: 'Next question' });
    await expectOnScreen(page, next);
    const verdict = await page.getByTestId('practice-verdict').boundingBox();
    const timerBar = await page.getByTestId('express-timer').boundingBox();
    expect(verdict!.y).toBeGreaterThanOrEqual(timerBar!.y + timerBar!.height);
    expect(verdict!.y + verdict!.height).toBeLessThanOrEqual((await next.boundingBox())!.y);
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'training-practice-checked-390');
    // Next pressed at the foot of the page shows the next question from its top.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    await page.getByText('Question 2 of 10').waitFor();
    await expectShownFromTheTop(page, 'express-timer');

    await page.clock.fastForward('04:05');
    await timer.getByText(/^00:5\d$/).waitFor();
    expect(await timer.getAttribute('data-tone')).toBe('warning');
    expect(await timer.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(254, 243, 199)',
    );
    await shoot(page, 'training-express-warning-390');

    await page.clock.fastForward('00:30');
    await timer.getByText(/^00:2\d$/).waitFor();
    expect(await timer.getAttribute('data-tone')).toBe('critical');
    expect(await timer.evaluate((element) => getComputedStyle(element).animationName)).not.toBe(
      'none',
    );
    await shoot(page, 'training-express-critical-390');

    await page.clock.fastForward('00:30');
    await page.getByTestId('time-up').waitFor();
    expect(await timer.textContent()).toBe('00:00');
    await expect.poll(() => sessionUpdates.length).toBe(1);
    expect(sessionUpdates[0]).toMatchObject({
      is_completed: true,
      time_spent_seconds: 300,
      questions_answered: 1,
    });

    // The heading has the focus, so an Enter meant for the last question starts nothing; Tab
    // reaches Try again, the first button, and Enter starts a new test at once, no intro.
    const timeUp = page.getByTestId('time-up');
    expect(await timeUp.getByRole('button').allTextContents()).toEqual([
      'Try again',
      '← Back to modes',
    ]);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('H2');
    await shoot(page, 'training-express-time-up-390');
    await page.keyboard.press('Enter');
    expect(await timeUp.count()).toBe(1);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again');
    await page.keyboard.press('Enter');
    await page.getByText('Question 1 of 10').waitFor();
    expect(await timeUp.count()).toBe(0);
    expect(await timer.textContent()).toMatch(/^(05:00|04:5\d)$/);
    expect(await timer.getAttribute('data-tone')).toBe('normal');
    expect(await page.getByTestId('practice-score').textContent()).toMatch(
      /^Score: 0 of \d+ points$/,
    );
    await expect.poll(() => startedSessions.length).toBe(2);
    expect(startedSessions[1]).not.toBe(startedSessions[0]);
    // The old session was completed once, at time-up; the new one is under way.
    expect(sessionUpdates).toHaveLength(1);

    await page.getByRole('button', { name: 'Back to modes' }).click();
    await page.getByTestId('mode-express').waitFor();
  });

  it('keeps a finished express test recorded as it was when the restarted run runs out of time untouched', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await page.clock.install({ time: new Date('2025-06-01T09:00:00Z') });
    let questions: Question[] = [];
    page.on('response', async (response) => {
      if (
        new URL(response.url()).pathname.endsWith('/training-modules/express-test/start') &&
        response.ok()
      )
        questions = ((await response.json()) as { questions: Question[] }).questions;
    });
    await openTraining(page, learner);
    await chooseMode(page, 'express');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Question 1 of 10').waitFor();
    await expect.poll(() => questions.length).toBe(10);
    const maxPoints = questions.reduce((sum, question) => sum + question.points, 0);
    for (const [index, question] of questions.entries()) {
      await page.getByText(`Question ${index + 1} of 10`).waitFor();
      for (const number of rightOf(question)) await page.keyboard.press(String(number));
      await page.keyboard.press('Enter');
      await page.getByTestId('practice-verdict').waitFor();
      await page.keyboard.press('Enter');
    }
    await page.getByTestId('last-run').waitFor();
    await page.getByRole('button', { name: 'Practise again' }).click();
    await page.getByText('Question 1 of 10').waitFor();
    await shoot(page, 'training-express-restarted-1280');
    const expressSessions = async () =>
      (
        await harness().api<components['schemas']['TrainingSession'][]>(
          'GET',
          '/training-modules/sessions?session_type=express',
          { token: learner.token },
        )
      ).body;
    await expect.poll(async () => (await expressSessions())[0]?.is_completed).toBe(true);
    const finished = (await expressSessions())[0];
    expect(finished).toMatchObject({ questions_answered: 10, correct_answers: 10 });

    // The restart's countdown runs out with nothing answered: the finished session keeps its
    // figures, and the card claims no run but recalls the finished one.
    await page.clock.fastForward('05:01');
    const timeUp = page.getByTestId('time-up');
    await timeUp.waitFor();
    const result = await page.getByTestId('time-up').textContent();
    await shoot(page, 'training-express-restart-time-up-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await shoot(page, 'training-express-restart-time-up-390');
    // A new test is a round trip begun after any write the time-up made: read the sessions then.
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Question 1 of 10').waitFor();
    const sessions = await expressSessions();
    expect(sessions.find((session) => session.id === finished!.id)).toEqual(finished);
    expect(sessions).toHaveLength(2);
    expect(result).toContain('No question was answered in this run before the time ran out.');
    expect(result).toContain(
      `Your last finished run: correct answers 10 of 10; points ${maxPoints} of ${maxPoints}.`,
    );
  });

  it('tells a new learner there are no weak spots: on the intro, or after a start when the server could not say', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await openTraining(page, learner);
    const noWeakSpots =
      'No weak spots yet! Answer some questions in training or take an exam first.';
    await chooseMode(page, 'weak-spots');
    const nothing = page.getByTestId('intro-nothing');
    await nothing.waitFor();
    expect(await nothing.textContent()).toBe(noWeakSpots);
    // Nothing to practise: no Start to press.
    expect(await page.getByRole('button', { name: 'Start' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Back to modes' }).click();

    // Without the server's word the intro lets the learner start, and the empty list is told
    // on the selection, as the spec has it.
    await page.route('**/api/v1/training-modules/modes', (route) => route.abort());
    await chooseMode(page, 'weak-spots');
    await page.getByRole('button', { name: 'Start' }).click();
    const alert = page.getByTestId('training-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(noWeakSpots);
    expect(await page.getByTestId('mode-weak-spots').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    expect(await alert.count()).toBe(0);
  });

  it("puts a status's region on the page before its words, so that a screen reader reads them", async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await openTraining(page, learner);
    await page.route('**/api/v1/training-modules/modes', (route) => route.abort());
    await chooseMode(page, 'weak-spots');
    // Animations stand still: the page as it is in the moment the status arrives.
    const browser = await page.context().newCDPSession(page);
    await browser.send('Animation.enable');
    await browser.send('Animation.setPlaybackRate', { playbackRate: 0 });
    await page.getByRole('button', { name: 'Start' }).click();
    const alert = page.getByTestId('training-alert');
    await alert.waitFor({ state: 'attached' });
    const region = page.getByRole('status').filter({ has: alert });
    expect(await region.ariaSnapshot()).toBe('- status');

    await browser.send('Animation.setPlaybackRate', { playbackRate: 1 });
    await alert.waitFor({ state: 'visible' });
    expect(await region.ariaSnapshot()).toContain('No weak spots yet!');
  });

  it('checks with Enter the answer a number key picked after a click on the star, which stays on', async () => {
    const learner = await harness().registerLearner();
    const { body: ticket } = await harness().api<TicketQuestions>('GET', '/training-tickets/4', {
      token: learner.token,
    });
    const first = ticket.questions[0]!;
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/training?mode=tickets&ticket=4');
    await page.getByText(`Question 1 of ${ticket.questions.length}`).waitFor();
    const star = page.getByTestId('bookmark');
    await star.click();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    // As the hint under the question says: a key picks, Enter checks.
    await page.keyboard.press(String(rightOf(first)[0]));
    await page.keyboard.press('Enter');
    await page.getByTestId('practice-verdict').waitFor();
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'training-enter-after-star-1280');
    // A button the focus was taken to on purpose (as with Tab) keeps its Enter.
    await star.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the topic list with its stats and practises a topic', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await openTraining(page, learner);
    await chooseMode(page, 'topics');
    await page.getByTestId('topic-card').first().waitFor();
    expect(await page.getByTestId('topic-card').count()).toBeGreaterThanOrEqual(8);
    await shoot(page, 'training-topics-1280');
    // On a phone, the last topic: far down the list.
    await page.setViewportSize({ width: 390, height: 844 });
    const lastTopic = page.getByTestId('topic-card').last();
    const topicName = (await lastTopic.getByRole('heading').textContent())!;
    await lastTopic.getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    // The heading names the topic practised.
    await page.getByRole('heading', { level: 1, name: topicName, exact: true }).waitFor();
    await expectShownFromTheTop(page, 'practice-position');
    await page.getByRole('button', { name: 'Back to topics' }).click();
    await page.getByTestId('topic-card').first().waitFor();
  });

  it('alerts when the tickets cannot be loaded', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ colorScheme: 'dark' });
    await page.route('**/api/v1/training-tickets', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await openTraining(page, learner);
    await chooseMode(page, 'tickets');
    await page
      .getByTestId('training-alert')
      .getByText('Error loading tickets. Please try again.')
      .waitFor();
    expect(await page.getByTestId('mode-tickets').isVisible()).toBe(true);
    await shoot(page, 'training-selection-alert-dark-1280');
  });

  /** Ends an express test with the first answer to each of its 10 questions. */
  async function runExpressTest(page: Page): Promise<void> {
    await chooseMode(page, 'express');
    await page.getByRole('button', { name: 'Start' }).click();
    for (let number = 1; number <= 10; number += 1) {
      await page.getByText(`Question ${number} of 10`).waitFor();
      await page.keyboard.press('1');
      await page.keyboard.press('Enter');
      await page.getByTestId('practice-verdict').waitFor();
      await page.keyboard.press('Enter');
    }
    await page.getByTestId('last-run').waitFor();
  }

  it('says when a finished run could not be saved: kept in the browser, sent later', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await page.route('**/api/v1/exams/submit', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"detail":"down"}' }),
    );
    await openTraining(page, learner);
    await runExpressTest(page);
    expect(await page.getByTestId('last-run-pending').textContent()).toContain(
      'it is kept in this browser and will be sent automatically',
    );
    expect(await page.evaluate(() => window.localStorage.getItem('pendingResults'))).toContain(
      '"exam_type":"training"',
    );
  });

  it('says when the server refused a finished run, with its reason, and keeps nothing to resend', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await page.route('**/api/v1/exams/submit', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: '{"detail":"Question 999 does not exist."}',
      }),
    );
    await openTraining(page, learner);
    await runExpressTest(page);
    expect(await page.getByTestId('last-run-pending').textContent()).toContain(
      'The server did not accept this result, so it is not saved: Question 999 does not exist.',
    );
    expect(await page.evaluate(() => window.localStorage.getItem('pendingResults'))).toBeNull();
  });
});
