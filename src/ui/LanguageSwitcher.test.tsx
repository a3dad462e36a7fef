import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next, { type BackendModule, type LanguageDetectorModule } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import english from '../../public/locales/en/common.json';
import russian from '../../public/locales/ru/common.json';
import { followLanguage } from '../i18n';
import { I18nProvider, reactBinding } from '../i18n/react';
import { LanguageSwitcher } from './LanguageSwitcher';

afterEach(cleanup);

/**
 * English at hand, Russian fetched, Chinese and Korean failing as a fetch does offline (until
 * `online` is set).
 */
function instanceOffline() {
  const stored: string[] = [];
  const network = { online: false, fetches: 0 };
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, _namespace, callback) {
      network.fetches += 1;
      if (language === 'ru' || network.online) callback(null, russian);
      else callback(new Error('Failed to fetch'), false);
    },
  };
  const detector: LanguageDetectorModule = {
    type: 'languageDetector',
    detect: () => 'en',
    cacheUserLanguage: (language) => void stored.push(language),
  };
  const i18n = i18next.createInstance();
  void i18n
    .use(backend)
    .use(detector)
    .use(reactBinding)
    .init({
      supportedLngs: ['en', 'ru', 'zh', 'ko'],
      fallbackLng: 'en',
      resources: { en: { common: english } },
      partialBundledLanguages: true,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  return { i18n, stored, network };
}

async function choose(name: string) {
  fireEvent.click(screen.getByRole('button', { name: /^Language: / }));
  await act(async () => {
    fireEvent.click(screen.getByRole('menuitemradio', { name }));
  });
}

describe('LanguageSwitcher', () => {
  it('switches to a language whose strings come, with no word of trouble', async () => {
    const { i18n, stored } = instanceOffline();
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSwitcher />
      </I18nProvider>,
    );
    await choose('Русский');
    expect(screen.getByRole('button', { name: 'Язык: Русский. Выберите язык' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(stored.at(-1)).toBe('ru');
  });

  it('keeps the language shown, as the choice, and says why when the chosen one cannot be fetched', async () => {
    const { i18n, stored } = instanceOffline();
    followLanguage(i18n);
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSwitcher />
      </I18nProvider>,
    );
    await choose('中文');
    expect(screen.getByRole('alert').textContent).toBe(
      '中文 could not be loaded. Check your connection and try again.',
    );
    expect(
      screen.getByRole('button', { name: 'Language: English. Choose a language' }),
    ).toBeTruthy();
    // Kept for the next visit and read by screen readers as what the page is in: English.
    expect(stored.at(-1)).toBe('en');
    expect(document.documentElement.lang).toBe('en');

    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the word of trouble away when the menu opens again, where it sat', async () => {
    const { i18n } = instanceOffline();
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSwitcher />
      </I18nProvider>,
    );
    await choose('한국어');
    expect(screen.getByRole('alert').textContent).toContain('한국어 could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: /^Language: / }));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('menuitemradio', { name: 'Русский' }));
    });
    expect(screen.getByRole('button', { name: 'Язык: Русский. Выберите язык' })).toBeTruthy();
  });
  it('fetches the files again when the language is chosen again, once the connection is back', async () => {
    const { i18n, network } = instanceOffline();
    render(
      <I18nProvider i18n={i18n}>
        <LanguageSwitcher />
      </I18nProvider>,
    );
    await choose('中文');
    expect(screen.getByRole('alert')).toBeTruthy();
    const fetchesOffline = network.fetches;
    network.online = true;
    await choose('中文');
    expect(network.fetches).toBeGreaterThan(fetchesOffline);
    expect(screen.queryByRole('alert')).toBeNull();
    // The test's Chinese files carry the Russian words: what came is what is drawn.
    expect(screen.getByRole('button', { name: 'Язык: 中文. Выберите язык' })).toBeTruthy();
  });
});

describe('followLanguage', () => {
  it('sets the page language to the one drawn', async () => {
    const { i18n } = instanceOffline();
    followLanguage(i18n);
    await i18n.changeLanguage('ru');
    expect(document.documentElement.lang).toBe('ru');
    await i18n.changeLanguage('zh');
    // The chosen Chinese failed: the page is drawn in English.
    expect(document.documentElement.lang).toBe('en');
  });
});
