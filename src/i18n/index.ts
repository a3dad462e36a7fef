import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, LANGUAGE_TAGS, NAMESPACES, toLanguage } from './config';

export * from './config';

/** The html `lang` attribute follows the language. */
function followLanguage(instance: I18n) {
  const update = (lng: string | undefined) => {
    document.documentElement.lang = LANGUAGE_TAGS[toLanguage(lng)];
  };
  instance.on('languageChanged', update);
  update(instance.resolvedLanguage ?? instance.language);
}

/**
 * i18next with the HTTP backend (/locales/{lng}/{ns}.json) and the detector (localStorage,
 * cookie, html tag, path, subdomain; cached in localStorage and a cookie). Resolves once the
 * common namespace is loaded, so the first render already speaks the user's language.
 */
export async function initI18n(): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(HttpBackend).use(LanguageDetector).use(initReactI18next);
  await instance.init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: FALLBACK_LANGUAGE,
    ns: ['common'],
    defaultNS: 'common',
    fallbackNS: false,
    interpolation: { escapeValue: false },
    backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
    detection: {
      order: ['localStorage', 'cookie', 'htmlTag', 'path', 'subdomain'],
      caches: ['localStorage', 'cookie'],
      lookupLocalStorage: 'i18nextLng',
      lookupCookie: 'i18next',
    },
    react: { useSuspense: true },
  });
  followLanguage(instance);
  return instance;
}

export { NAMESPACES };
