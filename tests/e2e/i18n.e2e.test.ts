import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

const LANGUAGES = [
  { code: 'ru', lang: 'ru', heading: 'Сдайте теорию на права уверенно' },
  { code: 'zh', lang: 'zh-CN', heading: '自信地通过驾驶理论考试' },
  { code: 'ko', lang: 'ko', heading: '자신 있게 운전면허 필기시험에 합격하세요' },
] as const;

/** The Hangul words on the page that the browser split across two lines. */
function wordsBrokenAcrossLines(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const word of (node.textContent ?? '').matchAll(/\S+/g)) {
        if (!/[\uac00-\ud7a3]{2}/.test(word[0])) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const lines = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        if (lines.size > 1) broken.push(word[0]);
      }
    }
    return broken;
  });
}

/** Boxes whose content is wider than they are (text or a button sticking out), by their text. */
function boxesOverflowing(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((element) => {
        // A chart's SVG text is no CSS box: its widths say nothing about sticking out.
        if (!(element instanceof HTMLElement) || element.closest('.visually-hidden')) return false;
        const style = getComputedStyle(element);
        if (style.display === 'inline' || style.overflowX !== 'visible') return false;
        return element.clientWidth > 0 && element.scrollWidth > element.clientWidth + 1;
      })
      .map((element) => (element.textContent ?? '').trim().slice(0, 60)),
  );
}

/**
 * Opens each path in turn and lists those that do not fit the window: the page scrolls
 * sideways (its width against the window's) or some box's content sticks out of it.
 */
async function pagesThatDoNotFit(page: Page, paths: readonly string[]) {
  const misfits = [];
  for (const path of paths) {
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    const overflowing = await boxesOverflowing(page);
    if (width.scroll > width.client || overflowing.length > 0)
      misfits.push({ path, width, overflowing });
  }
  return misfits;
}

const SIGNED_IN_PATHS = [
  '/dashboard',
  '/training',
  '/exam',
  '/questions',
  '/profile',
  '/donations',
];

