import { readFileSync, rmSync } from 'node:fs';
import { Generator, getConfig } from '@tanstack/router-generator';
import { describe, expect, it } from 'vitest';

describe('the generated route tree', () => {
  it('matches src/routes (a build or npm run dev regenerates it)', async () => {
    // Written beside the real one so its relative imports read the same.
    const out = `src/routeTree.check-${process.pid}.gen.ts`;
    try {
      const config = getConfig(
        { target: 'react', autoCodeSplitting: true, generatedRouteTree: out },
        process.cwd(),
      );
      await new Generator({ config, root: process.cwd() }).run();
      expect(readFileSync(out, 'utf8')).toBe(readFileSync('src/routeTree.gen.ts', 'utf8'));
    } finally {
      rmSync(out, { force: true });
    }
  });
});
