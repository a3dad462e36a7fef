import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'theory-trainer';

/**
 * The repository root: the nearest directory above this module holding our package.json.
 * Searched for rather than computed as a fixed `../..`, because this module runs both from
 * source (server/paths.ts under tsx or vitest) and bundled into build/server/main.js or
 * build/bench/server-child.js, each a different depth below the root.
 */
function findRoot(): string {
  const start = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = start; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    // Checking the name skips a package.json of some other package (node_modules, say).
    if (existsSync(file) && isOurs(file)) return dir;
    if (path.dirname(dir) === dir) {
      throw new Error(`no package.json named "${PACKAGE_NAME}" above ${start}`);
    }
  }
}

function isOurs(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === PACKAGE_NAME;
  } catch {
    return false;
  }
}

export const ROOT = findRoot();
export const PACKAGE_JSON_PATH = path.join(ROOT, 'package.json');
export const CONTRACT_PATH = path.join(ROOT, 'openapi', 'api.yaml');
/** The demo bank read at first start: questions.json and images/. */
export const SEED_DIR = path.join(ROOT, 'server', 'db', 'seed');
