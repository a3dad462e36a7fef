import type { BackendModule, LanguageDetectorModule, ReadCallback } from 'i18next';
import { readStored, writeStored } from '../lib/browser-storage';
import { LANGUAGES } from './config';

/** Where the user's choice is kept (the names i18next's browser detector used: earlier choices stay). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
export const LANGUAGE_COOKIE = 'i18next';

/** The files under public/locales, one per language and namespace. */
export const localeUrl = (language: string, namespace: string) =>
  `/locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;

/** What i18next may take from storage: a plain language code, nothing that could reach markup. */
const isLanguageCode = (value: string | null | undefined): value is string =>
  typeof value === 'string' && /^[A-Za-z0-9_-]{1,35}$/.test(value);

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      try {
        return decodeURIComponent(entry.slice(prefix.length));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/**
 * The user's language: the choice kept in localStorage, then in the cookie, then the page's own
 * `lang` (English in index.html). i18next takes the first one it supports and caches its pick
 * back in both places.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const stored = readStored(LANGUAGE_STORAGE_KEY);
    // A stored supported language (what the app itself keeps there) wins anyway: no need for the
    // cookie, whose read is a synchronous round trip to the browser process.
    if (stored !== null && (LANGUAGES as readonly string[]).includes(stored)) return [stored];
    return [
      stored,
      readCookie(LANGUAGE_COOKIE),
      document.documentElement.getAttribute('lang'),
    ].filter(isLanguageCode);
  },
  cacheUserLanguage(language) {
    if (!isLanguageCode(language)) return;
    // Storage blocked: the cookie still keeps the choice.
    writeStored(LANGUAGE_STORAGE_KEY, language);
    // A year, not the session: the server reads it to preload a page's strings in this language.
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Max-Age=31536000; SameSite=Strict`;
  },
};

/**
 * Fetches `/locales/{language}/{namespace}.json`. A network failure while online or a 5xx is
 * reported as retryable (i18next tries again with a growing delay); a failure while offline, a
 * 4xx or a body that is not JSON is not.
 */
export const localeBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const url = localeUrl(language, namespace);
    fetch(url).then(
      async (response) => {
        if (!response.ok) {
          callback(`failed loading ${url}: ${response.status}`, response.status >= 500);
          return;
        }
        let strings: Record<string, unknown>;
        try {
          strings = (await response.json()) as Record<string, unknown>;
        } catch {
          callback(`failed parsing ${url} as JSON`, false);
          return;
        }
        callback(null, strings);
      },
      // Offline, trying again in a few seconds would only keep the page waiting for its error.
      (error: unknown) =>
        callback(
          `failed loading ${url}: ${error instanceof Error ? error.message : ''}`,
          navigator.onLine !== false,
        ),
    );
  },
};
