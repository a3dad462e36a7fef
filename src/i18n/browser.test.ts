import i18next, { type ReadCallback } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import {
  LANGUAGE_COOKIE,
  LANGUAGE_STORAGE_KEY,
  languageDetector,
  localeBackend,
  localeUrl,
} from './browser';
import { LANGUAGES } from './config';

function clearCookie() {
  document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Max-Age=0`;
}

/** Calls the backend's read and resolves with what it handed to the callback. */
function read(language: string, namespace: string) {
  return new Promise<{ error: unknown; data: unknown }>((resolve) => {
    const callback: ReadCallback = (error, data) => resolve({ error, data });
    localeBackend.read(language, namespace, callback);
  });
}

describe('language detector', () => {
  beforeEach(() => {
    window.localStorage.clear();
    clearCookie();
    document.documentElement.setAttribute('lang', 'en');
  });

  it('takes the stored choice first', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ko');
    document.cookie = `${LANGUAGE_COOKIE}=ru; Path=/`;
    expect(languageDetector.detect()).toEqual(['ko']);
  });

  it('falls back to the cookie, then to the page language', () => {
    document.cookie = `${LANGUAGE_COOKIE}=zh; Path=/`;
    expect(languageDetector.detect()).toEqual(['zh', 'en']);
    clearCookie();
    expect(languageDetector.detect()).toEqual(['en']);
  });

  it('lists an unsupported stored value before the others, for i18next to pass over', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    document.cookie = `${LANGUAGE_COOKIE}=ru; Path=/`;
    expect(languageDetector.detect()).toEqual(['de', 'ru', 'en']);
  });

  it('ignores values that are not language codes', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, '"><script>');
    expect(languageDetector.detect()).toEqual(['en']);
  });

  it('keeps the choice in localStorage and in a cookie', () => {
    languageDetector.cacheUserLanguage?.('ru');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ru');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=ru`);
  });

  it('lets i18next resolve a regional code to a supported language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ru-RU');
    const instance = i18next.createInstance();
    await instance.use(languageDetector).init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: 'en',
      resources: { en: { common: { hello: 'Hello' } }, ru: { common: { hello: 'Привет' } } },
    });
    expect(instance.resolvedLanguage).toBe('ru');
    expect(instance.t('common:hello')).toBe('Привет');
  });
});

describe('locale backend', () => {
  let fetchMock: MockInstance<typeof fetch>;

  beforeEach(() => {
    fetchMock = vi.spyOn(globalThis, 'fetch');
  });

  afterEach(() => {
    fetchMock.mockRestore();
  });

  it('fetches /locales/{lng}/{ns}.json and hands over its strings', async () => {
    fetchMock.mockResolvedValue(Response.json({ title: 'Hello' }));
    await expect(read('en', 'pages')).resolves.toEqual({
      error: null,
      data: { title: 'Hello' },
    });
    expect(fetchMock).toHaveBeenCalledWith('/locales/en/pages.json');
    expect(localeUrl('zh', 'common')).toBe('/locales/zh/common.json');
  });

  it('asks i18next to retry after a network failure or a 5xx, not after a 4xx', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect((await read('en', 'pages')).data).toBe(true);
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 503 }));
    expect((await read('en', 'pages')).data).toBe(true);
    fetchMock.mockResolvedValueOnce(new Response('missing', { status: 404 }));
    const missing = await read('en', 'pages');
    expect(missing.error).toBeTruthy();
    expect(missing.data).toBe(false);
  });

  it('does not ask for a retry of a fetch that failed while the browser is offline', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
      const offline = await read('en', 'pages');
      expect(offline.error).toBeTruthy();
      expect(offline.data).toBe(false);
    } finally {
      online.mockRestore();
    }
  });

  it('reports a body that is not JSON without a retry', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));
    const result = await read('en', 'pages');
    expect(result.error).toBeTruthy();
    expect(result.data).toBe(false);
  });
});
