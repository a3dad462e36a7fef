import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BOOT_PAGE_MARK, bootPage, stringAt } from './boot-page';
import { acceptedEncoding } from './compress-json';
import { text } from '../i18n/text';
import type { Language } from '../i18n/language';
import {
  cookieValue,
  pageLanguage,
  parseRoutePreloads,
  preloadLinks,
  ROUTE_PRELOADS_FILE,
  routeOf,
  type RoutePreloads,
} from './route-preloads';

interface PageVariant {
  /** The public settings it carries, as embedded; a variant with other ones is made again. */
  settings: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

interface Build {
  /** When each file was written: a rebuild while the server runs is picked up. */
  written: string;
  html: string;
  routes: RoutePreloads;
  /** The page as sent, per route, language and theme, each encoding made on first use. */
  variants: Map<string, PageVariant>;
  /** The build's locale files (`locales/{language}/{namespace}.json`) read so far, parsed. */
  locales: Map<string, unknown>;
}

/** The public settings as GET /settings?public_only=true answers them in a language. */
export type PublicSettingsReader = (language: Language) => Promise<unknown[]>;

/** The element the SPA reads its first public settings from (src/lib/public-settings.ts). */
export const PUBLIC_SETTINGS_ELEMENT = 'public-settings';

/**
 * The public settings as a JSON data block, which the page's policy does not run. `<` is
 * escaped so that a value such as `</script>` cannot end the block.
 */
export function settingsBlock(settings: unknown[]): string {
  const json = JSON.stringify(settings).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PUBLIC_SETTINGS_ELEMENT}">${json}</script>`;
}

/** The cookie the SPA keeps the reader's chosen theme in (src/theme/theme.ts), beside localStorage. */
const THEME_COOKIE = 'theme';

/** The theme the reader chose, or undefined to follow the system's. */
function pageTheme(cookieHeader: string | undefined): 'light' | 'dark' | undefined {
  const chosen = cookieValue(cookieHeader, THEME_COOKIE);
  return chosen === 'light' || chosen === 'dark' ? chosen : undefined;
}

/**
 * The page as the reader will see it before the script runs: the root in their language and
 * chosen theme (the header's bar drawn by index.html follows it), the page's first words
 * (`bootPage`) and the note for a browser without JavaScript in their words.
 */
function personalised(
  html: string,
  language: Language,
  theme: 'light' | 'dark' | undefined,
  firstWords: string,
) {
  return html
    .replace(BOOT_PAGE_MARK, firstWords)
    .replace(
      '<html lang="en">',
      `<html lang="${language}"${theme ? ` data-theme="${theme}"` : ''}>`,
    )
    .replace(/(<p class="boot-note">)[^<]*(<\/p>)/, `$1${text('noScript').in(language)}$2`);
}

const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
const writtenAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/**
 * The SPA's index.html for every page URL, from memory, in the encoding the browser accepts.
 * Each page gets head links that fetch what its route needs (its lazy chunks and styles, its
 * strings in the reader's language) beside the entry script rather than after it has run. It
 * is sent with no-cache: it names the hashed assets of the current build, so the files are
 * read again whenever one of them changes. Its root carries the reader's language and chosen
 * theme (from the SPA's cookies), its head the public settings, so the school's name and
 * notices are there at the first render. Answers whether it sent the page: not while there is
 * no index.html.
 */
export function spaPage(dir: string, publicSettings: PublicSettingsReader) {
  const indexFile = path.join(dir, 'index.html');
  const preloadsFile = path.join(dir, ROUTE_PRELOADS_FILE);
  let build: Build | undefined;
  const current = (): Build | undefined => {
    const times = [writtenAt(indexFile), writtenAt(preloadsFile)];
    if (times[0] === undefined) return undefined;
    const written = times.join();
    if (build?.written !== written) {
      build = {
        written,
        html: readFileSync(indexFile, 'utf8'),
        routes: parseRoutePreloads(readIfPresent(preloadsFile)),
        variants: new Map(),
        locales: new Map(),
      };
    }
    return build;
  };
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const page = current();
    if (!page) return false;
    const route = routeOf(request.url);
    const known = Object.hasOwn(page.routes, route) ? route : '';
    const language = pageLanguage(request.headers.cookie);
    const theme = pageTheme(request.headers.cookie);
    const settings = await embeddedSettings(publicSettings, language, request);
    const firstWords = bootPage(route, (namespace, key) =>
      stringAt(localeFile(dir, page, language, namespace), key),
    );
    const key = `${language} ${theme ?? ''} ${known} ${firstWords ? route : ''}`;
    let variant = page.variants.get(key);
    if (variant?.settings !== settings) {
      const links = preloadLinks(page.routes[known], language);
      const html = personalised(page.html, language, theme, firstWords).replace(
        '</head>',
        `${settings}${links}</head>`,
      );
      variant = { settings, plain: Buffer.from(html) };
      page.variants.set(key, variant);
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding, cookie');
    // Not the reply itself: it is a thenable, which an async function would wait on.
    if (!encoding) {
      reply.send(variant.plain);
      return true;
    }
    const encoded = (variant[encoding] ??= encode(variant.plain, encoding));
    reply.header('content-encoding', encoding).send(encoded);
    return true;
  };
}

/** A locale file of the build, parsed, read once per build; undefined when missing or malformed. */
function localeFile(dir: string, build: Build, language: Language, namespace: string): unknown {
  const file = path.join('locales', language, `${namespace}.json`);
  if (!build.locales.has(file)) {
    let strings: unknown;
    try {
      strings = JSON.parse(readIfPresent(path.join(dir, file)) ?? 'null');
    } catch {
      strings = undefined;
    }
    build.locales.set(file, strings);
  }
  return build.locales.get(file);
}

/**
 * The settings block for the page, or nothing when they cannot be read: the page still opens,
 * and the SPA asks for them itself.
 */
async function embeddedSettings(
  publicSettings: PublicSettingsReader,
  language: Language,
  request: FastifyRequest,
): Promise<string> {
  try {
    return settingsBlock(await publicSettings(language));
  } catch (error) {
    request.log.warn({ err: error }, 'public settings left out of the page');
    return '';
  }
}

/** Once per page variant and build, so the smallest output is worth its time. */
function encode(page: Buffer, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
    : gzipSync(page, { level: 9 });
}
