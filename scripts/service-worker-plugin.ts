import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';

/** Where the worker's source is, and what the build writes (served at the site's root). */
const SOURCE = 'src/service-worker/sw.ts';
export const SERVICE_WORKER_FILE = 'sw.js';

/**
 * Files the worker does not keep: source maps, the server's own list of route preloads, the
 * pre-compressed twins, the worker itself.
 */
const NOT_SHELL = /(?:\.map|\.br|\.gz)$|^route-preloads\.json$|^sw\.js$/;

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(file).isDirectory() ? filesUnder(file, relative) : [relative];
  });
}

/**
 * The URLs the worker caches when it installs, and the build's version: a digest of every one
 * of those files' content, so any change (a locale file, an icon, a chunk) makes a new worker
 * that the open pages are offered.
 */
export function shellFiles(outDir: string): { urls: string[]; version: string } {
  const files = filesUnder(outDir)
    .filter((file) => !NOT_SHELL.test(file))
    .sort();
  const digest = createHash('sha256');
  for (const file of files) {
    digest.update(file);
    digest.update(readFileSync(path.join(outDir, file)));
  }
  return { urls: files.map((file) => `/${file}`), version: digest.digest('hex').slice(0, 16) };
}

/**
 * Writes dist/sw.js once the build is written: src/service-worker/sw.ts bundled by esbuild into
 * one classic script (every browser the app supports runs those as workers), carrying the list
 * of the build's files (scripts, styles, every locale file, icons, index.html) to keep offline.
 */
export function serviceWorker(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const { urls, version } = shellFiles(outDir);
      const result = await build({
        absWorkingDir: root,
        entryPoints: [SOURCE],
        bundle: true,
        format: 'iife',
        target: 'es2022',
        minify: true,
        write: false,
        logLevel: 'warning',
        define: { __PRECACHE__: JSON.stringify(urls), __VERSION__: JSON.stringify(version) },
      });
      const code = result.outputFiles[0]?.text;
      if (!code) throw new Error(`esbuild gave nothing for ${SOURCE}`);
      writeFileSync(path.join(outDir, SERVICE_WORKER_FILE), code);
    },
  };
}
