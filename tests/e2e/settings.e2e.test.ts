import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

const NOTICE = { enabled: true, message: 'Planned maintenance tonight from 22:00 to 23:00.' };

/** Sets a setting by key as the administrator, through the API. */
async function setSetting(token: string, key: string, value: string): Promise<void> {
  const { status } = await harness().api('PUT', `/settings/key/${key}`, {
    token,
    body: { value },
  });
  expect(status, key).toBe(200);
}

describe('administrator settings in Chromium', () => {
  it("a guest sees the school's name, the maintenance notice and that registration is closed", async () => {
    const token = await harness().adminToken();
    await setSetting(token, 'site_name', 'Vienna Driving School');
    await setSetting(token, 'maintenance_notice', JSON.stringify(NOTICE));
    await setSetting(token, 'registration_open', 'false');
    try {
      const page = await harness().newPage();
      // The page brings the settings along: the first render already has the school's name.
      const settingsRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/v1/settings')) settingsRequests.push(request.url());
      });
      const brandNames: string[] = [];
      await page.exposeFunction('recordBrand', (name: string) => brandNames.push(name));
      await page.addInitScript(() => {
        const record = (window as unknown as { recordBrand: (name: string) => void }).recordBrand;
        new MutationObserver(() => {
          const brand = document.querySelector('header a[href="/"]')?.textContent;
          if (brand) record(brand);
        }).observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto('/');
      const header = page.locator('header');
      await header.getByRole('link', { name: 'Vienna Driving School' }).waitFor();
      expect(await page.title()).toBe('Vienna Driving School');
      expect(new Set(brandNames)).toEqual(new Set(['Vienna Driving School']));
      const banner = page.getByTestId('maintenance-banner');
      // The banner's code loads only once a notice is on: waited for, not checked at once.
      await banner.getByText(NOTICE.message).waitFor();
      expect(await header.getByRole('link', { name: 'Register' }).count()).toBe(0);
      expect(await page.locator('footer').textContent()).toContain(
        'Vienna Driving School. All rights reserved.',
      );

      await page.goto('/register');
      await page.getByRole('heading', { name: 'Registration is currently closed' }).waitFor();
      expect(await page.getByLabel(/^First name/).count()).toBe(0);
      expect(await page.title()).toBe('Register — Vienna Driving School');

      // The notice stays hidden for the rest of the session once dismissed.
      await banner.getByRole('button', { name: 'Hide this notice' }).click();
      await banner.waitFor({ state: 'detached' });
      await page.goto('/help');
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.title()).toBe('Help Center — Vienna Driving School');
      // Given the banner's code every chance to arrive and render first.
      await page.waitForLoadState('networkidle');
      expect(settingsRequests).toEqual([]);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      expect(await banner.count()).toBe(0);

      // The longest name the server takes fits the bar: cut short with an ellipsis, the car
      // mark beside it at its size, the page no wider than the window, on a laptop and a phone.
      const longName = 'Fahrschule Müller & Söhne – Online-Theorietrainer Klasse B'.padEnd(60, '.');
      await setSetting(token, 'site_name', longName);
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        const narrow = await harness().newPage({ viewport });
        await narrow.goto('/');
        const link = narrow.locator('header').getByRole('link', { name: longName });
        await link.waitFor();
        const layout = await link.evaluate((brand) => {
          const mark = brand.firstElementChild as HTMLElement;
          const name = brand.lastElementChild as HTMLElement;
          // The first thing after the brand that shows (links, or the buttons at the end).
          const next = [...(brand.parentElement?.children ?? [])]
            .slice(1)
            .find((element) => element.getBoundingClientRect().width > 0);
          return {
            mark: mark.getBoundingClientRect().width,
            cut: name.scrollWidth > name.clientWidth || name.scrollHeight > name.clientHeight,
            overlaps:
              brand.getBoundingClientRect().right > (next?.getBoundingClientRect().left ?? 0),
            pageWidth: document.documentElement.scrollWidth,
            title: brand.getAttribute('title'),
          };
        });
        expect(layout.mark, `${viewport.width}`).toBeGreaterThanOrEqual(32);
        expect(layout.pageWidth, `${viewport.width}`).toBe(viewport.width);
        expect(layout.title).toBe(longName);
        expect(layout.overlaps, `${viewport.width}`).toBe(false);
        // A phone has no room for all of it.
        if (viewport.width < 500) expect(layout.cut).toBe(true);
        await narrow.close();
      }

      // Back to the defaults: the translated name, the form, no banner.
      await setSetting(token, 'site_name', 'Theory Trainer');
      await setSetting(token, 'maintenance_notice', '{"enabled":false,"message":""}');
      await setSetting(token, 'registration_open', 'true');
      const russian = await harness().newPage({ language: 'ru' });
      await russian.goto('/register');
      await russian.locator('form').waitFor();
      expect(await russian.title()).toBe('Регистрация — Теория вождения');
      expect(await russian.getByTestId('maintenance-banner').count()).toBe(0);
    } finally {
      await setSetting(token, 'site_name', 'Theory Trainer');
      await setSetting(token, 'maintenance_notice', '{"enabled":false,"message":""}');
      await setSetting(token, 'registration_open', 'true');
    }
  });
});
