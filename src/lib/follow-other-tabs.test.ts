import { afterEach, describe, expect, it } from 'vitest';
import { LANGUAGE_STORAGE_KEY } from '../i18n/browser';
import { testI18n } from '../test/render-app';
import { initTheme, THEME_STORAGE_KEY } from '../theme/theme';
import { followOtherTabsChoices } from './follow-other-tabs';

afterEach(() => localStorage.clear());

/** Another tab stores `value` under `key`, and this one hears of it. */
function otherTabStores(key: string, value: string) {
  localStorage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
}

describe("following the other tabs' theme and language", () => {
  it('takes the theme another tab picked', () => {
    initTheme();
    const stop = followOtherTabsChoices(testI18n());
    otherTabStores(THEME_STORAGE_KEY, 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    otherTabStores(THEME_STORAGE_KEY, 'light');
    expect(document.documentElement.dataset.theme).toBe('light');
    stop();
    otherTabStores(THEME_STORAGE_KEY, 'dark');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('speaks the language another tab picked, and only a language the app has', async () => {
    const i18n = testI18n();
    const stop = followOtherTabsChoices(i18n);
    otherTabStores(LANGUAGE_STORAGE_KEY, 'ru');
    await expect.poll(() => i18n.language).toBe('ru');
    otherTabStores(LANGUAGE_STORAGE_KEY, 'de');
    otherTabStores('unrelated', 'ko');
    expect(i18n.language).toBe('ru');
    stop();
  });
});
