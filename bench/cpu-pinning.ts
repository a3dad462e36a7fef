import { spawnSync } from 'node:child_process';
import os from 'node:os';

/**
 * The server under load and the load generator each get a core of their own (Linux's taskset)
 * when the machine has two or more: left to the scheduler, the two processes and the kernel's
 * network work trade places between cores from run to run, and the same bare hello world gave
 * anywhere from 22,000 to 38,000 requests a second on one 2-core machine; pinned, within 3%.
 * BENCH_PIN=0 leaves placement to the scheduler.
 */
const SERVER_CPU = 0;
const LOAD_CPU = 1;

function tasksetWorks(): boolean {
  if (process.platform !== 'linux' || os.cpus().length < 2 || process.env.BENCH_PIN === '0') {
    return false;
  }
  return spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
}

export const PINNED = tasksetWorks();

/** The command that starts a server child: on its own core when pinned. */
export function serverCommand(command: string, args: string[]): [string, string[]] {
  return PINNED
    ? ['taskset', ['--cpu-list', String(SERVER_CPU), command, ...args]]
    : [command, args];
}

/** Sets which cores every thread of this process may run on. */
function allowCpus(cpus: string): void {
  spawnSync('taskset', ['--all-tasks', '--pid', '--cpu-list', cpus, String(process.pid)], {
    stdio: 'ignore',
  });
}

/**
 * Runs `task` (the load generator, autocannon, in this process) on the other core than the
 * server's, then gives this process every core back: Lighthouse's Chromium, started later,
 * inherits them.
 */
export async function onLoadCore<T>(task: () => Promise<T>): Promise<T> {
  if (!PINNED) return task();
  allowCpus(String(LOAD_CPU));
  try {
    return await task();
  } finally {
    allowCpus(`0-${os.cpus().length - 1}`);
  }
}
