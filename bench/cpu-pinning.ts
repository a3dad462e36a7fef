import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The benchmark's server under load and its load generator each get a core of their own
 * (Linux's taskset) when this process may run on two or more: left to the scheduler, the two
 * processes and the kernel's network work trade places between cores from run to run, and the
 * same bare hello world gave anywhere from 22,000 to 38,000 requests a second on one 2-core
 * machine; pinned, within 3%. BENCH_PIN=0 leaves placement to the scheduler. Only the benchmark
 * pins: the tests that start servers through bench/server-process.ts do not.
 */

/** The cores this process may run on (`Cpus_allowed_list`, e.g. "0-3,6"), as given and listed. */
function allowedCpus(): { list: string; cpus: number[] } | null {
  try {
    const status = readFileSync('/proc/self/status', 'utf8');
    const list = /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1];
    if (!list) return null;
    const cpus = list.split(',').flatMap((range) => {
      const [from = NaN, to = from] = range.split('-').map(Number);
      return Array.from({ length: to - from + 1 }, (_, index) => from + index);
    });
    return cpus.every(Number.isInteger) ? { list, cpus } : null;
  } catch {
    return null;
  }
}

function pinningPlan(): { server: string; load: string; all: string } | null {
  if (process.platform !== 'linux' || process.env.BENCH_PIN === '0') return null;
  const allowed = allowedCpus();
  const [server, load] = allowed?.cpus ?? [];
  if (!allowed || server === undefined || load === undefined) return null;
  if (spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status !== 0) return null;
  return { server: String(server), load: String(load), all: allowed.list };
}

const plan = pinningPlan();

/** True when the benchmark's server and load generator run on a core each. */
export const PINNED = plan !== null;

/** The command that starts a benchmark's server child: on its own core when pinning. */
export function pinnedServerCommand(command: string, args: string[]): [string, string[]] {
  return plan ? ['taskset', ['--cpu-list', plan.server, command, ...args]] : [command, args];
}

/** Sets which cores every thread of this process may run on; false when taskset refused. */
function allowCpus(cpus: string): boolean {
  const set = spawnSync(
    'taskset',
    ['--all-tasks', '--pid', '--cpu-list', cpus, String(process.pid)],
    {
      stdio: 'ignore',
    },
  );
  return set.status === 0;
}

/**
 * Runs `task` (the load generator, autocannon, in this process) on the other core than the
 * server's, then gives this process the cores it had: Lighthouse's Chromium, started later,
 * inherits them.
 */
export async function onLoadCore<T>(task: () => Promise<T>): Promise<T> {
  if (!plan || !allowCpus(plan.load)) return task();
  try {
    return await task();
  } finally {
    allowCpus(plan.all);
  }
}
