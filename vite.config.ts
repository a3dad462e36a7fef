import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 },
      },
      {
        extends: true,
        test: { name: 'unit', include: ['server/**/*.test.ts', 'tests/unit/**/*.test.ts'], environment: 'node' },
      },
    ],
  },
});
