import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

/**
 * Chunks the app loads on its own schedule, not to show a page: none is preloaded, but for
 * call-failure, which the kept work loads after any page and the machines' pages name.
 */
const DEFERRED_CHUNKS =
  /\/(pending-results|server-back|call-failure|follow-other-tabs|MaintenanceBanner|AppStatusBanner|service-worker|offline-caches)-[\w-]+\.js$/;

const PAGES: { path: string; visitor: 'guest' | 'learner' | 'admin' }[] = [
  { path: '/', visitor: 'guest' },
  { path: '/login', visitor: 'guest' },
  { path: '/register', visitor: 'guest' },
  { path: '/help', visitor: 'guest' },
  { path: '/terms', visitor: 'guest' },
  { path: '/dashboard', visitor: 'learner' },
  { path: '/questions', visitor: 'learner' },
  { path: '/training', visitor: 'learner' },
  { path: '/exam', visitor: 'learner' },
  { path: '/profile', visitor: 'learner' },
  { path: '/admin', visitor: 'admin' },
];

interface Drawn {
  bar: { height: number; background: string };
  mark: { x: number; y: number; width: number; height: number; background: string };
  page: string;
}

/** Where and in which colours the header's bar and mark are drawn, and the page behind them. */
function drawnHeader({ bar, mark }: { bar: string; mark: string }): Drawn {
  const box = (selector: string) => {
    const element = document.querySelector(selector);
    if (!element) throw new Error(`nothing matches ${selector}`);
    return { rect: element.getBoundingClientRect(), style: getComputedStyle(element) };
  };
  const drawnBar = box(bar);
  const drawnMark = box(mark);
  return {
    bar: { height: drawnBar.rect.height, background: drawnBar.style.backgroundColor },
    mark: {
      x: drawnMark.rect.x,
      y: drawnMark.rect.y,
      width: drawnMark.rect.width,
      height: drawnMark.rect.height,
      background: drawnMark.style.backgroundColor,
    },
    page: getComputedStyle(document.documentElement).backgroundColor,
  };
}

