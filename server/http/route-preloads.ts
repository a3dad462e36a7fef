import { type Language, languageOf } from '../i18n/language';
import { escapeHtml } from './html-escape';

/**
 * What a page needs beyond the entry script before it can show, by the route's path: its lazy
 * chunks with their static imports, their stylesheets, and its locale namespaces. The build
 * writes it (`routePreloads` in vite.config.ts) as dist/route-preloads.json.
 */
export interface RoutePreload {
  scripts: string[];
  styles: string[];
  namespaces: string[];
}

export type RoutePreloads = Record<string, RoutePreload>;

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** The cookie the SPA keeps its language in (src/i18n/browser.ts), beside localStorage. */
const LANGUAGE_COOKIE = 'i18next';

const isStrings = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The build's file as read from disk; anything malformed counts as no preloads at all. */
export function parseRoutePreloads(text: string | undefined): RoutePreloads {
  if (text === undefined) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const routes: RoutePreloads = {};
    for (const [route, entry] of Object.entries(parsed)) {
      const { scripts, styles, namespaces } = (entry ?? {}) as Record<string, unknown>;
      if (isStrings(scripts) && isStrings(styles) && isStrings(namespaces)) {
        routes[route] = { scripts, styles, namespaces };
      }
    }
    return routes;
  } catch {
    return {};
  }
}

/** The route a page URL opens: its path without the query, a trailing slash or a bad escape. */
export function routeOf(url: string): string {
  const pathname = url.split(/[?#]/, 1)[0] ?? '/';
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed || '/';
}

/** A cookie's value from a Cookie header, decoded ('' when it will not decode), or undefined. */
export function cookieValue(cookieHeader: string | undefined, cookie: string): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name = '', value = ''] = part.trim().split('=', 2);
    if (name === cookie) return decodeURIComponentOr(value);
  }
  return undefined;
}

/** The SPA's language as its detector will find it: the kept choice, English without one. */
export function pageLanguage(cookieHeader: string | undefined): Language {
  const chosen = cookieValue(cookieHeader, LANGUAGE_COOKIE);
  return chosen === undefined ? 'en' : languageOf(chosen);
}

function decodeURIComponentOr(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return '';
  }
}

/**
 * The head links that fetch a page's strings, lazy code and styles beside the entry script,
 * instead of one round trip after it has run. The common namespace comes with every page.
 * Stylesheets are preloaded, not applied: the route applies them when it shows (Vite's loader
 * adds them with `crossorigin`, which the preload must match to be reused).
 */
export function preloadLinks(route: RoutePreload | undefined, language: Language): string {
  const namespaces = ['common', ...(route?.namespaces ?? []).filter((ns) => ns !== 'common')];
  const links = [
    ...namespaces.map(
      (namespace) =>
        `<link rel="preload" href="/locales/${language}/${encodeURIComponent(namespace)}.json" as="fetch" crossorigin="anonymous">`,
    ),
    ...(route?.styles ?? []).map(
      (href) => `<link rel="preload" as="style" crossorigin href="${escapeHtml(href)}">`,
    ),
    ...(route?.scripts ?? []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`,
    ),
  ];
  return links.join('');
}
