// Mutation testing of the machines and the shared rules: `npm run mutate` (not part of
// `npm test`; it takes a while). See docs/mutation-testing.md for the latest scores.
//
// MUTATE narrows the run to some files (comma-separated globs, as `--mutate` takes them):
// `MUTATE=machines/record-edit.machine.ts npm run mutate`. Each file's run then runs only the
// test files that import it (`related`), which is what makes a run take minutes, not days.
// MUTATE_IGNORE_STATIC=1 skips the static mutants (code run once as a module loads); it is a
// quick first pass only: a machine's whole chart is static, so its transitions go untested.
const files = (process.env.MUTATE ?? '')
  .split(',')
  .map((glob) => glob.trim())
  .filter((glob) => glob !== '');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  mutate:
    files.length > 0
      ? files
      : ['machines/**/*.ts', 'domain/**/*.ts', '!**/*.test.ts', '!**/*.types.ts', '!**/*.d.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  coverageAnalysis: 'perTest',
  ignoreStatic: process.env.MUTATE_IGNORE_STATIC === '1',
  // Two cores shared by the whole team: one test runner at a time.
  concurrency: 1,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 30,
  ignorePatterns: ['dist', 'build', 'data', 'docs', 'bench', 'reports', 'test-results'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  thresholds: { high: 90, low: 85, break: null },
};

export default config;
