// npm run dev: the API server on :3001 (tsx watch) and Vite on :3000, which proxies
// /api, /locales and /images to it. @statelyai/inspect runs only here, in the browser.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url));

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: process.env.API_PORT ?? '3001',
      HOST: process.env.HOST ?? '127.0.0.1',
      DATA_DIR: process.env.DATA_DIR ?? './data',
    },
  }),
  spawn(bin('vite'), ['--port', '3000', '--strictPort'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  }),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}

for (const child of children) {
  child.on('exit', (code) => {
    if (!stopping) {
      console.error(`dev: a process exited (${code ?? 'signal'}); stopping the other one`);
      stop(code ?? 1);
    }
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
