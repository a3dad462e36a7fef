/**
 * Issue 43, the learner's small frictions: a finished run's summary and "practise these
 * mistakes", a bookmark made in training practised in the bookmarked mode, a photo that
 * enlarges, a touch screen without hover borders or key hints, and a maintenance notice in the
 * reader's language.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectOnScreen, sharedHarness, shoot, type Learner } from './harness';

type Question = components['schemas']['Question'];
type TicketQuestions = components['schemas']['TicketQuestions'];

const harness = sharedHarness();

const rightOf = (question: Question) =>
  question.right_answers.split(',').map((part) => Number(part.trim()));

/** An answer the question shows that is not one of its right ones. */
function wrongOf(question: Question): number {
  const shown = [1, 2, 3, 4, 5].filter((n) => {
    const text = question[`answer_${n}` as keyof Question];
    return typeof text === 'string' && text.trim() !== '';
  });
  return shown.find((n) => !rightOf(question).includes(n))!;
}

async function ticketOf(learner: Learner, number: number): Promise<TicketQuestions> {
  const { body } = await harness().api<TicketQuestions>('GET', `/training-tickets/${number}`, {
    token: learner.token,
  });
  return body;
}

/** Picks `answers` on the shown question, checks it and goes on. */
async function answer(page: Page, answers: number[]): Promise<void> {
  for (const number of answers) await page.locator(`button[data-answer="${number}"]`).click();
  await page.getByRole('button', { name: 'Check answer' }).click();
  await page.getByTestId('practice-verdict').waitFor();
  await page.getByRole('button', { name: /^(Next question|Finish)$/ }).click();
}

