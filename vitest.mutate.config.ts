// The test projects StrykerJS runs against mutants of machines/ and domain/ (stryker.config.mjs):
// the unit tests beside those folders and the model tests of the machines. The screen tests
// (tests/model/*.screen.test.tsx) render whole pages for each path and are left to `npm test`;
// the simple-path walks are skipped (MODEL_SIMPLE_PATHS=0, see tests/model/graph.harness.ts) so
// that a mutant's run takes seconds, not minutes. The score is thus a floor for the full suite.
import { statSync } from 'node:fs';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import base from './vite.config';

/**
 * The quick files first, the unit tests before the model tests and smaller files before larger
 * ones: Stryker stops a mutant's run at its first failure, so a mutant a quick test kills costs
 * that test, not the exam's walk.
 */
class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cost = (spec: TestSpecification) =>
      (spec.project.name === 'unit' ? 0 : 1e9) + statSync(spec.moduleId).size;
    return [...files].sort((a, b) => cost(a) - cost(b));
  }
}

type Project = { test?: { name?: string; include?: string[] } };

const projects = (base.test?.projects ?? []) as Project[];
const byName = (name: string) => {
  const project = projects.find((item) => item.test?.name === name);
  if (!project) throw new Error(`vite.config.ts has no test project ${name}`);
  return project;
};

const unit = byName('unit');
const model = byName('model');

export default defineConfig({
  ...(base as ViteUserConfig),
  test: {
    ...base.test,
    env: { MODEL_SIMPLE_PATHS: '0' },
    sequence: { sequencer: QuickFirst },
    projects: [
      {
        ...unit,
        test: { ...unit.test, include: ['domain/**/*.test.ts', 'machines/**/*.test.ts'] },
      },
      {
        ...model,
        test: { ...model.test, include: ['tests/model/**/*.machine.test.ts'] },
      },
    ],
  },
});
