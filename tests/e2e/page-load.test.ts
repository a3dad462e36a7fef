import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

describe('loading the built app in Chromium', () => {
  it('never fetches the stylesheet inlined in index.html, not even for a lazy chunk', async () => {
    const h = harness();
    const learner = await h.registerLearner('css');
    // A result, so the dashboard draws its charts: a chunk loaded on demand after the first paint.
    await h.submitExam(learner);
    const page = await h.newPage();
    let fetched: string[] = [];
    // What one page load fetches: the list starts again with each navigation.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) fetched = [];
    });
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));

    await h.loginWithToken(page, learner.token, '/dashboard');
    // The charts load as they come near the screen.
    await page.getByTestId('stat-best').waitFor();
    await page.mouse.wheel(0, 5000);
    await page.locator('.recharts-surface').first().waitFor();

    expect(fetched.some((url) => /\/DashboardCharts-[\w-]+\.js$/.test(url))).toBe(true);
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

  it('fetches the charts on a phone only once the learner scrolls down to them', async () => {
    const h = harness();
    const learner = await h.registerLearner('phonecharts');
    await h.submitExam(learner);
    const page = await h.newPage({ viewport: { width: 412, height: 823 } });
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const charts = () => fetched.filter((url) => /\/DashboardCharts-[\w-]+\.js$/.test(url));

    await h.loginWithToken(page, learner.token, '/dashboard');
    await page.getByTestId('stat-best').filter({ hasText: '%' }).waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    expect(charts()).toEqual([]);
    expect(await page.locator('.recharts-surface').count()).toBe(0);

    await page.getByRole('heading', { level: 3 }).last().scrollIntoViewIfNeeded();
    await page.locator('.recharts-surface').first().waitFor();
    expect(charts()).toHaveLength(1);
  });
});
