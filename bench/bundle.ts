import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { ROOT } from './server-process';

export interface BundleFigures {
  /** Gzipped JavaScript the browser loads for `/`, in bytes: the entry and what it imports. */
  initialGzip: number;
  initialFiles: string[];
  /**
   * Everything a first visit of `/` fetches before the page can show, gzipped: the entry, the
   * route's chunks and English strings the server names in the page's head
   * (dist/route-preloads.json, server/http/spa-page.ts), and the common strings.
   */
  pageGzip: number;
  pageFiles: string[];
  /**
   * The same for a visitor with a stored session: `/` with the auth machine's code (and XState),
   * which the entry fetches at start to restore it (src/lib/session.tsx).
   */
  signedInGzip: number;
  /** The same measure for the six framework libraries bundled alone. */
  floorGzip: number;
  /** The entry against the floor. */
  ratio: number;
  /** Everything `/` loads against the floor. */
  pageRatio: number;
  /** Everything `/` loads for a stored session against the floor. */
  signedInRatio: number;
  largestRoute: { file: string; gzip: number } | null;
}

const gzipSize = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;

/**
 * The JavaScript a fresh load of `index.html` fetches before any route chunk: its module
 * scripts and modulepreloads, and whatever those import statically (dynamic imports excluded).
 */
export function initialScripts(distDir: string): string[] {
  const html = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const scripts: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isModuleScript = tag.startsWith('<script') && /type=["']module["']/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel=["']modulepreload["']/.test(tag);
    const ref = /(?:src|href)=["']([^"']+)["']/.exec(tag)?.[1];
    if ((isModuleScript || isPreload) && ref && !/^[a-z]+:\/\//i.test(ref)) {
      scripts.push(path.join(distDir, ref.replace(/^\//, '')));
    }
  }
  return withStaticImports(distDir, scripts);
}

/** The files and whatever they import statically (dynamic imports excluded). */
function withStaticImports(distDir: string, files: string[]): string[] {
  const queue = [...files];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const match of code.matchAll(
      /\bfrom\s*["']([^"']+\.js)["']|\bimport\s*["']([^"']+\.js)["']/g,
    )) {
      const spec = match[1] ?? match[2];
      if (spec?.startsWith('.')) queue.push(path.resolve(path.dirname(file), spec));
      else if (spec?.startsWith('/')) queue.push(path.join(distDir, spec));
    }
  }
  return [...seen];
}

/** The chunk whose source map names `source` (a path under the repository), if any. */
function chunkHolding(distDir: string, source: string): string | undefined {
  const assets = path.join(distDir, 'assets');
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js.map'))
    .find((name) => {
      const map = JSON.parse(readFileSync(path.join(assets, name), 'utf8')) as {
        sources: string[];
      };
      return map.sources.some((file) => file.endsWith(source));
    })
    ?.replace(/\.map$/, '');
}

/** The route's preloaded chunks (with their static imports) and strings, as the server names them. */
function routeFiles(distDir: string, route: string): string[] {
  const preloadsFile = path.join(distDir, 'route-preloads.json');
  if (!existsSync(preloadsFile)) return [];
  const preloads = JSON.parse(readFileSync(preloadsFile, 'utf8')) as Record<
    string,
    { scripts: string[]; namespaces: string[] } | undefined
  >;
  const entry = preloads[route];
  const scripts = (entry?.scripts ?? []).map((ref) => path.join(distDir, ref.replace(/^\//, '')));
  const namespaces = ['common', ...(entry?.namespaces ?? [])];
  return [
    ...scripts,
    ...namespaces.map((namespace) => path.join(distDir, 'locales', 'en', `${namespace}.json`)),
  ].filter((file) => existsSync(file));
}

function jsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return jsFiles(full);
    return name.endsWith('.js') ? [full] : [];
  });
}

const FLOOR_ENTRY = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { createActor, createMachine } from 'xstate';
import i18next from 'i18next';
import createClient from 'openapi-fetch';

const actor = createActor(createMachine({ id: 'floor', initial: 'idle', states: { idle: {} } })).start();
const client = createClient({ baseUrl: '/api/v1' });
await i18next.init({ lng: 'en', resources: { en: { translation: { hello: 'Hello' } } } });
const rootRoute = createRootRoute({ component: () => createElement('p', null, i18next.t('hello'), String(actor.getSnapshot().value)) });
const router = createRouter({ routeTree: rootRoute, context: { client } });
createRoot(document.getElementById('root')).render(createElement(RouterProvider, { router }));
`;

/**
 * The framework floor: react, react-dom, @tanstack/react-router, xstate, i18next and
 * openapi-fetch, imported and used by a tiny entry, built by Vite in production mode and
 * measured the way the app is.
 */
export async function frameworkFloor(workDir: string): Promise<number> {
  // Inside the repository so the entry resolves the same node_modules as the app.
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  writeFileSync(
    path.join(workDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(path.join(workDir, 'main.js'), FLOOR_ENTRY);
  const outDir = path.join(workDir, 'dist');
  await build({
    root: workDir,
    configFile: false,
    mode: 'production',
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const files = initialScripts(outDir);
  const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
  rmSync(workDir, { recursive: true, force: true });
  return total;
}

/** Bundle figures of the built SPA, or null when dist/ is missing. */
export async function measureBundle(outDir: string): Promise<BundleFigures | null> {
  const distDir = path.join(ROOT, 'dist');
  if (!existsSync(path.join(distDir, 'index.html'))) return null;
  const initial = initialScripts(distDir);
  const initialGzip = initial.reduce((sum, file) => sum + gzipSize(file), 0);
  const page = [...new Set([...initial, ...routeFiles(distDir, '/')])];
  const pageGzip = page.reduce((sum, file) => sum + gzipSize(file), 0);
  const sessionChunk = chunkHolding(distDir, 'src/lib/auth.tsx');
  const sessionFiles = sessionChunk
    ? withStaticImports(distDir, [path.join(distDir, 'assets', sessionChunk)])
    : [];
  const signedInGzip = [...new Set([...page, ...sessionFiles])].reduce(
    (sum, file) => sum + gzipSize(file),
    0,
  );
  const initialSet = new Set(page);
  let largestRoute: BundleFigures['largestRoute'] = null;
  for (const file of jsFiles(distDir)) {
    if (initialSet.has(file)) continue;
    const size = gzipSize(file);
    if (!largestRoute || size > largestRoute.gzip)
      largestRoute = { file: path.relative(distDir, file), gzip: size };
  }
  const floorGzip = await frameworkFloor(path.join(outDir, 'floor'));
  return {
    initialGzip,
    initialFiles: initial.map((file) => path.relative(distDir, file)),
    pageGzip,
    pageFiles: page.map((file) => path.relative(distDir, file)),
    floorGzip,
    ratio: initialGzip / floorGzip,
    pageRatio: pageGzip / floorGzip,
    signedInGzip,
    signedInRatio: signedInGzip / floorGzip,
    largestRoute,
  };
}
