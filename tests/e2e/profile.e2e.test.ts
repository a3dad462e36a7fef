import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

/** The texts of the notifications that reach up into the header (its language, theme, user). */
function toastsOverHeader(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header')?.getBoundingClientRect();
    if (!header) throw new Error('no header');
    return [...document.querySelectorAll('[data-type]')]
      .filter((toast) => toast.getBoundingClientRect().top < header.bottom)
      .map((toast) => toast.textContent ?? '');
  });
}

describe('profile notifications in Chromium', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`a retried save replaces the error toast of the failed one; no toast covers the header (${viewport.width} px wide)`, async () => {
      const learner = await harness().registerLearner('toast');
      const other = await harness().registerLearner('taken');
      const page = await harness().newPage({ viewport });
      await page.addInitScript(
        (token) => window.localStorage.setItem('token', token),
        learner.token,
      );
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit' }).click();

      // Another account's username: refused.
      await page.getByLabel(/^Username/).fill(other.username);
      await page.getByRole('button', { name: 'Save changes' }).click();
      const error = page.locator('[data-type="error"]');
      await error.waitFor();
      expect(await toastsOverHeader(page)).toEqual([]);

      // A free one: saved, and the error of the first try goes with its close animation.
      await page.getByLabel(/^Username/).fill(`${learner.username}x`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('[data-type="success"]').waitFor();
      await error.waitFor({ state: 'detached', timeout: 1000 });
      expect(await toastsOverHeader(page)).toEqual([]);
    });
  }
});
