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
      const page = await harness().newPage({ viewport });
      await page.addInitScript(
        (token) => window.localStorage.setItem('token', token),
        learner.token,
      );
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit' }).click();

      // The server fails the first save (a refusal at a field is said there, with no toast).
      const save = '**/api/v1/user/profile';
      await page.route(save, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
          : route.fallback(),
      );
      await page.getByLabel(/^Username/).fill(`${learner.username}x`);
      await page.getByRole('button', { name: 'Save changes' }).click();
      const error = page.locator('[data-type="error"]');
      await error.waitFor();
      expect(await toastsOverHeader(page)).toEqual([]);

      // Tried again: saved, and the error of the first try goes with its close animation.
      await page.unroute(save);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('[data-type="success"]').waitFor();
      await error.waitFor({ state: 'detached', timeout: 1000 });
      expect(await toastsOverHeader(page)).toEqual([]);
    });
  }
});

describe('profile changes across a reload in Chromium', () => {
  it('a reload brings the changed first name back with a note; Discard them shows the stored one', async () => {
    const learner = await harness().registerLearner('reload');
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token, '/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    const firstName = page.getByLabel(/^First name/);
    await firstName.fill('Renata');
    await page.reload();

    const note = page.getByTestId('profile-restored');
    await note.waitFor();
    expect(await note.textContent()).toBe(
      'Your unsaved changes from before have been brought back.',
    );
    expect(await firstName.inputValue()).toBe('Renata');
    expect(await page.getByLabel(/^Last name/).inputValue()).toBe(learner.last_name);

    await page.getByRole('button', { name: 'Discard them' }).click();
    await note.waitFor({ state: 'detached' });
    expect(await firstName.inputValue()).toBe(learner.first_name);
    expect(await firstName.getAttribute('readonly')).not.toBeNull();
    await page.reload();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await firstName.inputValue()).toBe(learner.first_name);
    expect(await note.count()).toBe(0);
  });

  it('a deliberate logout leaves no unsaved changes behind for the next person', async () => {
    const learner = await harness().registerLearner('leaves');
    const page = await harness().newPage();
    await harness().loginThroughForm(page, learner.username, learner.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel(/^First name/).fill('Renata');
    const keptDrafts = () =>
      page.evaluate(() =>
        Object.keys(window.sessionStorage).filter((key) => key.startsWith('draft.')),
      );
    await page.waitForFunction(() =>
      Object.keys(window.sessionStorage).some((key) => key.startsWith('draft.')),
    );

    await page.getByTestId('user-menu').getByRole('button').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForFunction(() => window.localStorage.getItem('token') === null);
    expect(await keptDrafts()).toEqual([]);

    await harness().loginThroughForm(page, learner.username, learner.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect(await page.getByLabel(/^First name/).inputValue()).toBe(learner.first_name);
    expect(await page.getByTestId('profile-restored').count()).toBe(0);
  });
});
