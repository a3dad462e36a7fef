import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { expectOnScreen, pressOnAnswer, sharedHarness, type Learner } from './harness';

type Question = components['schemas']['Question'];
type ExamResultSummary = components['schemas']['ExamResultSummary'];

/** The focused element's tag and text, as a keyboard user would find it. */
const focusedText = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    return focused ? `${focused.tagName} ${focused.textContent ?? ''}`.trim() : 'none';
  });

const harness = sharedHarness();
const EXAM_SESSIONS = /\/api\/v1\/exams\/sessions(\?|$)/;
const SHOTS = process.env.E2E_SHOTS ?? '';

/** Five real questions of the bank, right answers included (mode=training answers them). */
async function realQuestions(learner: Learner, count = 5): Promise<Question[]> {
  const { status, body } = await harness().api<Question[]>('GET', '/questions?mode=training', {
    token: learner.token,
  });
  expect(status).toBe(200);
  // Prefer questions with a photo first so the screen shows one.
  return [...body]
    .sort((a, b) => Number(b.photo !== null) - Number(a.photo !== null))
    .slice(0, count);
}

const rightOf = (question: Question) =>
  question.right_answers.split(',').map((part) => Number(part.trim()));

function wrongOf(question: Question): number[] {
  const right = rightOf(question);
  const shown = [1, 2, 3, 4, 5].filter((n) => {
    const text = question[`answer_${n}` as keyof Question];
    return typeof text === 'string' && text.trim() !== '';
  });
  return [shown.find((n) => !right.includes(n)) ?? 1];
}

/**
 * A session of the learner's holding exactly `questions` (all of them the main part), stored in
 * the app's database as POST /exams/sessions stores one, begun `secondsAgo` on the server's
 * clock. Answers its API view.
 */
async function heldSession(learner: Learner, questions: Question[], secondsAgo = 0) {
  const startedAt = new Date(Date.now() - secondsAgo * 1000).toISOString();
  const row = await harness()
    .app.database.db.insertInto('exam_sessions')
    .values({
      user_id: learner.user.id,
      exam_type: 'exam',
      question_ids: JSON.stringify(questions.map((question) => question.id)),
      main_count: questions.length,
      time_limit_seconds: 2400,
      course_id: 1,
      language: 'en',
      result_id: null,
      started_at: startedAt,
      completed_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    session_id: row.id,
    exam_type: 'exam',
    questions,
    main_count: questions.length,
    time_limit_seconds: 2400,
    is_completed: false,
    result_id: null,
    started_at: startedAt,
    completed_at: null,
    language: 'en',
    prepared: false,
  };
}

/**
 * Serves `questions` as the exam the server draws (POST /exams/sessions), so the test knows
 * every right answer and the server grades the submission against them. `secondsAgo` sets the
 * session's start back on the server's clock, for a page whose own clock is made to run ahead.
 */
async function serveQuestions(
  page: Page,
  learner: Learner,
  questions: Question[],
  { secondsAgo = 0 }: { secondsAgo?: number } = {},
): Promise<void> {
  await page.route(EXAM_SESSIONS, async (route) =>
    route.fulfill({
      status: 201,
      contentType: 'application/json',
      body: JSON.stringify(await heldSession(learner, questions, secondsAgo)),
    }),
  );
}

async function openExam(page: Page, learner: Learner): Promise<void> {
  await harness().loginWithToken(page, learner.token, '/exam');
  await page.getByRole('button', { name: 'Start exam' }).waitFor();
}

/** Picks `answers` on the shown question, then presses next (or finish on the last). */
async function answer(page: Page, answers: number[], last: boolean): Promise<void> {
  const move = page.getByRole('button', { name: last ? 'Finish exam' : 'Next question' });
  expect(await move.isDisabled()).toBe(true);
  for (const number of answers) await page.locator(`button[data-answer="${number}"]`).click();
  // The choice is drawn after the click's event (a render of its own): on a loaded machine the
  // button is read a moment later.
  await expect.poll(() => move.isDisabled()).toBe(false);
  await move.click();
}

/** Starts the exam and answers each of `questions` right, the last one finishing it. */
async function takeExam(page: Page, learner: Learner, questions: Question[]): Promise<void> {
  await openExam(page, learner);
  await page.getByRole('button', { name: 'Start exam' }).click();
  for (const [index, question] of questions.entries()) {
    await page.getByText(`Question ${index + 1} of ${questions.length}`).waitFor();
    await answer(page, rightOf(question), index === questions.length - 1);
  }
}

/** Exam submissions fail with a 503 while `down` is true; `count` counts every one sent. */
async function failSubmissions(page: Page): Promise<{ count: number; down: boolean }> {
  const submissions = { count: 0, down: true };
  await page.route('**/api/v1/exams/submit', async (route) => {
    submissions.count += 1;
    if (!submissions.down) return route.continue();
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ detail: 'Service unavailable' }),
    });
  });
  return submissions;
}

