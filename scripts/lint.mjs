// npm run lint: ESLint, Prettier's check and the type check at once (each is mostly one core's
// work, and CI has two), each one's output printed whole once it ends. Fails when any fails.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const CHECKS = [
  ['eslint', ['.']],
  ['prettier', ['--check', '.']],
  ['tsc', ['-p', 'tsconfig.json', '--noEmit']],
];

function run([name, args]) {
  return new Promise((resolve) => {
    const child = spawn(bin(name), args, { cwd: root, env: process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const failed = code !== 0;
      process.stdout.write(`\n> ${name} ${args.join(' ')}${failed ? ` (failed, ${code})` : ''}\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(failed);
    });
  });
}

const failures = (await Promise.all(CHECKS.map(run))).filter(Boolean).length;
process.exit(failures > 0 ? 1 : 0);
