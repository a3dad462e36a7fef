import i18next, { type i18n as I18n } from 'i18next';
import { languageDetector, localeBackend } from './browser';
import {
  DEFAULT_NAMESPACE,
  FALLBACK_LANGUAGE,
  LANGUAGES,
  LANGUAGE_TAGS,
  toLanguage,
} from './config';
import { reactBinding } from './react';

export * from './config';
export { loadNamespaces } from './load';

/**
 * The html `lang` attribute follows the language the page is drawn in: a chosen language whose
 * strings could not be fetched leaves the page in the fallback's words, read as such.
 */
export function followLanguage(instance: I18n) {
  const update = (lng: string | undefined) => {
    document.documentElement.lang = LANGUAGE_TAGS[toLanguage(instance.resolvedLanguage ?? lng)];
  };
  instance.on('languageChanged', update);
  update(instance.language);
}

export interface I18nStart {
  i18n: I18n;
  /** Resolves once the user's language and the common namespace are loaded. */
  ready: Promise<void>;
}

/**
 * i18next with the locale files (/locales/{lng}/{ns}.json) and the user's language (kept in
 * localStorage and a cookie). The instance is usable at once (route loaders may ask for their
 * namespaces through `loadNamespaces`); render after `ready`, so the first render already
 * speaks the user's language.
 */
export function startI18n(): I18nStart {
  const instance = i18next.createInstance();
  instance.use(localeBackend).use(languageDetector).use(reactBinding);
  const ready = instance
    .init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: [DEFAULT_NAMESPACE],
      defaultNS: DEFAULT_NAMESPACE,
      fallbackNS: false,
      interpolation: { escapeValue: false },
    })
    .then(() => followLanguage(instance));
  return { i18n: instance, ready };
}