describe('loading the built app in Chromium', () => {
  it("draws the header's bar and mark before any script has run, where and as the app then draws them", async () => {
    const cases = (['light', 'dark'] as const).flatMap((colorScheme) =>
      [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ].map((viewport) => ({ colorScheme, viewport })),
    );
    // The four cases at once, each in its own browser context.
    await Promise.all(
      cases.map(async ({ colorScheme, viewport }) => {
        const before = await harness().newPage({ colorScheme, viewport });
        await before.route('**/*.js', (route) => route.abort());
        await before.goto('/login');
        const drawnBefore = await before.evaluate(drawnHeader, {
          bar: '.boot-bar',
          mark: '.boot-mark',
        });
        const after = await harness().newPage({ colorScheme, viewport });
        await after.goto('/login');
        await after.locator('main h1').waitFor();
        expect(await after.locator('.boot-bar').count()).toBe(0);
        const drawnAfter = await after.evaluate(drawnHeader, {
          bar: 'header',
          mark: 'header a[href="/"] > span',
        });
        expect(drawnBefore, `${colorScheme} at ${viewport.width}`).toEqual(drawnAfter);
      }),
    );
  });

  it('draws the first words of / on a phone and of /login before any script has run, where and as the app then draws them', async () => {
    const phone = { width: 390, height: 844 };
    const desktop = { width: 1280, height: 800 };
    const landing = ['.boot-eyebrow', '.boot-hero-title', '.boot-hero-text'];
    const login = ['.boot-panel-title', '.boot-panel-text'];
    const cases = [
      { path: '/', viewport: phone, colorScheme: 'light', language: 'en', boot: landing },
      { path: '/', viewport: phone, colorScheme: 'dark', language: 'ru', boot: landing },
      { path: '/login', viewport: phone, colorScheme: 'light', language: 'ko', boot: login },
      { path: '/login', viewport: desktop, colorScheme: 'dark', language: 'en', boot: login },
    ] as const;
    // The same words in the same boxes, colours and type: the app's take the place of the
    // page's own without a jump.
    const drawn = (selectors: readonly string[]) =>
      selectors.map((selector) => {
        const element = document.querySelector(selector);
        if (!element) return `nothing matches ${selector}`;
        const { x, y, width, height } = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return {
          text: element.textContent,
          box: [x, y, width, height].map(Math.round),
          type: [style.fontSize, style.fontWeight, style.lineHeight, style.letterSpacing],
          colours: [style.color, style.backgroundColor],
        };
      });
    await Promise.all(
      cases.map(async ({ path, viewport, colorScheme, language, boot }) => {
        const name = `${path} at ${viewport.width}, ${colorScheme}, ${language}`;
        const before = await harness().newPage({ colorScheme, viewport, language });
        await before
          .context()
          .addCookies([{ name: 'i18next', value: language, url: harness().baseURL }]);
        await before.route('**/*.js', (route) => route.abort());
        await before.goto(path);
        const drawnBefore = await before.evaluate(drawn, boot);
        const after = await harness().newPage({ colorScheme, viewport, language });
        await after.goto(path);
        await after.locator('main h1').waitFor();
        expect(await after.locator('.boot-main').count(), name).toBe(0);
        const app =
          path === '/'
            ? ['main span:has(+ h1)', 'main h1', 'main h1 + p']
            : ['main h1', 'main h1 + p'];
        expect(drawnBefore, name).toEqual(await after.evaluate(drawn, app));
      }),
    );
    // Wider, the landing's hero sets its text beside a picture the page does not draw: the
    // first paint leaves it to the app.
    const wide = await harness().newPage({ viewport: desktop });
    await wide.route('**/*.js', (route) => route.abort());
    await wide.goto('/');
    expect(await wide.locator('.boot-hero-title').isVisible()).toBe(false);
    expect(await wide.locator('.boot-bar').isVisible()).toBe(true);
  });

  it("draws the first paint in the theme the reader chose, not the system's", async () => {
    for (const [system, chosen] of [
      ['light', 'dark'],
      ['dark', 'light'],
    ] as const) {
      const before = await harness().newPage({ colorScheme: system });
      await before.goto('/help');
      // The app's own toggle makes the choice (and keeps it for the server's first paint).
      await before.getByRole('button', { name: /theme/i }).click();
      await before.waitForFunction(
        (theme) => document.documentElement.dataset.theme === theme,
        chosen,
      );
      await before.route('**/*.js', (route) => route.abort());
      await before.reload();
      const drawnBefore = await before.evaluate(drawnHeader, {
        bar: '.boot-bar',
        mark: '.boot-mark',
      });
      await before.unroute('**/*.js');
      await before.reload();
      await before.locator('main h1').waitFor();
      const drawnAfter = await before.evaluate(drawnHeader, {
        bar: 'header',
        mark: 'header a[href="/"] > span',
      });
      expect(drawnBefore, `${chosen} chosen, ${system} system`).toEqual(drawnAfter);
    }
  });

  it("tells a browser without JavaScript that the app needs it, in the reader's language", async () => {
    const h = harness();
    const context = await h.browser.newContext({ baseURL: h.baseURL, javaScriptEnabled: false });
    await context.addCookies([{ name: 'i18next', value: 'ru', url: h.baseURL }]);
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.locator('html').getAttribute('lang')).toBe('ru');
    expect(await page.locator('.boot-note').textContent()).toContain('нужен JavaScript');
    await context.close();
  });

  it('tells a browser without JavaScript that the app needs it', async () => {
    const h = harness();
    const context = await h.browser.newContext({ baseURL: h.baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login');
    // Text locators skip <noscript>; the note is found by its class.
    const note = page.locator('.boot-note');
    expect(await note.isVisible()).toBe(true);
    expect(await note.textContent()).toContain('Theory Trainer needs JavaScript');
    await context.close();
  });

  it("fetches each page's code and strings beside the entry script, named in the page's head", async () => {
    const h = harness();
    const learner = await h.registerLearner('preload');
    const tokens = { guest: null, learner: learner.token, admin: await h.adminToken() };
    // A few pages at a time, each in its own browser context: most of a page's time here is
    // spent waiting for the network to stay quiet.
    const checkPage = async ({ path, visitor }: (typeof PAGES)[number]) => {
      const page = await h.newPage();
      // Four pages load at once: on a loaded two-core machine one took more than the 10 s.
      page.setDefaultTimeout(30_000);
      const token = tokens[visitor];
      if (token) {
        await page.goto('/help');
        await page.evaluate((value) => window.localStorage.setItem('token', value), token);
      }
      const fetched: string[] = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      const response = await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('main h1').first().waitFor();
      const html = (await response?.text()) ?? '';
      const named = new Set(
        [...html.matchAll(/<(?:link|script)\b[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]),
      );
      const needed = fetched.filter(
        (url) =>
          url.startsWith('/locales/') ||
          url.endsWith('.css') ||
          (url.endsWith('.js') && !DEFERRED_CHUNKS.test(url)),
      );
      // A preload the page could not use would show as a second request for the same file.
      expect(new Set(needed).size, `${path} fetched a file twice: ${needed.join(' ')}`).toBe(
        needed.length,
      );
      // The page's own chunk at least, and its strings beyond the common ones.
      expect(needed.length, path).toBeGreaterThan(2);
      for (const url of needed) expect(named.has(url), `${path} fetched ${url} late`).toBe(true);
      await page.close();
    };
    for (let first = 0; first < PAGES.length; first += 4) {
      await Promise.all(PAGES.slice(first, first + 4).map(checkPage));
    }
  });

  it("leaves XState and the auth machine out of a guest's public pages, and brings them for the sign-in", async () => {
    const h = harness();
    const page = await h.newPage();
    page.setDefaultTimeout(30_000);
    /** Each script the page fetched that holds XState's runtime (its start-up event's name). */
    const withXState: string[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url()).pathname;
      if (!url.endsWith('.js')) return;
      void response.text().then(
        (code) => code.includes('xstate.init') && withXState.push(url),
        () => undefined,
      );
    });
    for (const path of ['/', '/help', '/terms']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await page.locator('main h1').first().waitFor();
      expect(withXState, `${path} fetched XState`).toEqual([]);
    }
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).first().click();
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(withXState.length).toBeGreaterThan(0);
    await page.close();
  });

  it('says a page whose code cannot be fetched could not reach the server, and Try again brings it', async () => {
    const learner = await harness().registerLearner();
    const page = await harness().newPage();
    await harness().loginWithToken(page, learner.token);
    const code = '**/assets/exam-*.js';
    await page.route(code, (route) => route.abort());
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Exam' })
      .click();
    // The router reloads the page once by itself; the code fails again, and the screen says so.
    const alert = page.getByRole('alert').filter({ hasText: 'Could not reach the server' });
    await alert.waitFor();
    expect(await page.getByText('dynamically imported module').count()).toBe(0);

    // The browser keeps a failed module for the page's lifetime: Try again has to reload.
    await page.unroute(code);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Exam' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/exam');
  });

  it('says the same when only the stylesheet of a page cannot be fetched (a first visit gone offline)', async () => {
    const page = await harness().newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const styles = '**/assets/*.css';
    await page.route(styles, (route) => route.abort('internetdisconnected'));
    await page.getByRole('link', { name: 'Register' }).first().click();
    const alert = page.getByRole('alert').filter({ hasText: 'Could not reach the server' });
    await alert.waitFor();
    expect(await page.getByText('This page could not be loaded').count()).toBe(1);
    expect(await page.getByText('Unable to preload CSS').count()).toBe(0);

    await page.unroute(styles);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  });

  it('never fetches the stylesheet inlined in index.html, not even for a lazy chunk', async () => {
    const h = harness();
    const learner = await h.registerLearner('css');
    // A result, so the dashboard draws its charts and their styles.
    await h.submitExam(learner);
    const page = await h.newPage();
    let fetched: string[] = [];
    // What one page load fetches: the list starts again with each document the tab loads (not
    // with the app's own navigations, whose chunks the router may fetch on hover, before the
    // click changes the address).
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) fetched = [];
      fetched.push(new URL(request.url()).pathname);
    });

    await h.loginWithToken(page, learner.token, '/dashboard');
    await page.getByTestId('chart-plot').nth(1).waitFor();
    const beforeTraining = fetched.length;
    // Then the training page: its chunk, and its styles, loaded on demand by the running app.
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Training' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Training' }).waitFor();
    expect(fetched.slice(beforeTraining).some((url) => /\/training-[\w-]+\.js$/.test(url))).toBe(
      true,
    );
    const inlineRules = await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((style) => style.textContent ?? ''),
    );
    expect(inlineRules.join('').length).toBeGreaterThan(1000);
    const stylesheets = fetched.filter((url) => url.endsWith('.css'));
    expect(new Set(stylesheets).size).toBe(stylesheets.length);
    for (const url of stylesheets) {
      const rules = await (await page.request.get(url)).text();
      expect(inlineRules, `${url} is already inlined`).not.toContain(rules);
    }
    const links = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map(
        (link) => link.href,
      ),
    );
    expect(new Set(links).size).toBe(links.length);
  });

  it('ends the dashboard at its footer once its charts and their tables for screen readers are drawn', async () => {
    const h = harness();
    const learner = await h.registerLearner('dashend');
    await h.submitExam(learner);
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await h.newPage({ viewport });
      await h.loginWithToken(page, learner.token, '/dashboard');
      // The scores over time and the accuracy by topic.
      await page.getByTestId('chart-plot').nth(1).waitFor();
      const scrollableBelowFooter = await page.evaluate(() => {
        const footer = document.querySelector('footer');
        if (!footer) throw new Error('no footer');
        const footerEnd = footer.getBoundingClientRect().bottom + window.scrollY;
        return document.documentElement.scrollHeight - footerEnd;
      });
      expect(scrollableBelowFooter, `at ${viewport.width} px`).toBeLessThanOrEqual(1);
      await page.close();
    }
  });
});
