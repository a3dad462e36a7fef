import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const ENGLISH = fileURLToPath(new URL('../../public/locales/en/', import.meta.url));
/** Functions whose first argument is a translation key: i18next's `t`, and the failure words. */
const TAKES_A_KEY = new Set(['t', 'failure']);
const KEY = /^(?:([a-z]+):)?([A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** Each key written whole as the first argument of `t(…)` or `failure(…)`, with its place. */
export function keysIn(source: string, fileName: string): { key: string; where: string }[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { key: string; where: string }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const [first] = node.arguments;
      if (TAKES_A_KEY.has(name) && first && ts.isStringLiteralLike(first)) {
        const { line } = file.getLineAndCharacterOfPosition(first.getStart());
        found.push({ key: first.text, where: `${path.relative(SRC, fileName)}:${line + 1}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const namespaces = new Map(
  readdirSync(ENGLISH).map((name) => [
    name.replace(/\.json$/, ''),
    JSON.parse(readFileSync(path.join(ENGLISH, name), 'utf8')) as unknown,
  ]),
);

/** Whether `key` names a string or a group in `tree`, its plural forms counting as it. */
function holds(tree: unknown, key: string): boolean {
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  let node = tree;
  for (const part of parts) {
    if (typeof node !== 'object' || node === null) return false;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'object' || node === null) return false;
  return Object.keys(node).some((name) => name === last || name.startsWith(`${last}_`));
}

describe('every key the app asks for whole is in the English strings', () => {
  it('finds keys in calls, and only first arguments written whole', () => {
    const found = keysIn(
      "t('a.b'); failure('errors.x', e); i18n.t('common:c'); t(`d.${v}`); other('e.f');",
      path.join(SRC, 'x.ts'),
    ).map(({ key }) => key);
    expect(found).toEqual(['a.b', 'errors.x', 'common:c']);
  });

  it('tells a key that is there from one that is not', () => {
    const tree = { errors: { uploadCsv: 'Failed', gone_one: '1', gone_other: 'n' } };
    expect(holds(tree, 'errors.uploadCsv')).toBe(true);
    expect(holds(tree, 'errors.gone')).toBe(true);
    expect(holds(tree, 'errors')).toBe(true);
    expect(holds(tree, 'errors.uploadTranslations')).toBe(false);
  });

  const files = sourceFiles(SRC);
  it('finds the sources to read', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const file of files) {
    const keys = keysIn(readFileSync(file, 'utf8'), file);
    if (keys.length === 0) continue;
    it(path.relative(SRC, file), () => {
      // A key without a namespace may be any namespace's: the component's own, or one it asks for.
      const missing = keys.filter(({ key }) => {
        const match = KEY.exec(key);
        if (!match) return false;
        const [, namespace, path] = match;
        if (path === undefined) return false;
        return namespace
          ? !holds(namespaces.get(namespace), path)
          : ![...namespaces.values()].some((tree) => holds(tree, path));
      });
      expect(missing).toEqual([]);
    });
  }
});
