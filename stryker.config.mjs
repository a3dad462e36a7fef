// Mutation testing of the machines and the shared rules: `npm run mutate` (not part of
// `npm test`; it takes a while). See docs/mutation-testing.md for the latest scores.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  mutate: ['machines/**/*.ts', 'domain/**/*.ts', '!**/*.test.ts', '!**/*.types.ts', '!**/*.d.ts'],
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  coverageAnalysis: 'perTest',
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
