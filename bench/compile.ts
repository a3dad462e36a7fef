import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './server-process';

export type BenchChild = 'server-child' | 'hello-child';

const compiled = new Map<BenchChild, Promise<string>>();

/**
 * Bundles bench/<child>.ts (the app's child takes server/app.ts with it) into plain JavaScript through
 * scripts/build-server.mjs, as `npm run build` compiles the server, so the benchmark measures
 * what `npm start` runs rather than the tsx loader. Built once per benchmark run, from the
 * current source; resolves to the entry for startServer({ entry, tsx: false }).
 */
export function compileChild(child: BenchChild): Promise<string> {
  let entry = compiled.get(child);
  if (!entry) {
    const outfile = `build/bench/${child}.js`;
    entry = promisify(execFile)(
      process.execPath,
      ['scripts/build-server.mjs', `bench/${child}.ts`, outfile],
      { cwd: ROOT },
    ).then(() => outfile);
    compiled.set(child, entry);
  }
  return entry;
}

/**
 * The node flags `npm start` runs the server with (package.json's start script), so the
 * benchmark's children run under the same ones: e.g. the young generation's size, which
 * decides much of the RSS under load.
 */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: { start: string };
  };
  const command = /\bnode((?:\s+--\S+)*)\s+build\/server\/main\.js/.exec(scripts.start);
  if (!command)
    throw new Error(`cannot find the node command in the start script: ${scripts.start}`);
  return (command[1] ?? '').trim().split(/\s+/).filter(Boolean);
}
