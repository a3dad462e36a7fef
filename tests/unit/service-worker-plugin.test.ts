import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { shellFiles } from '../../scripts/service-worker-plugin';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A small build: `files` written under a fresh dist folder. */
function build(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'sw-plugin-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

const BUILD = {
  'index.html': '<html></html>',
  'manifest.webmanifest': '{}',
  'icons/icon-192.png': 'png',
  'assets/index-abc.js': 'entry',
  'assets/index-abc.js.map': 'map',
  'assets/index-abc.js.br': 'br',
  'assets/index-abc.js.gz': 'gz',
  'assets/profile-def.css': 'css',
  'locales/en/common.json': '{"a":"A"}',
  'locales/ko/common.json': '{"a":"에이"}',
  'route-preloads.json': '{}',
  'sw.js': 'the worker of the last build',
};

describe("the service worker's list of the build", () => {
  it('keeps every page, chunk, stylesheet, locale file and icon, and no map, twin or server list', () => {
    expect(shellFiles(build(BUILD)).urls).toEqual([
      '/assets/index-abc.js',
      '/assets/profile-def.css',
      '/icons/icon-192.png',
      '/index.html',
      '/locales/en/common.json',
      '/locales/ko/common.json',
      '/manifest.webmanifest',
    ]);
  });

  it('makes a new version when any kept file changes, and only then', () => {
    const first = shellFiles(build(BUILD)).version;
    rmSync(dir, { recursive: true, force: true });
    expect(shellFiles(build({ ...BUILD, 'assets/index-abc.js.map': 'another map' })).version).toBe(
      first,
    );
    rmSync(dir, { recursive: true, force: true });
    expect(
      shellFiles(build({ ...BUILD, 'locales/ko/common.json': '{"a":"비"}' })).version,
    ).not.toBe(first);
  });
});
