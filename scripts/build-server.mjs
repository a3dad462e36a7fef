// Compiles the server into build/server/main.js, so production runs plain JavaScript: the tsx
// loader costs about 90 MB of RSS that a running server never needs. Dependencies stay in
// node_modules (packages: 'external'); only our own TypeScript is bundled.
//   node scripts/build-server.mjs [entry outfile]
// The benchmark builds its server child (bench/compile.ts) through this same script.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const [entry = 'server/main.ts', outfile = 'build/server/main.js'] = process.argv.slice(2);

const started = performance.now();
for (const file of [outfile, `${outfile}.map`]) rmSync(path.join(root, file), { force: true });
await build({
  absWorkingDir: root,
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
// Worker threads the server starts by file, found next to the bundle that starts them.
for (const worker of ['server/modules/questions/bank-package.worker.ts']) {
  const workerOut = path.join(path.dirname(outfile), `${path.basename(worker, '.ts')}.js`);
  await build({
    absWorkingDir: root,
    entryPoints: [worker],
    outfile: workerOut,
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}
console.log(`${entry} built into ${outfile} in ${(performance.now() - started).toFixed(0)} ms`);
