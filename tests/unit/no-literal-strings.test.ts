import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
const TRANSLATED_ATTRIBUTES = new Set([
  'aria-label',
  'title',
  'placeholder',
  'alt',
  'aria-description',
  'aria-placeholder',
]);
const LETTERS = /\p{L}/u;

function componentFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return componentFiles(full);
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** User-visible text written straight into a component instead of through t(). */
export function findLiterals(source: string, fileName = 'component.tsx'): string[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(SRC, fileName)}:${line + 1}`;
  };
  const literalText = (node: ts.Expression | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node))
      return node.head.text + node.templateSpans.map((span) => span.literal.text).join('');
    if (ts.isConditionalExpression(node))
      return literalText(node.whenTrue) ?? literalText(node.whenFalse);
    if (ts.isBinaryExpression(node)) {
      // `a && 'text'` renders its right side; `a || 'text'` and `a ?? 'text'` either side;
      // comparisons (`tab === 'users'`) render nothing.
      const operator = node.operatorToken.kind;
      if (operator === ts.SyntaxKind.AmpersandAmpersandToken) return literalText(node.right);
      if (
        operator === ts.SyntaxKind.BarBarToken ||
        operator === ts.SyntaxKind.QuestionQuestionToken
      ) {
        return literalText(node.left) ?? literalText(node.right);
      }
      if (operator === ts.SyntaxKind.PlusToken)
        return literalText(node.left) ?? literalText(node.right);
      return null;
    }
    if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && LETTERS.test(node.text)) {
      found.push(`${where(node)} text "${node.text.trim()}"`);
    }
    if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression);
      if (text && LETTERS.test(text)) found.push(`${where(node)} text {"${text}"}`);
    }
    if (ts.isJsxAttribute(node) && TRANSLATED_ATTRIBUTES.has(node.name.getText())) {
      const init = node.initializer;
      const text =
        init && ts.isStringLiteral(init)
          ? init.text
          : init && ts.isJsxExpression(init)
            ? literalText(init.expression)
            : null;
      if (text && LETTERS.test(text)) found.push(`${where(node)} ${node.name.getText()}="${text}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('components hold no user-visible literal strings', () => {
  it('catches text, attributes and expressions that skip t()', () => {
    const sample = `
      const A = () => <div title="Hello"><p>Log in</p>{'Welcome'}<img alt={t('ok')} /><span aria-label={\`Menu\`} /></div>;
      const B = () => <p>{t('fine')} 404 → ✓ {count}{tab === 'users' && <Users />}{x !== 'new' && y}</p>;
      const C = () => <p>{open && 'Opened'}{name ?? 'Anonymous'}</p>;
    `;
    const found = findLiterals(sample);
    expect(found).toHaveLength(6);
    expect(found.join('\n')).toMatch(/title="Hello"/);
    expect(found.join('\n')).toMatch(/Log in/);
    expect(found.join('\n')).toMatch(/Welcome/);
    expect(found.join('\n')).toMatch(/aria-label="Menu"/);
    expect(found.join('\n')).toMatch(/Opened/);
    expect(found.join('\n')).toMatch(/Anonymous/);
    expect(found.join('\n')).not.toMatch(/users|new/);
  });

  const files = componentFiles(SRC);
  it('finds the components to scan', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  for (const file of files) {
    it(path.relative(SRC, file), () => {
      expect(findLiterals(readFileSync(file, 'utf8'), file)).toEqual([]);
    });
  }
});
