/**
 * The import rules of eslint.config.js hold: linting a snippet as if it sat in a folder fails on
 * an import that folder may not make, and passes on one it may.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The first lint loads ESLint's plugins and configs: over the default 5 s on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
const eslint = new ESLint({ cwd: root });

/** The messages of the import rules for `code` linted as the file `path` (not written). */
async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${path}` });
  return (result?.messages ?? [])
    .filter((message) =>
      ['import-x/no-restricted-paths', 'no-restricted-imports'].includes(message.ruleId ?? ''),
    )
    .map((message) => message.message);
}

describe('domain/ imports only openapi/ types', () => {
  const inDomain = 'domain/lint-zone-probe.ts';

  it('may import the contract and its own rules', async () => {
    expect(
      await importProblems(
        inDomain,
        "import type { components } from '../openapi/schema';\n" +
          "import { answerKeyOf } from './answers';\n" +
          'export type C = components;\nexport const a = answerKeyOf;\n',
      ),
    ).toEqual([]);
  });

  it.each([
    ['a machine', "import { examMachine } from '../machines/exam.machine';"],
    ['the SPA', "import { unwrap } from '../src/api';"],
    ['the server', "import { text } from '../server/i18n/text';"],
    ['a package', "import { setup } from 'xstate';"],
    ['Node', "import { readFileSync } from 'node:fs';"],
  ])('may not import %s', async (_, line) => {
    const problems = await importProblems(inDomain, `${line}\nexport const used = 1;\n`);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/domain\/ imports only openapi\/ types/);
  });
});

describe('a feature never imports another', () => {
  it('fails on an import from another feature folder', async () => {
    const problems = await importProblems(
      'src/features/dashboard/lint-zone-probe.tsx',
      "import { ExamView } from '../exam/ExamView';\nexport const used = ExamView;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/a feature never imports another/);
  });

  it('may import its own files, src/ui and src/lib', async () => {
    expect(
      await importProblems(
        'src/features/dashboard/lint-zone-probe.tsx',
        "import { RecentExams } from './RecentExams';\n" +
          "import { Button } from '../../ui/button/Button';\n" +
          "import { examPlanOf } from '../../lib/exam-rules';\n" +
          'export const used = [RecentExams, Button, examPlanOf];\n',
      ),
    ).toEqual([]);
  });
});
