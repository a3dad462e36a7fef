import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { CHROMIUM, CHROMIUM_ARGS, sharedHarness, shoot } from './harness';

type Topic = components['schemas']['Topic'];
type WeakSpotAnalysis = components['schemas']['WeakSpotAnalysis'];
type ExamResultSummary = components['schemas']['ExamResultSummary'];
type ExamReview = components['schemas']['ExamReview'];
type TopicQuestions = components['schemas']['TopicQuestions'];
type TrainingSessionStats = components['schemas']['TrainingSessionStats'];

const harness = sharedHarness();
const SERVICE_WORKER = fileURLToPath(new URL('../../dist/sw.js', import.meta.url));

/** Until the page has seen it: another build's worker, waiting behind the one in control. */
async function deployNewWorker(page: Page): Promise<() => void> {
  // The build serves sw.js precompressed too: the next build changes every encoding of it.
  const files = [SERVICE_WORKER, `${SERVICE_WORKER}.br`, `${SERVICE_WORKER}.gz`];
  const originals = files.map((file) => readFileSync(file));
  const next = Buffer.from(`${originals[0]!.toString('utf8')}\n// the next build\n`);
  writeFileSync(files[0]!, next);
  writeFileSync(files[1]!, brotliCompressSync(next));
  writeFileSync(files[2]!, gzipSync(next));
  const restore = () => files.forEach((file, at) => writeFileSync(file, originals[at]!));
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await page.waitForFunction(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
      undefined,
      { timeout: 20_000 },
    );
  } catch (error) {
    restore();
    throw error;
  }
  return restore;
}

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Opens `path` signed in as the token's learner, and waits until the service worker controls it. */
async function openControlled(page: Page, token: string, path: string): Promise<void> {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
  }, token);
  await page.goto(path);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
}

/** On the profile: keeps the learner's course on the device, and waits until it is kept. */
async function keepCourse(page: Page): Promise<void> {
  await page
    .getByTestId('offline-section')
    .getByRole('button', { name: 'Keep my course on this device' })
    .click();
  await page.getByText(/Your course is kept on this device: \d+ questions\./).waitFor({
    timeout: 30_000,
  });
}

/** A new learner's phone, its course kept from the profile, then cut from the network. */
async function keptThenOffline(username: string) {
  const learner = await harness().registerLearner(username);
  const page = await harness().newPage({
    serviceWorkers: 'allow',
    viewport: { width: 390, height: 844 },
  });
  await openControlled(page, learner.token, '/profile');
  await keepCourse(page);
  await page.context().setOffline(true);
  return { learner, page };
}

/** Answers the shown exam's questions (always the first answer) until its summary shows. */
async function finishExam(page: Page): Promise<void> {
  const counter = page.getByText(/^Question \d+ of \d+$/);
  for (;;) {
    await counter.waitFor();
    const [, shown, total] = /Question (\d+) of (\d+)/.exec((await counter.textContent()) ?? '')!;
    await page.locator('button[data-answer="1"]').click();
    const last = shown === total;
    await page.getByRole('button', { name: last ? 'Finish exam' : 'Next question' }).click();
    if (last) return;
    await page.getByText(`Question ${Number(shown) + 1} of ${total}`).waitFor();
  }
}

/** Answers the shown training run's `total` questions (always the first answer) to its summary. */
async function finishTrainingRun(page: Page, total: number): Promise<void> {
  for (let number = 1; number <= total; number += 1) {
    await page.getByText(`Question ${number} of ${total}`).waitFor();
    await page.locator('button[data-answer="1"]').click();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByTestId('practice-verdict').waitFor();
    await page.getByRole('button', { name: number < total ? 'Next question' : 'Finish' }).click();
  }
  await page.getByTestId('run-summary').waitFor();
}

async function trainingStats(token: string): Promise<TrainingSessionStats> {
  const { body } = await harness().api<TrainingSessionStats>(
    'GET',
    '/training-modules/sessions/stats',
    { token },
  );
  return body;
}

/**
 * Back online, the outbox empties; after a reload (another round of sending, which finds
 * nothing more) the learner's `runs` express runs of 10 answers each are counted once each.
 */
async function expectExpressRunsCountedOnce(page: Page, token: string, runs: number) {
  await expect
    .poll(
      () =>
        page.evaluate(() => [
          localStorage.getItem('pendingSessionRecords'),
          localStorage.getItem('pendingAnswers'),
          localStorage.getItem('pendingResults'),
        ]),
      { timeout: 20_000 },
    )
    .toEqual([null, null, null]);
  await page.reload();
  await page.waitForLoadState('networkidle');
  const stats = await trainingStats(token);
  expect(stats).toMatchObject({
    total_sessions: runs,
    completed_sessions: runs,
    total_questions_answered: 10 * runs,
  });
  expect(stats.by_type).toEqual([
    expect.objectContaining({
      session_type: 'express',
      sessions: runs,
      questions_answered: 10 * runs,
    }),
  ]);
}

