import { png } from '../fixtures/png';
import { describe, expect, it } from 'vitest';
import { sharedHarness, shoot } from './harness';

const harness = sharedHarness();

const HEADER =
  'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,photo_alt,explanation,topics';

describe('importing a bank in Chromium', () => {
  it('takes a CSV and its photos together, shows the upload going, and learners then see the questions with their photos', async () => {
    const admin = await harness().adminToken();
    const page = await harness().newPage();
    await harness().loginWithToken(page, admin, '/admin?tab=questions');
    const importer = page.getByTestId('questions-import');
    await importer.getByText('Drop a CSV, a .zip, or a CSV with its photos here').waitFor();
    await shoot(page, 'bank-import-idle');

    // A slow uplink (200 KB/s), so the half megabyte of photos takes a while to go.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 200 * 1024,
    });
    const csv = [
      HEADER,
      'E2E bank: what does the sign ahead say?,Stop,Give way,,,,1,2,e2e-bank-stop.png,A red octagon,,E2E bank signs',
      'E2E bank: who goes first at this junction?,The tram,The car,,,,1,1,e2e-bank-junction.png,,,E2E bank signs|Junctions',
    ].join('\n');
    await importer.getByTestId('bank-files').setInputFiles([
      { name: 'e2e-bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
      { name: 'e2e-bank-stop.png', mimeType: 'image/png', buffer: png(4, 300_000) },
      { name: 'e2e-bank-junction.png', mimeType: 'image/png', buffer: png(6, 300_000) },
    ]);
    await importer.getByText('e2e-bank.csv, 2 photos (586 KB)', { exact: true }).waitFor();
    await importer.getByRole('button', { name: 'Import', exact: true }).click();

    // The bar fills as the bytes go out.
    const bar = importer.getByTestId('bank-progress').locator('progress');
    await bar.waitFor();
    await expect
      .poll(async () => Number((await bar.getAttribute('value')) ?? 0), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await importer.getByText(/^Uploading: \d+(\.\d)?% \(/).waitFor();
    await shoot(page, 'bank-import-uploading');
    await page
      .locator('[data-type="success"]')
      .filter({ hasText: 'Imported 2 questions, 2 photos and 2 topics.' })
      .waitFor({ timeout: 20_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(await importer.getByTestId('bank-progress').count()).toBe(0);

    // A learner finds them, each with its photo (loaded, at the URL that names its bytes).
    const learner = await harness().registerLearner();
    const learnerPage = await harness().newPage();
    await harness().loginWithToken(learnerPage, learner.token, '/questions?search=E2E%20bank');
    const cards = learnerPage.getByTestId('question-card');
    await cards.filter({ hasText: 'who goes first at this junction?' }).waitFor();
    expect(await cards.count()).toBe(2);
    const photos = learnerPage.locator('[data-testid="question-card"] img');
    await expect.poll(() => photos.count()).toBe(2);
    for (const photo of await photos.all()) {
      expect(await photo.getAttribute('src')).toMatch(
        /^\/api\/v1\/images\/questions\/e2e-bank-(stop|junction)\.png\?v=[\w-]+$/,
      );
      await expect
        .poll(() => photo.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    }
    await learnerPage.getByAltText('A red octagon').waitFor();
    // Kept for good at that URL: offline, the same photo still shows (as a run fetched ahead).
    await learnerPage.context().setOffline(true);
    const src = (await photos.first().getAttribute('src')) ?? '';
    const offlineWidth = await learnerPage.evaluate(
      (url) =>
        new Promise<number>((resolve) => {
          const image = new Image();
          image.onload = () => resolve(image.naturalWidth);
          image.onerror = () => resolve(0);
          image.src = url;
        }),
      src,
    );
    expect(offlineWidth).toBeGreaterThan(0);
    await learnerPage.context().setOffline(false);

    // A second import with one bad line: the line is named, and nothing comes in.
    const bad = [
      HEADER,
      'E2E bank: a fine question?,Yes,No,,,,1,1,,,,',
      'E2E bank: a broken one?,Yes,No,,,,4,1,,,,',
    ].join('\n');
    await importer
      .getByTestId('bank-files')
      .setInputFiles([{ name: 'e2e-bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) }]);
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    const errors = importer.getByTestId('csv-errors');
    await errors.getByText('Line 3: right_answers names answer 4, which is empty').waitFor();
    expect(await errors.locator('li').count()).toBe(1);
    await importer.getByRole('button', { name: 'Copy the list' }).waitFor();
    await shoot(page, 'bank-import-errors');
    const found = await harness().api<{ totalQuestions: number }>(
      'GET',
      `/admin/questions?search=${encodeURIComponent('a fine question')}`,
      { token: admin },
    );
    expect(found.body.totalQuestions).toBe(0);
  });
});
