import { readFileSync } from 'node:fs';
import type { Plugin, Rollup } from 'vite';
import type { RoutePreload, RoutePreloads } from '../server/http/route-preloads.js';

/** Read by the server beside index.html (server/http/route-preloads.ts). */
const ROUTE_PRELOADS_FILE = 'route-preloads.json';

/** A route file's split chunk, as the TanStack Router plugin names its module. */
const SPLIT_ROUTE = /\/src\/routes\/(.+)\.tsx\?tsr-split=/;

/**
 * The URL path of a route file under src/routes: `_authenticated/dashboard` → `/dashboard`,
 * `index` → `/`. Pathless layouts (`_name`) add no segment.
 */
export function routePathOf(file: string): string {
  const segments = file
    .split('/')
    .filter((segment) => !segment.startsWith('_') && segment !== 'index');
  return `/${segments.join('/')}`;
}

/**
 * The locale namespaces a route file's loader asks for, through `translations('a', 'b')` or
 * `loadNamespaces(context.i18n, ['a', 'b'])`.
 */
export function namespacesIn(source: string): string[] {
  const lists = [
    ...source.matchAll(/\btranslations\(([^)]*)\)/g),
    ...source.matchAll(/\bloadNamespaces\([^,]+,\s*\[([^\]]*)\]/g),
  ].map((match) => match[1] ?? '');
  const names = lists.flatMap((list) => [...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1] ?? ''));
  return [...new Set(names)].sort();
}

/** A chunk and everything it imports statically, short of the entry (already on the page). */
function staticClosure(bundle: Rollup.OutputBundle, start: Rollup.OutputChunk) {
  const chunks: Rollup.OutputChunk[] = [];
  const seen = new Set<string>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk.fileName) || chunk.isEntry) return;
    seen.add(chunk.fileName);
    chunks.push(chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
  };
  visit(start);
  return chunks;
}

/**
 * Writes dist/route-preloads.json: for each page route, the lazy chunks (with their static
 * imports) and stylesheets its component needs, and the namespaces its loader fetches. The
 * server names them in the page's head (server/http/spa-page.ts), so a first visit fetches them
 * beside the entry script instead of after it has run.
 */
export function routePreloads(): Plugin {
  let root = process.cwd();
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routes: RoutePreloads = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk' || !output.isDynamicEntry) continue;
        const file = SPLIT_ROUTE.exec(output.facadeModuleId ?? '')?.[1];
        // A layout's own chunk (none split one yet) would need adding to each page under it.
        if (!file || file.split('/').at(-1)?.startsWith('_')) continue;
        const chunks = staticClosure(bundle, output);
        const preload: RoutePreload = {
          scripts: chunks.map((chunk) => `/${chunk.fileName}`),
          styles: chunks.flatMap((chunk) =>
            [...(chunk.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`),
          ),
          namespaces: namespacesIn(readFileSync(`${root}/src/routes/${file}.tsx`, 'utf8')),
        };
        routes[routePathOf(file)] = preload;
      }
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: `${JSON.stringify(routes, null, 2)}\n`,
      });
    },
  };
}