async function examHistory(token: string): Promise<ExamResultSummary[]> {
  const { body } = await harness().api<ExamResultSummary[]>(
    'GET',
    '/exams/history?exam_type=exam',
    { token },
  );
  return body;
}

/** The manifest and its icons as Chromium reads them, the worker in control, no install error. */
async function checkInstallable(page: Page): Promise<void> {
  await page.goto('/login');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = (await (await page.request.get(href!)).json()) as {
    name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: 'Theory Trainer',
    start_url: '/dashboard',
    display: 'standalone',
  });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = new Set<string>();
  for (const icon of manifest.icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()['content-type']).toBe('image/png');
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
    sizes.add(`${icon.sizes} ${icon.purpose}`);
  }
  expect([...sizes].sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);

  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(
    /\/sw\.js$/,
  );
  // What Chromium's install prompt (and Lighthouse's former installability audit) checks.
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);
  const { errors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(errors).toEqual([]);
}

describe('installable and offline in Chromium', () => {
  it('installs: a manifest with real icons, a service worker in control, nothing in the way', async () => {
    // A profile on disk, as a browser a learner installs from: Chromium installs nothing from
    // an incognito-like context.
    const profile = mkdtempSync(path.join(tmpdir(), 'trainer-install-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      args: CHROMIUM_ARGS,
      baseURL: harness().baseURL,
    });
    try {
      await checkInstallable(context.pages()[0] ?? (await context.newPage()));
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('keeps the course on the device, starts an exam and runs training with no network, and sends their results once back online', async () => {
    const learner = await harness().registerLearner('offline');
    const topics = await harness().api<Topic[]>('GET', '/training-topics', {
      token: learner.token,
    });
    const topic = topics.body
      .filter((candidate) => candidate.question_count > 0)
      .sort((a, b) => a.question_count - b.question_count)[0]!;
    const total = topic.question_count;

    const page = await harness().newPage({
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
    });
    await openControlled(page, learner.token, '/profile');
    const section = page.getByTestId('offline-section');
    await keepCourse(page);
    await expect
      .poll(() => section.getByTestId('offline-size').textContent())
      .toMatch(/\d.*(kB|MB)/);
    expect(await section.getByTestId('offline-kept').textContent()).toMatch(
      /\d+ questions and \d+ photos/,
    );
    await section.scrollIntoViewIfNeeded();
    await shoot(page, 'offline-profile-kept-390');

    // The network is cut before the exam starts: the exam the server drew ahead when the
    // course was kept starts on the device.
    await page.goto('/exam');
    await page.getByRole('button', { name: 'Start exam' }).waitFor();
    await page.context().setOffline(true);
    await page.getByTestId('offline-note').waitFor();
    await page
      .getByTestId('exam-offline-start')
      .getByText(/the exam kept on this device/)
      .waitFor();
    await shoot(page, 'offline-exam-start-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'offline-exam-start-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    // Used once: it is no longer kept for another start.
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('preparedExam:')),
      ),
    ).toEqual([]);
    // A reload with no network: the page comes from the service worker, the exam resumes.
    await page.reload();
    await page.getByTestId('offline-note').waitFor();
    // The worker's own calls have no network either: one it never kept fails.
    expect(
      await page.evaluate(() =>
        fetch('/api/v1/training-topics/999999/questions', {
          headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
        }).then(
          (response) => `answered ${response.status}`,
          () => 'no answer',
        ),
      ),
    ).toBe('no answer');
    await finishExam(page);
    await page.getByTestId('exam-pending').waitFor();
    await expect
      .poll(() => page.getByTestId('offline-note').textContent())
      .toMatch(/1 item of your work waits/);
    await shoot(page, 'offline-exam-kept-390');

    // Training from the course kept on the device, opened with no network.
    await page.goto('/training');
    await page.getByTestId('mode-topics').getByRole('button', { name: 'Choose' }).click();
    const card = page.getByTestId('topic-card').filter({ hasText: topic.name });
    await card.getByRole('button', { name: 'Start' }).click();
    await finishTrainingRun(page, total);
    await page.getByTestId('last-run-pending').waitFor();
    await shoot(page, 'offline-training-kept-390');
    expect(await examHistory(learner.token)).toHaveLength(0);

    await page.context().setOffline(false);
    await expect
      .poll(
        () =>
          page.evaluate(() => [
            localStorage.getItem('pendingAnswers'),
            localStorage.getItem('pendingResults'),
          ]),
        {
          timeout: 20_000,
        },
      )
      .toEqual([null, null]);
    await page.getByTestId('offline-note').waitFor({ state: 'detached' });
    // Sent once: another round of sending finds nothing more to send.
    await page.reload();
    await page.waitForLoadState('networkidle');
    const history = await examHistory(learner.token);
    expect(history).toHaveLength(1);
    // Timed from the start on the device, well within its limit.
    expect(history[0]).toMatchObject({ over_time: false });
    // Each training answer counted once, beside the exam's answers to the topic's questions.
    const review = await harness().api<ExamReview>(
      'GET',
      `/exams/results/${history[0]!.id}/review`,
      { token: learner.token },
    );
    const inTopic = await harness().api<TopicQuestions>(
      'GET',
      `/training-topics/${topic.id}/questions`,
      { token: learner.token },
    );
    const topicIds = new Set(inTopic.body.questions.map((question) => question.id));
    const examAnswersInTopic = review.body.questions.filter((question) =>
      topicIds.has(question.id),
    ).length;
    const analysis = await harness().api<WeakSpotAnalysis>(
      'GET',
      '/training-modules/weak-spots/analysis',
      { token: learner.token },
    );
    expect(analysis.body.topics.find((entry) => entry.topic_id === topic.id)).toMatchObject({
      answered: total + examAnswersInTopic,
    });

    // Clear drops the kept course and its photos from the device.
    await page.goto('/profile');
    await expect.poll(() => section.getByTestId('offline-size').textContent()).toMatch(/MB|kB/);
    const sizeBefore = await section.getByTestId('offline-size').textContent();
    await section.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('The kept course has been cleared from this device.').waitFor();
    expect(await section.getByTestId('offline-kept').textContent()).toBe('Not kept yet');
    await expect.poll(() => section.getByTestId('offline-size').textContent()).not.toBe(sizeBefore);
    expect(
      await page.evaluate(async () => [
        await caches.has('course-data'),
        await caches.has('course-photos'),
      ]),
    ).toEqual([false, false]);
  });

  it('starts the kept exam on a page first opened with no network, the course read from the last list kept', async () => {
    // No other page is opened online: the exam page's first load has no network at all.
    const { page } = await keptThenOffline('offline_first_load');
    await page.goto('/exam');
    await page
      .getByTestId('exam-offline-start')
      .getByText(/the exam kept on this device/)
      .waitFor();
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    await page.context().setOffline(false);
  });

  it('goes on with an exam begun on a first visit when the page is reloaded with no network', async () => {
    const learner = await harness().registerLearner('first_visit_exam');
    const page = await harness().newPage({
      serviceWorkers: 'allow',
      viewport: { width: 390, height: 844 },
    });
    // The first visit: the page's calls (who is signed in among them) go out before the worker
    // takes over, so the worker never keeps them.
    await page.addInitScript((value) => {
      if (!window.localStorage.getItem('token')) window.localStorage.setItem('token', value);
    }, learner.token);
    await page.goto('/exam');
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.getByText(/^Question 1 of \d+$/).waitFor();
    await page.locator('button[data-answer="1"]').click();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText(/^Question 2 of \d+$/).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });

    await page.context().setOffline(true);
    await page.reload();
    await page.getByText(/^Question 2 of \d+$/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/exam');
    await page.context().setOffline(false);
  });

  it('keeps a training run done offline as its own session, counted once in the training statistics back online', async () => {
    const learner = await harness().registerLearner('offlinerun');
    const page = await harness().newPage({ serviceWorkers: 'allow' });
    await openControlled(page, learner.token, '/profile');
    await page.goto('/training');
    // The express test's session is drawn online; its first run completes it online.
    await page.getByTestId('mode-express').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of 10$/).waitFor();
    await finishTrainingRun(page, 10);
    await expect.poll(async () => (await trainingStats(learner.token)).completed_sessions).toBe(1);

    // Practised again with no network: the run's session waits in the outbox with its answers.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Practise again' }).click();
    await finishTrainingRun(page, 10);
    await page.getByTestId('last-run-pending').waitFor();
    await shoot(page, 'offline-training-run-kept-1280');
    expect(await page.evaluate(() => localStorage.getItem('pendingSessionRecords'))).not.toBeNull();
    expect(await trainingStats(learner.token)).toMatchObject({
      total_sessions: 1,
      total_questions_answered: 10,
    });

    await page.context().setOffline(false);
    await expectExpressRunsCountedOnce(page, learner.token, 2);
  });

  it('draws the modes the server draws from the kept course with no network, and counts a run so drawn once back online', async () => {
    const { learner, page } = await keptThenOffline('offlinedraw');

    // An express test the server never saw: drawn on the device, its session kept to send.
    await page.goto('/training');
    await page.getByTestId('offline-note').waitFor();
    await page.getByTestId('mode-express').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of 10$/).waitFor();
    expect(await page.getByTestId('express-timer').textContent()).toMatch(/^(05:00|04:5\d)$/);
    await shoot(page, 'offline-express-drawn-390');
    await finishTrainingRun(page, 10);
    await page.getByTestId('last-run-pending').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pendingSessionRecords'))).not.toBeNull();

    // A marathon and today's challenge start too.
    await page.getByRole('button', { name: 'Back to modes' }).click();
    await page.getByTestId('mode-marathon').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of 50$/).waitFor();
    // Nothing answered yet: back asks nothing.
    await page.getByRole('button', { name: 'Back to modes' }).click();
    await page.getByTestId('mode-daily-challenge').getByRole('button', { name: 'Choose' }).click();
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByText(/^Question 1 of 10$/).waitFor();
    expect(await trainingStats(learner.token)).toMatchObject({ total_sessions: 0 });

    await page.context().setOffline(false);
    await expectExpressRunsCountedOnce(page, learner.token, 1);
  });

  it('offers a new version with Reload, never on the exam in progress, and takes it only when asked', async () => {
    const learner = await harness().registerLearner('update');
    const page = await harness().newPage({ serviceWorkers: 'allow' });
    page.on('dialog', (dialog) => void dialog.accept());
    await openControlled(page, learner.token, '/exam');
    await page.getByRole('button', { name: 'Start exam' }).click();
    await page.locator('button[data-answer="1"]').click();
    await page.getByRole('button', { name: 'Next question' }).click();
    await page.getByText(/^Question 2 of \d+$/).waitFor();

    const restore = await deployNewWorker(page);
    try {
      // The exam goes on, with nothing offered over it.
      await page.locator('button[data-answer="1"]').click();
      await page.getByRole('button', { name: 'Next question' }).click();
      await page.getByText(/^Question 3 of \d+$/).waitFor();
      expect(await page.getByTestId('new-version').count()).toBe(0);
      await shoot(page, 'new-version-not-on-exam-1280');

      // Anywhere else it is offered; the page keeps the old version until the learner asks.
      // Left by the app's own link, as a learner leaves an exam: it asks first.
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Dashboard' })
        .click();
      const leave = page.getByRole('dialog', { name: 'Leave the exam?' });
      await leave.waitFor();
      await leave.getByRole('button', { name: 'Leave', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const offer = page.getByTestId('new-version');
      await offer.getByText('A new version of the app is ready.').waitFor({ timeout: 20_000 });
      await shoot(page, 'new-version-offered-1280');
      expect(
        await page.evaluate(
          async () => (await navigator.serviceWorker.getRegistration())?.waiting != null,
        ),
      ).toBe(true);
      // The page reloads once the new worker has taken over: the checks below are of the new
      // page, not of the old one still showing the offer while the worker activates.
      const reloaded = page.waitForEvent('load', { timeout: 20_000 });
      await offer.getByRole('button', { name: 'Reload' }).click();
      await reloaded;
      await page.waitForFunction(
        async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return registration?.waiting === null && navigator.serviceWorker.controller !== null;
        },
        undefined,
        { timeout: 20_000 },
      );
      await page.getByTestId('stat-best').first().waitFor();
      expect(await page.getByTestId('new-version').count()).toBe(0);
      // The exam in progress survived the new version: it goes on where it was.
      await page.goto('/exam');
      await page.getByText(/^Question 3 of \d+$/).waitFor();
    } finally {
      restore();
    }
  });

  it.each([
    { language: 'en', title: 'Offline', offline: 'Offline.' },
    { language: 'ru', title: 'Офлайн', offline: 'Нет соединения.' },
    { language: 'zh', title: '离线使用', offline: '当前离线。' },
    { language: 'ko', title: '오프라인', offline: '오프라인 상태입니다.' },
  ])(
    'shows the Offline section and says when the browser is offline in $language',
    async ({ language, title, offline }) => {
      const learner = await harness().registerLearner(`offline${language}`);
      // One page for both sizes: a page of its own for each would install the service worker
      // and keep the whole app once more.
      const page = await harness().newPage({ serviceWorkers: 'allow', language });
      await openControlled(page, learner.token, '/profile');
      const section = page.getByTestId('offline-section');
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        await section.getByRole('heading', { name: title, exact: true }).waitFor();
        await expect.poll(() => section.getByTestId('offline-size').textContent()).toMatch(/\d/);
        await page.context().setOffline(true);
        await page.getByTestId('offline-note').getByText(offline).waitFor();
        await shoot(page, `offline-profile-${language}-${viewport.width}`);
        // The notice and the section read as well as the rest of the page (contrast, names).
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
        expect(
          violations
            .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
            .map((violation) => violation.id),
        ).toEqual([]);
        await page.context().setOffline(false);
        await page.getByTestId('offline-note').waitFor({ state: 'detached' });
      }
    },
  );
});