/** A learner's exam of three questions, finished while the server refuses its submission. */
async function finishExamWhileSubmissionsFail() {
  const learner = await harness().registerLearner();
  const questions = await realQuestions(learner, 3);
  const page = await harness().newPage();
  await serveQuestions(page, learner, questions);
  const submissions = await failSubmissions(page);
  await takeExam(page, learner, questions);
  return { learner, page, submissions };
}

async function shoot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

async function history(learner: Learner): Promise<ExamResultSummary[]> {
  const { body } = await harness().api<ExamResultSummary[]>(
    'GET',
    '/exams/history?exam_type=exam',
    {
      token: learner.token,
    },
  );
  return body;
}

const GREEN = 'rgb(209, 250, 229)';
const RED = 'rgb(254, 226, 226)';
const background = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

describe('the exam in Chromium', () => {
  it('passes an exam: summary, saved result and a review with right answers in green', async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner);
    const page = await harness().newPage();
    await serveQuestions(page, learner, questions);
    await openExam(page, learner);
    expect(await page.getByTestId('exam-rules').textContent()).toMatch(
      /40.*questions.*40.*minutes.*70%/,
    );
    await shoot(page, 'exam-intro-1280');
    await page.getByRole('button', { name: 'Start exam' }).click();

    await page.getByText(`Question 1 of ${questions.length}`).waitFor();
    expect(await page.getByTestId('exam-timer').textContent()).toMatch(/^(40:00|39:5\d)$/);
    await shoot(page, 'exam-question-1280');
    for (const [index, question] of questions.entries()) {
      await page.getByText(`Question ${index + 1} of ${questions.length}`).waitFor();
      await answer(page, rightOf(question), index === questions.length - 1);
    }

    await page.getByTestId('exam-summary').waitFor();
    expect(await page.getByTestId('exam-verdict').textContent()).toBe('Passed');
    expect(await page.getByTestId('exam-correct').textContent()).toBe(`5 of 5`);
    expect(await page.getByTestId('exam-percent').textContent()).toBe('100%');
    await page.getByText('Your result has been saved to your history.').waitFor();
    // No mistakes: nothing to send the learner to practise.
    expect(await page.getByRole('link', { name: 'Practise your weak spots' }).count()).toBe(0);
    await shoot(page, 'exam-summary-passed-1280');

    const saved = await history(learner);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({
      exam_type: 'exam',
      passed: true,
      correct_answers: 5,
      total_questions: 5,
    });
    // A reload shows the same result again, without sending it twice.
    await page.reload();
    await page.getByTestId('exam-summary').waitFor();
    expect(await page.getByTestId('exam-verdict').textContent()).toBe('Passed');
    expect(await page.getByTestId('exam-correct').textContent()).toBe(`5 of 5`);

    await page.getByRole('button', { name: 'Show detailed review' }).click();
    const items = page.getByTestId('review-item');
    await items.first().waitFor();
    // The review too.
    await page.reload();
    await items.first().waitFor();
    expect(await items.count()).toBe(5);
    expect(await history(learner)).toHaveLength(1);
    expect(await page.locator('[data-tone="wrong"]').count()).toBe(0);
    expect(await page.locator('[data-tone="right"]').count()).toBe(
      questions.reduce((sum, question) => sum + rightOf(question).length, 0),
    );
    expect(await background(page, '[data-tone="right"]')).toBe(GREEN);
    await shoot(page, 'exam-review-passed-1280');

    // Leaving /exam drops the result: the next visit starts at the intro.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Training' })
      .click();
    await page.getByTestId('mode-tickets').waitFor();
    expect(
      await page.evaluate((id) => localStorage.getItem(`exam.inProgress.${id}`), learner.user.id),
    ).toBeNull();
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Exam' })
      .click();
    await page.getByRole('button', { name: 'Start exam' }).waitFor();

    // A new exam starts with everything reset, the timer included.
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.getByText(`Question 1 of ${questions.length}`).waitFor();
    expect(await page.getByTestId('exam-timer').textContent()).toMatch(/^(40:00|39:5\d)$/);

    // Only a reload of /exam brings a result back: not a later visit by a typed address.
    for (const [index, question] of questions.entries()) {
      await page.getByText(`Question ${index + 1} of ${questions.length}`).waitFor();
      await answer(page, rightOf(question), index === questions.length - 1);
    }
    await page.getByTestId('exam-summary').waitFor();
    await page.goto('/dashboard');
    await page.getByTestId('stat-total').waitFor();
    await page.goto('/exam');
    await page.getByRole('button', { name: 'Start exam' }).waitFor();
    expect(await page.getByTestId('exam-summary').count()).toBe(0);
  });

  it('fails an exam with the keyboard: wrong picks in red, right answers shown, explanations', async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner);
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await serveQuestions(page, learner, questions);
    await openExam(page, learner);
    await shoot(page, 'exam-intro-390');
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.getByText('Question 1 of 5').waitFor();
    // The page starts at its top: the timer shows below the sticky header, not where the
    // scrolled intro left it.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const header = await page.getByRole('banner').boundingBox();
    const timer = await page.getByTestId('exam-timer').boundingBox();
    expect(timer!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    // On a short screen scrolled to the question's end, the timer stays just below the header.
    await page.setViewportSize({ width: 390, height: 480 });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 100);
    const stuck = await page.getByTestId('exam-timer').boundingBox();
    const headerBottom = header!.y + header!.height;
    expect(stuck!.y).toBeGreaterThanOrEqual(headerBottom);
    expect(stuck!.y).toBeLessThan(headerBottom + 40);
    // Back at the top of a question with a photo, Next still shows at the screen's bottom edge.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectOnScreen(page, page.getByRole('button', { name: 'Next question' }));
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [index, question] of questions.entries()) {
      await page.getByText(`Question ${index + 1} of ${questions.length}`).waitFor();
      if (index === 0) {
        // Enter does nothing until an answer is picked.
        await page.keyboard.press('Enter');
        await page.getByText('Question 1 of 5').waitFor();
        // Space on an answer with the focus picks it or takes it back, as on a checkbox; Enter
        // there, with nothing picked, says so and stays on the question.
        const [wrong] = wrongOf(question);
        expect(await pressOnAnswer(page, wrong!, [' ', ' ', 'Enter'])).toEqual([
          'true',
          'false',
          'false',
        ]);
        await page.getByText('Pick at least one answer to continue.').waitFor();
        expect(await page.getByTestId('exam-position').textContent()).toBe('Question 1 of 5');
        expect(await pressOnAnswer(page, wrong!, [' '])).toEqual(['true']);
        await shoot(page, 'exam-question-390');
        // Enter, still on that answer, moves on with it picked.
        await page.keyboard.press('Enter');
        continue;
      }
      for (const number of wrongOf(question)) await page.keyboard.press(String(number));
      await page.keyboard.press('Enter');
    }
    await page.getByTestId('exam-summary').waitFor();
    expect(await page.getByTestId('exam-verdict').textContent()).toBe('Failed');
    expect(await page.getByTestId('exam-correct').textContent()).toBe('0 of 5');
    // The button pressed last went with the run: the focus goes to the result's heading, not
    // to the page's body, and to the review's heading after that.
    expect(await focusedText(page)).toBe('H1 Exam result');
    await shoot(page, 'exam-summary-failed-390');
    expect((await history(learner))[0]).toMatchObject({ passed: false, correct_answers: 0 });

    await page.getByRole('button', { name: 'Show detailed review' }).press('Enter');
    await page.getByTestId('review-item').first().waitFor();
    expect(await focusedText(page)).toMatch(/^H1 /);
    expect(await page.locator('[data-tone="wrong"]').count()).toBe(5);
    expect(await background(page, '[data-tone="wrong"]')).toBe(RED);
    expect(await page.locator('[data-tone="missed"]').count()).toBeGreaterThanOrEqual(5);
    const explained = questions.filter((question) => question.explanation);
    if (explained[0]?.explanation) await page.getByText(explained[0].explanation).first().waitFor();
    await shoot(page, 'exam-review-failed-390');

    // From the result, the exam's mistakes are practised as weak spots.
    await page.getByRole('button', { name: 'Back to result' }).first().click();
    await shoot(page, 'exam-summary-failed-weak-spots-390');
    await page.getByRole('link', { name: 'Practise your weak spots' }).click();
    await page.waitForURL('**/training?mode=weak-spots');
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText('Question 1 of 5').waitFor();
    const practised = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(questions.map((question) => question.question_text)).toContain(practised[0]);
  });

  it('resumes an exam after a reload with the time measured against the clock, and ends at zero', async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner);
    const page = await harness().newPage();
    await page.clock.install({ time: new Date('2025-06-01T09:00:00Z') });
    // The page's clock runs the exam's 40 minutes in a few seconds: on the server's, the session
    // began 40 minutes ago, so the answers' times (its start plus the page's time) stay in it.
    await serveQuestions(page, learner, questions, { secondsAgo: 2400 });
    await openExam(page, learner);
    await page.getByRole('button', { name: 'Start exam' }).click();
    await answer(page, rightOf(questions[0]!), false);
    await answer(page, rightOf(questions[1]!), false);
    await page.getByText('Question 3 of 5').waitFor();
    // A wrong pick on the third question, so only the first two count when time runs out.
    const wrongPick = [1, 2, 3].find((n) => !rightOf(questions[2]!).includes(n));
    await page.locator(`button[data-answer="${wrongPick}"]`).click();

    // Ten minutes pass, then the page is reloaded.
    await page.clock.fastForward('10:00');
    await page
      .getByTestId('exam-timer')
      .getByText(/^(30:00|29:[45]\d)$/)
      .waitFor();
    await page.reload();
    await page.getByText('Question 3 of 5').waitFor();
    // Resumed on the same question, with the time left as the clock says (a few seconds of
    // real time pass while the test clicks).
    const left = await page.getByTestId('exam-timer').textContent();
    expect(left).toMatch(/^(30:00|29:[45]\d)$/);
    expect(await page.getByTestId('exam-timer').getAttribute('data-critical')).toBe('false');

    // Under a minute left: the timer text turns red.
    await page.clock.fastForward('29:10');
    await page
      .getByTestId('exam-timer')
      .getByText(/00:[45]\d/)
      .waitFor();
    expect(await page.getByTestId('exam-timer').getAttribute('data-critical')).toBe('true');
    // Said as well as shown: a status message for screen readers.
    expect(await page.getByTestId('time-warning').textContent()).toBe('One minute left');
    const colour = await page
      .getByTestId('exam-timer')
      .evaluate((element) => getComputedStyle(element).color);
    expect(colour).toBe('rgb(185, 28, 28)');
    await shoot(page, 'exam-timer-critical-1280');

    await page.clock.fastForward('00:25');
    await page.getByTestId('time-warning').getByText('30 seconds left').waitFor();

    // At zero the exam ends and the answers given so far are graded.
    await page.clock.fastForward('00:35');
    await page.getByTestId('exam-summary').waitFor();
    expect(await page.getByTestId('exam-correct').textContent()).toBe('2 of 5');
    await page.getByText('Your result has been saved to your history.').waitFor();
    expect(await page.getByTestId('exam-summary').textContent()).not.toContain('another tab');
    const saved = await history(learner);
    expect(saved[0]).toMatchObject({ correct_answers: 2, total_questions: 5, time_taken: 2400 });
  });

  it('asks before a link leaves a running exam; staying keeps it, leaving keeps it for later', async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner);
    const page = await harness().newPage();
    await serveQuestions(page, learner, questions);
    await openExam(page, learner);
    await page.getByRole('button', { name: 'Start exam' }).click();
    await answer(page, rightOf(questions[0]!), false);
    await page.getByText('Question 2 of 5').waitFor();

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Training' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave the exam?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Answered: 1 of 5 questions.');
    await dialog.getByRole('button', { name: 'Stay in the exam' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/exam');
    await page.getByText('Question 2 of 5').waitFor();
    // The focus is back on the exam, not on the link: the keys go on as the hint says.
    for (const number of rightOf(questions[1]!)) await page.keyboard.press(String(number));
    await page.keyboard.press('Enter');
    await page.getByText('Question 3 of 5').waitFor();
    expect(await dialog.isVisible()).toBe(false);

    // Signing out asks too, and staying keeps the session.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await dialog.getByRole('button', { name: 'Stay in the exam' }).click();
    await page.getByText('Question 3 of 5').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBe(learner.token);

    await nav.getByRole('link', { name: 'Training' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/training$/);
    await nav.getByRole('link', { name: 'Exam' }).click();
    await page.getByText('Question 3 of 5').waitFor();

    // The dashboard tells of the exam left running, and leads back to it.
    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await dialog.getByRole('button', { name: 'Leave' }).click();
    const running = page.getByTestId('exam-in-progress');
    await running.waitFor();
    expect(await running.textContent()).toMatch(
      /^You have an exam in progress: 2 of 5 questions answered, about \d+ minutes? left\.$/,
    );
    await shoot(page, 'dashboard-exam-in-progress-1280');
    await page.getByRole('link', { name: 'Continue the exam' }).click();
    await page.getByText('Question 3 of 5').waitFor();
  });

  it("fetches the questions' photos as the exam starts, so a question reached offline still shows its picture", async () => {
    const learner = await harness().registerLearner();
    const { body: page1 } = await harness().api<{ questions: Question[] }>(
      'GET',
      '/questions?mode=all-questions&limit=100',
      { token: learner.token },
    );
    const withPhoto = page1.questions.filter((question) => question.photo !== null);
    const withoutPhoto = page1.questions.find((question) => question.photo === null);
    expect(withPhoto.length).toBeGreaterThanOrEqual(2);
    // The first question has no photo: the others' can only have come ahead of time.
    const questions = [withoutPhoto!, withPhoto[0]!, withPhoto[1]!];
    const page = await harness().newPage();
    await serveQuestions(page, learner, questions);
    const photosFetched = new Set<string>();
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/v1/images/questions/')) photosFetched.add(pathname);
    });
    await openExam(page, learner);
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.getByText('Question 1 of 3').waitFor();
    await expect.poll(() => photosFetched.size).toBe(2);

    await page.context().setOffline(true);
    await answer(page, rightOf(questions[0]!), false);
    await page.getByText('Question 2 of 3').waitFor();
    const photo = page.locator('img[src*="/images/questions/"]');
    await expect
      .poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
      .toBeGreaterThan(0);
    await page.context().setOffline(false);
  });

  it('keeps a result the server did not take, shows it pending and sends it when back online', async () => {
    const { learner, page, submissions } = await finishExamWhileSubmissionsFail();
    await page.getByText('Result pending.').waitFor();
    await shoot(page, 'exam-summary-pending-1280');
    expect(await history(learner)).toHaveLength(0);
    const kept = await page.evaluate(() => localStorage.getItem('pendingResults'));
    expect(kept).toContain('"exam_type":"exam"');

    // The server is back and the browser comes back online: the kept result is sent.
    submissions.down = false;
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await page.getByText('Your pending result has now been saved to your history.').waitFor();
    expect(submissions.count).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => localStorage.getItem('pendingResults'))).toBeNull();
    const saved = await history(learner);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ exam_type: 'exam', correct_answers: 3, passed: true });
  });

  it('sends a kept result when asked to, and says when the server is still out of reach', async () => {
    const { learner, page, submissions } = await finishExamWhileSubmissionsFail();
    const notice = page.getByTestId('exam-pending');
    await notice.waitFor();
    const sendNow = page.getByRole('button', { name: 'Send now' });
    await sendNow.click();
    await page
      .getByText('It could not be sent yet; it will be tried again automatically.')
      .waitFor();
    await shoot(page, 'exam-summary-send-now-failed-1280');
    expect(submissions.count).toBeGreaterThanOrEqual(2);
    expect(await history(learner)).toHaveLength(0);

    submissions.down = false;
    const triedBefore = submissions.count;
    await sendNow.click();
    await page.getByText('Your pending result has now been saved to your history.').waitFor();
    expect(submissions.count).toBe(triedBefore + 1);
    expect(await history(learner)).toHaveLength(1);
  });

  it('sends a kept result by itself soon after the server takes submissions again', async () => {
    const { learner, page, submissions } = await finishExamWhileSubmissionsFail();
    await page.getByTestId('exam-pending').waitFor();
    submissions.down = false;
    // No click, no network change: the next try comes seconds after the result was kept.
    await page.getByText('Your pending result has now been saved to your history.').waitFor();
    expect(await history(learner)).toHaveLength(1);
  });

  it('says a result the server refused is not saved, with its reason, and never that it was', async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner, 3);
    const page = await harness().newPage();
    await serveQuestions(page, learner, questions);
    const reason = 'Question 999 does not exist.';
    await page.route('**/api/v1/exams/submit', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({ detail: reason }),
      }),
    );
    await takeExam(page, learner, questions);
    const refused = page.getByRole('alert').filter({ hasText: 'Result not saved.' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain(reason);
    await shoot(page, 'exam-summary-refused-1280');
    // Nothing is kept to be sent again: the server would refuse it the same way.
    expect(await page.evaluate(() => localStorage.getItem('pendingResults'))).toBeNull();

    await page.reload();
    await refused.waitFor();
    expect(await page.getByTestId('exam-summary').textContent()).not.toMatch(
      /pending|now been saved/,
    );
    expect(await history(learner)).toHaveLength(0);
  });

  it('goes on in the tab that opened it last: the other stops, and continues on request from where that one is', async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner, 3);
    const first = await harness().newPage();
    await serveQuestions(first, learner, questions);
    await openExam(first, learner);
    await first.getByRole('button', { name: 'Start exam' }).click();
    await answer(first, rightOf(questions[0]!), false);
    await first.getByText('Question 2 of 3').waitFor();

    // A second tab of the same browser resumes the exam where the first one is; the first stops.
    const second = await first.context().newPage();
    second.setDefaultTimeout(10_000);
    await second.goto('/exam');
    await second.getByText('Question 2 of 3').waitFor();
    const elsewhere = { name: 'The exam is open in another tab' };
    await first.getByRole('heading', elsewhere).waitFor();
    expect(await first.getByRole('timer').count()).toBe(0);
    await shoot(first, 'exam-open-in-another-tab-1280');

    // The second tab answers on; the first, continued, comes with that answer.
    await answer(second, rightOf(questions[1]!), false);
    await second.getByText('Question 3 of 3').waitFor();
    await first.getByRole('button', { name: 'Continue here' }).click();
    await first.getByText('Question 3 of 3').waitFor();
    await second.getByRole('heading', elsewhere).waitFor();
    await answer(first, rightOf(questions[2]!), true);
    await first.getByText('Your result has been saved to your history.').waitFor();
    expect(await first.getByTestId('exam-correct').textContent()).toBe('3 of 3');

    // Continued after the exam was finished there, the second tab shows that result.
    await second.getByRole('button', { name: 'Continue here' }).click();
    await second.getByTestId('exam-summary').waitFor();
    expect(await second.getByTestId('exam-correct').textContent()).toBe('3 of 3');
    const saved = await history(learner);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ correct_answers: 3, passed: true });
  });

  it('sends a kept result on the next start of the app', async () => {
    const learner = await harness().registerLearner();
    const [question] = await realQuestions(learner, 1);
    const page = await harness().newPage();
    // The exam began an hour ago; its one answer was given 42 s in, and the result kept.
    const session = await heldSession(learner, [question!], 3600);
    const answeredAt = new Date(Date.parse(session.started_at) + 42_000).toISOString();
    await harness().loginWithToken(page, learner.token, '/help');
    await page.evaluate(
      ({ userId, q, sessionId, at }) => {
        const submission = {
          exam_type: 'exam',
          session_id: sessionId,
          answers: [{ question_id: q.id, selected_answers: [1], answered_at: at }],
          time_taken: 42,
        };
        localStorage.setItem(
          'pendingResults',
          JSON.stringify([
            { id: crypto.randomUUID(), userId, submission, savedAt: Date.now(), attempts: 1 },
          ]),
        );
      },
      { userId: learner.user.id, q: question!, sessionId: session.session_id, at: answeredAt },
    );
    await page.goto('/exam');
    await page.getByRole('button', { name: 'Start exam' }).waitFor();
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('pendingResults')), { timeout: 10_000 })
      .toBeNull();
    const saved = await history(learner);
    expect(saved).toHaveLength(1);
    // Its time ended with its last answer, not on its late arrival.
    expect(saved[0]).toMatchObject({ total_questions: 1, time_taken: 42, over_time: false });
  });

  it('shows the translated load error when the questions cannot be loaded', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await page.route(EXAM_SESSIONS, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"boom"}' }),
    );
    await openExam(page, learner);
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page
      .getByRole('alert')
      .getByText(/Error loading questions/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Start exam' }).isVisible()).toBe(true);
  });

  it("lines up the result's figures in Russian, whose labels wrap to two lines, at 1280 and 390 px", async () => {
    const learner = await harness().registerLearner();
    const questions = await realQuestions(learner, 1);
    for (const width of [1280, 390]) {
      const page = await harness().newPage({ viewport: { width, height: 800 }, language: 'ru' });
      await serveQuestions(page, learner, questions);
      await harness().loginWithToken(page, learner.token, '/exam');
      await page.getByRole('button', { name: 'Начать экзамен' }).click();
      await page.locator('button[data-answer="1"]').waitFor();
      for (const number of rightOf(questions[0]!)) {
        await page.locator(`button[data-answer="${number}"]`).click();
      }
      await page.keyboard.press('Enter');
      await page.getByTestId('exam-summary').waitFor();
      const tiles = await page.locator('[data-testid="exam-summary"] dl > div').evaluateAll((all) =>
        all.map((tile) => ({
          top: Math.round(tile.getBoundingClientRect().top),
          label: Math.round(tile.querySelector('dt')!.getBoundingClientRect().height),
          figure: Math.round(tile.querySelector('dd')!.getBoundingClientRect().bottom),
        })),
      );
      // Some labels wrap and some do not, in the same row: the case that misaligned.
      expect(new Set(tiles.slice(0, 2).map((tile) => tile.label)).size, `${width}`).toBe(2);
      for (const tile of tiles) {
        const row = tiles.filter((other) => other.top === tile.top);
        expect(
          row.map((other) => other.figure),
          `${width}`,
        ).toEqual(row.map(() => tile.figure));
      }
      await shoot(page, `exam-summary-ru-${width}`);
    }
  });

  it("opens a past exam's review from the dashboard and gives the focus back when it closes", async () => {
    const learner = await harness().registerLearner();
    await harness().submitExam(learner);
    const page = await harness().newPage();
    // A fresh load: the review's code and strings come only when it is first opened.
    await harness().loginWithToken(page, learner.token, '/dashboard');
    const review = page.getByRole('button', { name: /^Review the exam of/ });
    await review.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: /^Exam of/ });
    await dialog.getByTestId('review-item').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await review.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(new URL(page.url()).search).toBe('');
  });

  it("closes a past exam's review with the browser's Back, and keeps it open across a reload", async () => {
    const learner = await harness().registerLearner();
    await harness().submitExam(learner);
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await harness().loginWithToken(page, learner.token, '/dashboard');
    await page.getByRole('button', { name: /^Review the exam of/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Exam of/ });
    await dialog.getByTestId('review-item').first().waitFor();
    expect(new URL(page.url()).searchParams.get('review')).toMatch(/^\d+$/);

    // Back closes the dialog and stays on the dashboard.
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByTestId('stat-total').waitFor();

    // Forward opens it again; a reload keeps it; Close then leaves the plain dashboard.
    await page.goForward();
    await dialog.getByTestId('review-item').first().waitFor();
    await page.reload();
    await dialog.getByTestId('review-item').first().waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).search).toBe('');
  });
});
