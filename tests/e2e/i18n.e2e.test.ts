import { describe, expect, it } from 'vitest';
import { sharedHarness } from './harness';

const harness = sharedHarness();

const LANGUAGES = [
  { code: 'ru', lang: 'ru', heading: 'Сдайте теорию на права уверенно' },
  { code: 'zh', lang: 'zh-CN', heading: '自信地通过驾驶理论考试' },
  { code: 'ko', lang: 'ko', heading: '자신 있게 운전면허 필기시험에 합격하세요' },
] as const;

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
      const cookies = await page.context().cookies();
      expect(cookies.find((cookie) => cookie.name === 'i18next')?.value).toBe(language.code);
    });
  }

  it('switches from the footer too, and back to English', async () => {
    const page = await harness().newPage({ language: 'ko' });
    await page.goto('/help');
    await page.getByTestId('language-footer').getByRole('button').click();
    await page.locator('[role="menuitemradio"][data-language="en"]').click();
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