describe('issue 43 in Chromium', () => {
  it("lists a run's mistakes with their right answers, and practises exactly them", async () => {
    const learner = await harness().registerLearner();
    const ticket = await ticketOf(learner, 3);
    const total = ticket.questions.length;
    // Questions 2 and 4 wrong, the others right.
    const wrong = [1, 3];
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/training?mode=tickets&ticket=3');
    for (const [index, question] of ticket.questions.entries()) {
      await page.getByText(`Question ${index + 1} of ${total}`).waitFor();
      await answer(page, wrong.includes(index) ? [wrongOf(question)] : rightOf(question));
    }
    const summary = page.getByTestId('run-summary');
    await summary.waitFor();
    expect(await page.getByTestId('last-run').textContent()).toContain(
      `Correct answers: ${total - 2} of ${total};`,
    );
    const mistakes = page.getByTestId('summary-mistake');
    expect(await mistakes.count()).toBe(2);
    for (const [position, index] of wrong.entries()) {
      const question = ticket.questions[index]!;
      const item = mistakes.nth(position);
      expect(await item.textContent()).toContain(question.question_text);
      // Numbered as the question numbers its answers (keys 1 to 5), with their words.
      const right = rightOf(question)[0]!;
      expect(await item.getByTestId('summary-right-answer').textContent()).toContain(
        `Right answer: ${right}. ${question[`answer_${right}` as keyof Question]}`,
      );
      const picked = wrongOf(question);
      expect(await item.getByTestId('summary-your-answer').textContent()).toBe(
        `Your answer: ${picked}. ${question[`answer_${picked}` as keyof Question]}`,
      );
      if (question.explanation) expect(await item.textContent()).toContain(question.explanation);
    }
    await shoot(page, 'summary-1280');

    await page.getByRole('button', { name: 'Practise these mistakes' }).click();
    // A fresh run, from the page's top as any run starts, with no word of the run before.
    await page.getByText('Question 1 of 2').waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectOnScreen(page, page.getByRole('heading', { level: 1, name: 'Ticket 3' }));
    await expectOnScreen(page, page.getByTestId('practice-position'));
    expect(await page.locator('main').textContent()).not.toContain('Run complete');
    const asked: string[] = [];
    for (let number = 1; number <= 2; number += 1) {
      await page.getByText(`Question ${number} of 2`).waitFor();
      asked.push((await page.locator('main h2').first().textContent()) ?? '');
      await answer(page, rightOf(ticket.questions[wrong[number - 1]!]!));
    }
    expect(asked).toEqual(wrong.map((index) => ticket.questions[index]!.question_text));
    await summary.waitFor();
    expect(await page.getByTestId('no-mistakes').isVisible()).toBe(true);
  });

  it('practises in the bookmarked mode a question starred in training', async () => {
    const learner = await harness().registerLearner();
    const ticket = await ticketOf(learner, 5);
    const starred = ticket.questions[1]!;
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/training?mode=tickets&ticket=5');
    await page.getByText(`Question 1 of ${ticket.questions.length}`).waitFor();
    await answer(page, rightOf(ticket.questions[0]!));
    await page.getByText(`Question 2 of ${ticket.questions.length}`).waitFor();
    // Read once the learner's bookmarks are: until then the star waits, disabled.
    const star = page.locator('[data-testid="bookmark"][aria-busy="false"]');
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/bookmarks/${starred.id}`) &&
        response.request().method() === 'PUT',
    );
    await star.click();
    expect((await saved).status()).toBe(200);
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await shoot(page, 'bookmark-starred-1280');

    // Kept on the server: another device (a fresh browser) practises it in the bookmarked mode.
    const other = await harness().newPage();
    await harness().loginWithToken(other, learner.token, '/training?mode=bookmarked');
    await other.getByRole('button', { name: 'Start' }).click();
    await other.getByText('Question 1 of 1').waitFor();
    expect(await other.locator('main h2').first().textContent()).toBe(starred.question_text);
    const otherStar = other.locator('[data-testid="bookmark"][aria-busy="false"]');
    expect(await otherStar.getAttribute('aria-pressed')).toBe('true');
    await shoot(other, 'bookmarked-mode-1280');
  });

  it('enlarges a photo on a click and closes it with Escape', async () => {
    const learner = await harness().registerLearner();
    const { body: page1 } = await harness().api<{ questions: Question[] }>(
      'GET',
      '/questions?limit=100',
      { token: learner.token },
    );
    const withPhoto = page1.questions.find((question) => question.photo !== null)!;
    expect(withPhoto).toBeDefined();
    await harness().api('PUT', `/bookmarks/${withPhoto.id}`, { token: learner.token });
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/training?mode=bookmarked');
    await page.getByRole('button', { name: 'Start' }).click();
    const opener = page.getByRole('button', { name: 'Enlarge the photo' });
    const small = (await opener.boundingBox())!;
    await opener.click();
    const dialog = page.getByTestId('photo-dialog');
    await dialog.waitFor();
    const large = (await dialog.locator('img').boundingBox())!;
    expect(large.width).toBeGreaterThan(small.width * 1.4);
    await shoot(page, 'photo-enlarged-1280');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The focus goes back to the photo it came from.
    expect(await opener.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it('leaves no hover border after a tap and shows no key hint on a touch screen', async () => {
    const learner = await harness().registerLearner();
    const context = await harness().browser.newContext({
      baseURL: harness().baseURL,
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      serviceWorkers: 'block',
    });
    try {
      const page = await context.newPage();
      await harness().loginWithToken(page, learner.token, '/training?mode=tickets&ticket=1');
      await page.getByText(/^Question 1 of /).waitFor();
      const first = page.locator('button[data-answer="1"]');
      const second = page.locator('button[data-answer="2"]');
      const border = (target: typeof first) =>
        target.evaluate((element) => getComputedStyle(element).borderColor);
      const untouched = await border(first);
      // Picked and taken back by two taps: it looks as it did, not as a pick.
      await first.tap();
      expect(await first.getAttribute('aria-pressed')).toBe('true');
      await first.tap();
      expect(await first.getAttribute('aria-pressed')).toBe('false');
      // (Polled: the colour eases back over a short transition.)
      await expect.poll(() => border(first)).toBe(untouched);
      expect(await border(second)).toBe(untouched);
      // No keyboard hint on the question, nor on a mode's intro.
      expect(await page.getByText(/^Keys 1/).isVisible()).toBe(false);
      await shoot(page, 'touch-question-390');
      await page.goto('/training?mode=express');
      await page.getByRole('button', { name: 'Start' }).waitFor();
      expect(await page.getByText(/^Keyboard: keys 1 to 5/).isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('shows a maintenance notice set in Korean to Korean readers, and the general one to others', async () => {
    const token = await harness().adminToken();
    const notice = {
      enabled: true,
      message: 'Maintenance tonight from 22:00.',
      messages: { ko: '오늘 밤 22시부터 점검이 있습니다.' },
    };
    const set = await harness().api('PUT', '/settings/key/maintenance_notice', {
      token,
      body: { value: JSON.stringify(notice) },
    });
    expect(set.status).toBe(200);
    try {
      const korean = await harness().newPage({ language: 'ko' });
      await korean.goto('/');
      const banner = korean.getByTestId('maintenance-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('오늘 밤 22시부터 점검이 있습니다.');
      await shoot(korean, 'notice-ko-1280');
      const english = await harness().newPage({ language: 'en' });
      await english.goto('/');
      await english.getByTestId('maintenance-banner').waitFor();
      expect(await english.getByTestId('maintenance-banner').textContent()).toContain(
        'Maintenance tonight from 22:00.',
      );
    } finally {
      await harness().api('PUT', '/settings/key/maintenance_notice', {
        token,
        body: { value: '{"enabled":false,"message":""}' },
      });
    }
  });
});
