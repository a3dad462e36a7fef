/**
 * A page's first words, drawn from its HTML before the app's script has come and run: the
 * landing page's title and the login page's, in the reader's language. On a phone's slow
 * connection the script takes seconds to arrive; until then the page showed only the header's
 * bar. The app draws the same words in the same place (index.html's `boot-` styles copy the
 * pages' own; `tests/e2e/page-load.test.ts` holds them together) and takes their place.
 * They are hidden from assistive technology, as the header's bar is: a screen reader would
 * announce a heading that is gone a moment later, and then the app's own.
 */

import { escapeHtml } from './html-escape';

/** One of the build's strings: `key` ('login.title') of `namespace` in the reader's language. */
export type PageStrings = (namespace: string, key: string) => string | undefined;

/** Where index.html wants a page's first words, inside the app's root. */
export const BOOT_PAGE_MARK = '<!--boot-page-->';

/**
 * The first words of the page at `route` (a path as `routeOf` gives it), or '' for a page that
 * has none (a signed-in page's words depend on the learner) or whose strings are missing.
 */
export function bootPage(route: string, strings: PageStrings): string {
  const words = (namespace: string, keys: string[]) => {
    const found = keys.map((key) => strings(namespace, key));
    return found.every((value): value is string => typeof value === 'string')
      ? found.map(escapeHtml)
      : undefined;
  };
  if (route === '/') {
    const landing = words('landing', ['eyebrow', 'title', 'subtitle']);
    if (!landing) return '';
    const [eyebrow, title, subtitle] = landing;
    return (
      `<div class="boot-main boot-landing" aria-hidden="true"><span class="boot-eyebrow">${eyebrow}</span>` +
      `<h1 class="boot-hero-title">${title}</h1><p class="boot-hero-text">${subtitle}</p></div>`
    );
  }
  if (route === '/login') {
    const login = words('auth', ['login.title', 'login.subtitle']);
    if (!login) return '';
    const [title, subtitle] = login;
    return (
      `<div class="boot-main boot-login" aria-hidden="true"><div class="boot-panel">` +
      `<h1 class="boot-panel-title">${title}</h1><p class="boot-panel-text">${subtitle}</p>` +
      `</div></div>`
    );
  }
  return '';
}

/** A string of a locale file's JSON by its dotted key, or undefined. */
export function stringAt(strings: unknown, key: string): string | undefined {
  let value = strings;
  for (const part of key.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return typeof value === 'string' ? value : undefined;
}
