export const LANGUAGES = ['en', 'ru', 'zh', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

export const NAMESPACES = [
  'common',
  // What several pages' parts say that the frame does not: a question's parts, form fields,
  // pages of a list, course words. Apart from common, which every first visit loads.
  'parts',
  'auth',
  'dashboard',
  'profile',
  'questions',
  'pages',
  'landing',
  'exam',
  'training',
  'admin',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The namespace a key without one is looked up in: the strings every page shares. */
export const DEFAULT_NAMESPACE: Namespace = 'common';

export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  zh: '中文',
  ko: '한국어',
};

/** BCP 47 tags for the html lang attribute and Intl formatting. */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  ru: 'ru',
  zh: 'zh-CN',
  ko: 'ko',
};

export function toLanguage(value: string | undefined): Language {
  const base = (value ?? '').toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '')
    ? (base as Language)
    : FALLBACK_LANGUAGE;
}