describe('four languages in Chromium', () => {
  for (const language of LANGUAGES) {
    it(`switches to ${language.code} from the header and keeps it after a reload`, async () => {
      const page = await harness().newPage();
      await page.goto('/');
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByTestId('language-header').getByRole('button').click();
      await page.locator(`[role="menuitemradio"][data-language="${language.code}"]`).click();
      await page.getByRole('heading', { level: 1, name: language.heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.lang);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: language.heading }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language.lang);
      expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe(
        language.code,
      );
      const cookie = (await page.context().cookies()).find(({ name }) => name === 'i18next');
      expect(cookie?.value).toBe(language.code);
      // Kept across a browser restart, as the localStorage choice is: the server reads it to
      // preload the page's strings in that language.
      const yearFromNow = Date.now() / 1000 + 365 * 24 * 3600;
      expect(cookie?.expires).toBeGreaterThan(yearFromNow - 3600);
    });
  }

  it('switches from the footer too, and back to English, with the keyboard, its menu on the screen', async () => {
    const page = await harness().newPage({ language: 'ko' });
    await page.goto('/help');
    const footerButton = page.getByTestId('language-footer').getByRole('button');
    for (const width of [1280, 1024, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await footerButton.click();
      const menu = await page.getByTestId('language-footer').getByRole('menu').boundingBox();
      expect({ width, left: menu!.x >= 0, right: menu!.x + menu!.width <= width }).toEqual({
        width,
        left: true,
        right: true,
      });
      await page.keyboard.press('Escape');
    }
    await footerButton.press('Enter');
    await page.locator('[role="menuitemradio"][data-language="en"]').press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    // The chosen item went with the menu: the focus is back on the menu's button.
    expect(
      await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup') ?? 'none'),
    ).toBe('menu');
    expect(await footerButton.evaluate((button) => button === document.activeElement)).toBe(true);
  });

  it('keeps a control that focus reaches clear of the sticky header, on a phone', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await harness().loginWithToken(page, learner.token, '/questions');
    await page.getByRole('heading', { level: 1, name: 'Questions' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer a').first().focus();
    const hidden: string[] = [];
    for (let step = 0; step < 20; step += 1) {
      await page.keyboard.press('Shift+Tab');
      const covered = await page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        if (focused.closest('header')) return null;
        const headerBottom = document.querySelector('header')!.getBoundingClientRect().bottom;
        const box = focused.getBoundingClientRect();
        return box.top < headerBottom ? (focused.textContent ?? focused.tagName) : null;
      });
      if (covered) hidden.push(covered);
    }
    expect(hidden).toEqual([]);
  });

  it('wraps Korean between words, never inside one, on a phone', async () => {
    const page = await harness().newPage({ language: 'ko', viewport: { width: 390, height: 844 } });
    for (const path of ['/', '/help', '/privacy', '/terms']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
      expect({ path, broken: await wordsBrokenAcrossLines(page) }).toEqual({ path, broken: [] });
    }
  });

  it('fits the public pages in Russian on a phone and a tablet: no sideways scrolling, nothing sticks out', async () => {
    const page = await harness().newPage({ language: 'ru' });
    const paths = ['/', '/help', '/privacy', '/terms', '/donations'];
    for (const width of [320, 768]) {
      await page.setViewportSize({ width, height: 1024 });
      expect({ width, misfits: await pagesThatDoNotFit(page, paths) }).toEqual({
        width,
        misfits: [],
      });
    }
  });

  it("keeps the dashboard's progress card as tall while the statistics load as once they came, in Russian on a phone", async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage({ language: 'ru', viewport: { width: 360, height: 800 } });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/exams/stats', async (route) => {
      await held;
      await route.continue();
    });
    await harness().loginWithToken(page, learner.token);
    const card = page
      .getByRole('heading', { name: 'Прогресс обучения' })
      .locator('xpath=ancestor::section[1]');
    await page.getByTestId('progress-pending').waitFor();
    const loading = await card.boundingBox();
    release();
    await page.getByTestId('badge-level').waitFor();
    const loaded = await card.boundingBox();
    expect(loaded?.height).toBeGreaterThan(0);
    expect(loaded?.height).toBe(loading?.height);
  });

  it("names the training page's buttons in each language's word order", async () => {
    const learner = await harness().registerLearner();
    const names = async (language: string) => {
      const page = await harness().newPage({ language });
      await harness().loginWithToken(page, learner.token, '/training');
      const tickets = page.getByRole('button', { name: /^(Choose Tickets|문제지 선택)$/ });
      await tickets.waitFor();
      const cards = await tickets.getAttribute('aria-label');
      await tickets.click();
      const start = await page
        .getByRole('button', { name: /^(Start Ticket 1|1번 문제지 시작)$/ })
        .getAttribute('aria-label');
      await page.close();
      return [cards, start];
    };
    expect(await names('en')).toEqual(['Choose Tickets', 'Start Ticket 1']);
    // The object before the verb: "주제 선택", never the English order "선택 주제".
    expect(await names('ko')).toEqual(['문제지 선택', '1번 문제지 시작']);
  });

  it("writes each topic's accuracy clear of the pass line and the bars, in Russian on a phone", async () => {
    const learner = await harness().registerLearner();
    // Every first answer: some topics come out below the pass mark, some above.
    await harness().submitExam(learner);
    const page = await harness().newPage({ language: 'ru', viewport: { width: 390, height: 844 } });
    await harness().loginWithToken(page, learner.token);
    const chart = page.getByRole('figure', { name: /тем/ });
    const passLine = await chart.getByTestId('chart-pass-line').boundingBox();
    const bars = await chart
      .getByTestId('chart-bar')
      .evaluateAll((rects) => rects.map((rect) => rect.getBoundingClientRect().right));
    // Where each figure's words begin (its cell begins where the bars' column ends).
    const lefts = await chart.getByTestId('chart-figure').evaluateAll((cells) =>
      cells.map((cell) => {
        const words = document.createRange();
        words.selectNodeContents(cell);
        return words.getBoundingClientRect().left;
      }),
    );
    expect(lefts).toHaveLength(bars.length);
    expect(bars.length).toBeGreaterThanOrEqual(8);
    const clearOf = Math.max(passLine!.x + passLine!.width, ...bars);
    for (const left of lefts) expect(left).toBeGreaterThan(clearOf);
    // Nor does any of the charts' words stick out of its box.
    expect(await boxesOverflowing(page)).toEqual([]);
  });

  it('stays in English and says why when Russian is chosen offline before its files were kept', async () => {
    // A first visit: no service worker has kept the other languages' files yet.
    const page = await harness().newPage({ viewport: { width: 390, height: 844 } });
    await page.goto('/');
    await page
      .getByRole('heading', { level: 1, name: 'Pass your driving theory test with confidence' })
      .waitFor();
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('language-mobile').getByRole('button').click();
    await page.locator('[role="menuitemradio"][data-language="ru"]').click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Русский could not be loaded. Check your connection and try again.' })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => window.localStorage.getItem('i18nextLng'))).toBe('en');
    await page
      .getByRole('heading', { level: 1, name: 'Pass your driving theory test with confidence' })
      .waitFor();

    await page.context().setOffline(false);
    await page.getByTestId('language-mobile').getByRole('button').click();
    await page.locator('[role="menuitemradio"][data-language="ru"]').click();
    await page.getByRole('heading', { level: 1, name: LANGUAGES[0]!.heading }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'could not be loaded' }).count()).toBe(
      0,
    );
  });

  it("says a page's strings could not be loaded, instead of drawing their keys, and Try again brings the page", async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token);
    // A file the server does not have (a tab older than the server's version, say): no retry.
    const strings = '**/locales/en/training.json';
    let asked = 0;
    await page.route(strings, (route) => {
      asked += 1;
      return route.fulfill({ status: 404, body: 'missing' });
    });
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Training' })
      .click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not reach the server' });
    await alert.waitFor();
    expect(await page.getByText('modes.tickets.title').count()).toBe(0);
    expect(asked).toBe(1);

    await page.unroute(strings);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Training' }).waitFor();
    expect(await page.getByText('Tickets', { exact: true }).count()).toBeGreaterThan(0);
    expect(await alert.count()).toBe(0);
  });

  for (const role of ['learner', 'administrator'] as const) {
    it(`fits every signed-in page of ${role === 'learner' ? 'a learner' : 'an administrator'} on a tablet in English and Russian, header included`, async () => {
      const token =
        role === 'learner'
          ? (await harness().registerLearner()).token
          : await harness().adminToken();
      const paths = role === 'learner' ? SIGNED_IN_PATHS : [...SIGNED_IN_PATHS, '/admin'];
      for (const language of ['en', 'ru']) {
        const page = await harness().newPage({ language, viewport: { width: 768, height: 1024 } });
        await harness().loginWithToken(page, token);
        expect({ language, misfits: await pagesThatDoNotFit(page, paths) }).toEqual({
          language,
          misfits: [],
        });
      }
    });
  }
});
