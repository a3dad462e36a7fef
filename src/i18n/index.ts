import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector, localeBackend } from './browser';
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_TAGS, toLanguage, type Namespace } from './config';

export * from './config';

/** The html `lang` attribute follows the language. */
function followLanguage(instance: I18n) {
  const update = (lng: string | undefined) => {
    document.documentElement.lang = LANGUAGE_TAGS[toLanguage(lng)];
  };
  instance.on('languageChanged', update);
  update(instance.resolvedLanguage ?? instance.language);
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
  instance.use(localeBackend).use(languageDetector).use(initReactI18next);
  const ready = instance
    .init({
      supportedLngs: [...LANGUAGES],
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      fallbackLng: FALLBACK_LANGUAGE,
      ns: ['common'],
      defaultNS: 'common',
      fallbackNS: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    })
    .then(() => followLanguage(instance));
  return { i18n: instance, ready };
}

/**
 * Loads namespaces in the user's language; waits for the instance to know that language first
 * (a route loader can run while the first namespace is still on its way).
 */
export async function loadNamespaces(i18n: I18n, namespaces: readonly Namespace[]): Promise<void> {
  if (!i18n.isInitialized) {
    await new Promise<void>((resolve) => {
      const initialized = () => {
        i18n.off('initialized', initialized);
        resolve();
      };
      i18n.on('initialized', initialized);
    });
  }
  await i18n.loadNamespaces([...namespaces]);
}
