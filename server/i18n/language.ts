import { BoundedMap } from '../bounded-map';

/** The languages the API words its refusals in; the SPA offers the same four. */
export const LANGUAGES = ['en', 'ru', 'zh', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The caller's language from an Accept-Language header (`ru-RU,ru;q=0.9,en;q=0.8`): the
 * supported language with the highest weight, English when none is supported or none is asked.
 */
export function languageOf(header: string | string[] | undefined): Language {
  return preferredLanguage(header) ?? 'en';
}

/**
 * The supported language an Accept-Language header weighs highest; undefined when it names
 * none of them (or is absent).
 */
export function preferredLanguage(header: string | string[] | undefined): Language | undefined {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  // A browser sends the same header with every call: read once, it is looked up after.
  const known = readHeaders.get(value);
  if (known !== undefined) return known ?? undefined;
  const language = weighHeader(value);
  readHeaders.set(value, language ?? null);
  return language;
}

/** Accept-Language values read before, and what they asked (null: none of the four). */
const readHeaders = new BoundedMap<string, Language | null>(256);

function weighHeader(value: string): Language | undefined {
  let best: { language: Language; weight: number } | undefined;
  for (const part of value.split(',')) {
    const [tag = '', ...parameters] = part.trim().split(';');
    const base = tag.trim().toLowerCase().split('-')[0] ?? '';
    const language = LANGUAGES.find((known) => known === base);
    const q = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (language && Number.isFinite(weight) && weight > 0 && (!best || weight > best.weight)) {
      best = { language, weight };
    }
  }
  return best?.language;
}

/** The language a request asks its answers in (its Accept-Language), as languageOf reads it. */
export function requestLanguage(request: {
  headers: { 'accept-language'?: string | string[] | undefined };
}): Language {
  return languageOf(request.headers['accept-language']);
}
