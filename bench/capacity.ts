/**
 * npm run bench:capacity: how many simulated learners the app carries with every call but
 * sign-in answered within 100 ms at the 99th percentile, on SQLite with one process and on
 * PostgreSQL with one and with two (issue 44). Learners are added in steps; each step is held
 * for a while and measured; the ramp stops at the first step with a slow call kind or an error.
 * The learner model is bench/capacity-model.ts, the learners run in bench/capacity-learners.ts
 * (forked). Settings by environment (docs/benchmarks.md, Capacity); prints a report and writes
 * bench/.out/capacity.json.
 */
import { type ChildProcess, fork, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serverRss } from './api';
import {
  burstsOf,
  CALL_KINDS,
  type CallKind,
  carried,
  DEFAULT_MIX,
  kindFigures,
  type KindFigures,
  stepVerdict,
  type Verdict,
} from './capacity-model';
import type { GrowReply, LearnersSetup, Report, ToLearners } from './capacity-learners';
import { onLoadCore, PINNED } from './cpu-pinning';
import { addLearners, prepareDataDir } from './data';
import { askChild, createPgSchema, dropPgSchema, ROOT, type ServerProcess } from './server-process';
import { startBenchApp } from './submission';

type ConfigName = 'sqlite' | 'pg1' | 'pg2';
const CONFIGS: Record<ConfigName, { label: string; postgres: boolean; processes: number }> = {
  sqlite: { label: 'SQLite, 1 process', postgres: false, processes: 1 },
  pg1: { label: 'PostgreSQL, 1 process', postgres: true, processes: 1 },
  pg2: { label: 'PostgreSQL, 2 processes', postgres: true, processes: 2 },
};

const env = process.env;
const numbers = (text: string) => text.split(',').map((item) => Number(item.trim()));
const SETTINGS = {
  configs: (env.BENCH_CAPACITY ?? 'sqlite,pg1,pg2').split(',').map((name) => {
    if (!(name in CONFIGS)) throw new Error(`BENCH_CAPACITY: unknown configuration "${name}"`);
    return name as ConfigName;
  }),
  steps: numbers(env.BENCH_STEPS ?? '100,200,400,800,1600,3200,5000,6400,8000,10000'),
  holdSeconds: Number(env.BENCH_HOLD_SECONDS ?? 25),
  settleSeconds: Number(env.BENCH_SETTLE_SECONDS ?? 8),
  thinkSeconds: Number(env.BENCH_THINK_SECONDS ?? 5),
  examSeconds: Number(env.BENCH_EXAM_SECONDS ?? 40),
  loadProcesses: Math.max(1, Number(env.BENCH_LOAD_PROCESSES ?? 1)),
  signInConcurrency: Math.max(1, Number(env.BENCH_SIGNIN_CONCURRENCY ?? 4)),
  limitMs: Number(env.BENCH_LIMIT_MS ?? 100),
  tries: Math.max(1, Number(env.BENCH_STEP_TRIES ?? 2)),
  databaseUrl: env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test',
};
for (const [name, value] of Object.entries(SETTINGS)) {
  const bad = Array.isArray(value)
    ? value.some((item) => typeof item === 'number' && !(item > 0))
    : typeof value === 'number' && !(value > 0);
  if (bad) throw new Error(`capacity benchmark: ${name} must be positive numbers`);
}

const PASSWORD = 'bench-learner-password';
const PREFIX = 'learner';
const OUT_FILE = path.join(ROOT, 'bench', '.out', 'capacity.json');
const MB = 1024 * 1024;
const TICKS_PER_SECOND =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

interface StepFigures {
  learners: number;
  signIn: KindFigures & { newcomers: number };
  kinds: Partial<Record<CallKind, KindFigures>>;
  callsPerSecond: number;
  /** Each server's CPU over the window, in % of one core, and its RSS after it. */
  servers: {
    cpuPercent: number;
    rssMB: number;
    /** The event loop's thread waiting for a core (schedstat), over the window. */
    waitedForCoreMs: number;
    /** The process seen waiting for the disk (state D, looked at every 10 ms), over the window. */
    waitedForDiskMs: number;
  }[];
  /** The calls over the limit, by burst (calls started less than a second apart). */
  slowBursts: number[];
  /** The load processes' CPU together, in % of one core. */
  loadCpuPercent: number;
  /** PostgreSQL's processes' CPU together, in % of one core (every database's); null on SQLite. */
  postgresCpuPercent: number | null;
  /** The whole machine's busy share over the window, in % of all its cores (others' work too). */
  machineBusyPercent: number;
  errorSamples: string[];
  verdict: Verdict;
  /** The verdicts of the windows measured before this one at the same step, none held. */
  earlier: Verdict[];
}

interface ConfigFigures {
  config: ConfigName;
  label: string;
  pinned: boolean;
  steps: StepFigures[];
  carried: number;
  error?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`${line}\n`);
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-';

/** A process's CPU time so far (user and system), in seconds, from /proc. */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The fields after the command's name, which may hold spaces, start at the state (field 3).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** How long a process's main thread (the event loop) has waited for a core so far, in ms. */
function runQueueMsOf(pid: number): number {
  const [, waitedNs = '0'] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ');
  return Number(waitedNs) / 1e6;
}

/**
 * Looks at the servers' state every 10 ms until stopped: the share of looks that found each in
 * uninterruptible sleep (D, nearly always waiting for the disk), an estimate of its disk waits.
 */
function sampleDiskWaits(pids: number[]): () => number[] {
  const waits = pids.map(() => 0);
  let looks = 0;
  const timer = setInterval(() => {
    looks += 1;
    pids.forEach((pid, index) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat[stat.lastIndexOf(')') + 2] === 'D') waits[index] = (waits[index] ?? 0) + 1;
      } catch {
        // Exited: the step fails on its calls anyway.
      }
    });
  }, 10);
  return () => {
    clearInterval(timer);
    return waits.map((count) => (looks > 0 ? count / looks : 0));
  };
}

/** Every PostgreSQL process's CPU time so far, in seconds, by pid (all databases' work). */
function postgresCpuSeconds(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
      seconds.set(Number(entry), cpuSecondsOf(Number(entry)));
    } catch {
      // Gone meanwhile.
    }
  }
  return seconds;
}

/** PostgreSQL's CPU between two readings, counting the processes alive at both. */
function postgresCpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, end] of after) total += end - (before.get(pid) ?? end);
  return total;
}

/** The machine's busy and total CPU time so far, in ticks of all cores together. */
function machineTicks(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const [, ...values] = line.trim().split(/\s+/).map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (values[3] ?? 0) + (values[4] ?? 0);
  return { busy: total - idle, total };
}

function ask<T>(child: ChildProcess, message: ToLearners): Promise<T> {
  // Growing waits for every newcomer's sign-in: argon2id, tens of ms each, thousands at a time.
  return askChild<T>(child, message, 30 * 60_000);
}

/** Forks the load processes and gives them the servers and the learner model. */
async function startLoad(servers: ServerProcess[]): Promise<ChildProcess[]> {
  const children = Array.from({ length: SETTINGS.loadProcesses }, () =>
    fork(path.join(ROOT, 'bench', 'capacity-learners.ts'), [], {
      cwd: ROOT,
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const setup: LearnersSetup = {
    type: 'setup',
    servers: servers.map((server) => server.url),
    password: PASSWORD,
    meanThinkMs: SETTINGS.thinkSeconds * 1000,
    examMs: SETTINGS.examSeconds * 1000,
    mix: DEFAULT_MIX,
    signInConcurrency: Math.max(1, Math.round(SETTINGS.signInConcurrency / children.length)),
    socketsPerServer: 64,
    limitMs: SETTINGS.limitMs,
  };
  await Promise.all(children.map((child) => ask(child, setup)));
  return children;
}

/** Adds learners `from`..`to` (numbered from 1), spread over the servers and the load processes. */
async function grow(children: ChildProcess[], servers: number, from: number, to: number) {
  const shares = children.map(() => [] as { username: string; server: number }[]);
  for (let n = from; n <= to; n++) {
    shares[n % children.length]?.push({ username: `${PREFIX}${n}`, server: n % servers });
  }
  const replies = await Promise.all(
    children.map((child, index) =>
      ask<GrowReply>(child, { type: 'grow', learners: shares[index] ?? [] }),
    ),
  );
  return {
    signInMs: replies.flatMap((reply) => reply.signInMs),
    errors: replies.reduce((sum, reply) => sum + reply.signInErrors, 0),
    samples: replies.flatMap((reply) => reply.errorSamples),
  };
}

/** One step's measuring window: the calls, the servers' and the load's CPU, the servers' RSS. */
async function measure(children: ChildProcess[], servers: ServerProcess[], postgres: boolean) {
  const pids = servers.map((server) => server.child.pid as number);
  await Promise.all(children.map((child) => ask(child, { type: 'measure' })));
  const serverStart = pids.map(cpuSecondsOf);
  const queueStart = pids.map(runQueueMsOf);
  const stopSampling = sampleDiskWaits(pids);
  const postgresStart = postgres ? postgresCpuSeconds() : null;
  const machineStart = machineTicks();
  const started = performance.now();
  await sleep(SETTINGS.holdSeconds * 1000);
  const serverEnd = pids.map(cpuSecondsOf);
  const queueEnd = pids.map(runQueueMsOf);
  const diskShares = stopSampling();
  const postgresEnd = postgresStart ? postgresCpuSeconds() : null;
  const machineEnd = machineTicks();
  const seconds = (performance.now() - started) / 1000;
  // Each load process's window, and its CPU over it, end before it waits for the last answers.
  const reports = await Promise.all(
    children.map((child) => ask<Report>(child, { type: 'report' })),
  );
  const loadSeconds = Math.max(...reports.map((report) => report.windowMs)) / 1000;
  const rss = await Promise.all(servers.map((server) => serverRss(server.child)));
  const kinds: Partial<Record<CallKind, KindFigures>> = {};
  for (const kind of CALL_KINDS) {
    if (kind === 'sign-in') continue;
    const durations = reports.flatMap((report) => report.durations[kind]);
    const errors = reports.reduce((sum, report) => sum + report.errors[kind], 0);
    if (durations.length + errors > 0) kinds[kind] = kindFigures(durations, errors, loadSeconds);
  }
  return {
    kinds,
    servers: pids.map((_, index) => ({
      cpuPercent: (100 * ((serverEnd[index] ?? 0) - (serverStart[index] ?? 0))) / seconds,
      rssMB: (rss[index] ?? 0) / MB,
      waitedForCoreMs: (queueEnd[index] ?? 0) - (queueStart[index] ?? 0),
      waitedForDiskMs: (diskShares[index] ?? 0) * seconds * 1000,
    })),
    loadCpuPercent:
      (100 * reports.reduce((sum, report) => sum + report.cpuMicros, 0)) / 1e6 / loadSeconds,
    postgresCpuPercent:
      postgresStart && postgresEnd
        ? (100 * postgresCpuBetween(postgresStart, postgresEnd)) / seconds
        : null,
    machineBusyPercent:
      (100 * (machineEnd.busy - machineStart.busy)) / (machineEnd.total - machineStart.total),
    errorSamples: reports.flatMap((report) => report.errorSamples),
    slowBursts: burstsOf(reports.flatMap((report) => report.slowStarts)),
  };
}

function printStep(step: StepFigures, processes: number) {
  const { signIn } = step;
  say(
    `\n${fmt(step.learners)} learners: ${step.verdict.held ? 'held' : `NOT held (${step.verdict.reasons.join('; ')})`}`,
  );
  say(
    `  sign-in of ${fmt(signIn.newcomers)} newcomers (not timed against the limit): p50 ${fmt(signIn.p50Ms)} ms, p99 ${fmt(signIn.p99Ms)} ms, ${signIn.errors} errors`,
  );
  say(
    `  ${'call'.padEnd(12)} ${'calls/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} errors`,
  );
  for (const kind of CALL_KINDS) {
    const figures = step.kinds[kind];
    if (!figures) continue;
    say(
      `  ${kind.padEnd(12)} ${fmt(figures.perSecond, 1).padStart(8)} ${fmt(figures.p50Ms, 1).padStart(7)} ${fmt(figures.p99Ms, 1).padStart(7)} ${figures.errors}`,
    );
  }
  const servers = step.servers
    .map(
      (server, index) =>
        `${processes > 1 ? `server ${index + 1}` : 'server'} CPU ${fmt(server.cpuPercent)} % of a core, RSS ${fmt(server.rssMB)} MB`,
    )
    .join('; ');
  say(
    `  ${fmt(step.callsPerSecond)} calls/s; ${servers}; load generator ${fmt(step.loadCpuPercent)} % of a core (${SETTINGS.loadProcesses} process${SETTINGS.loadProcesses > 1 ? 'es' : ''}); ${step.postgresCpuPercent === null ? '' : `PostgreSQL ${fmt(step.postgresCpuPercent)} % of a core (all its databases); `}machine ${fmt(step.machineBusyPercent)} % busy (all ${os.cpus().length} cores, everyone's work)`,
  );
  if (step.loadCpuPercent > 80 * SETTINGS.loadProcesses) {
    say(
      `  ! the load generator used ${fmt(step.loadCpuPercent)} % of a core: its own waiting may be in these figures (BENCH_LOAD_PROCESSES spreads it)`,
    );
  }
  const slow = step.slowBursts.reduce((sum, count) => sum + count, 0);
  const waits = step.servers
    .map(
      (server) =>
        `${fmt(server.waitedForCoreMs)} ms waiting for a core, about ${fmt(server.waitedForDiskMs)} ms for the disk`,
    )
    .join('; ');
  say(
    `  ${fmt(slow)} calls over ${SETTINGS.limitMs} ms in ${step.slowBursts.length} bursts (largest ${fmt(Math.max(0, ...step.slowBursts))}); server${step.servers.length > 1 ? 's' : ''}: ${waits}`,
  );
  for (const sample of step.errorSamples.slice(0, 5)) say(`  ! ${sample}`);
}

/** One configuration's ramp, from seeding to cleaning up. */
async function runConfig(name: ConfigName): Promise<ConfigFigures> {
  const config = CONFIGS[name];
  // One server on its own core and the load on the other, as the other benchmarks do, when
  // there is one server and no local PostgreSQL to share the cores with: with PostgreSQL (and
  // a second server) the scheduler places everything, so one and two processes compare fairly.
  const pinned = PINNED && !config.postgres;
  const figures: ConfigFigures = {
    config: name,
    label: config.label,
    pinned,
    steps: [],
    carried: 0,
  };
  const learners = Math.max(...SETTINGS.steps);
  const databaseUrl = config.postgres ? SETTINGS.databaseUrl : undefined;
  const pgSchema = databaseUrl ? await createPgSchema(databaseUrl, 'bench_capacity') : undefined;
  let dataDir: string | undefined;
  const servers: ServerProcess[] = [];
  let children: ChildProcess[] = [];
  say(
    `\n== ${config.label}${pinned ? ' (server and load generator on a core each)' : ' (cores shared, not pinned)'}`,
  );
  try {
    const seeding = performance.now();
    dataDir = await prepareDataDir(`capacity-${name}`, {
      databaseUrl,
      pgSchema,
      fill: (db) => addLearners(db, { prefix: PREFIX, count: learners, password: PASSWORD }),
    });
    say(
      `seeded the demo bank and ${fmt(learners)} learners in ${fmt((performance.now() - seeding) / 1000, 1)} s`,
    );
    for (let index = 0; index < config.processes; index++) {
      servers.push(
        await startBenchApp({
          dataDir,
          databaseUrl,
          pgSchema,
          pinned,
          // Every learner signs in from 127.0.0.1, thousands in a minute: the limits per address
          // would refuse them (exam sessions are unlimited in bench/server-child.ts already).
          env: { BENCH_AUTH_RATE_LIMIT: String(1e9) },
        }),
      );
    }
    const ramp = async () => {
      children = await startLoad(servers);
      let signedIn = 0;
      for (const step of SETTINGS.steps) {
        const signIns = await grow(children, servers.length, signedIn + 1, step);
        signedIn = step;
        await sleep(SETTINGS.settleSeconds * 1000);
        const signIn = {
          ...kindFigures(signIns.signInMs, signIns.errors, 0),
          newcomers: signIns.signInMs.length + signIns.errors,
        };
        const earlier: Verdict[] = [];
        for (;;) {
          const window = await measure(children, servers, config.postgres);
          const stepFigures: StepFigures = {
            learners: step,
            signIn,
            ...window,
            callsPerSecond: Object.values(window.kinds).reduce((sum, f) => sum + f.perSecond, 0),
            errorSamples: [...signIns.samples, ...window.errorSamples],
            verdict: stepVerdict({ ...window.kinds, 'sign-in': signIn }, SETTINGS.limitMs),
            earlier: [...earlier],
          };
          printStep(stepFigures, servers.length);
          if (stepFigures.verdict.held || earlier.length + 1 >= SETTINGS.tries) {
            figures.steps.push(stepFigures);
            break;
          }
          earlier.push(stepFigures.verdict);
          say(
            `  measuring ${fmt(step)} learners again (try ${earlier.length + 1} of ${SETTINGS.tries})`,
          );
        }
        if (!figures.steps[figures.steps.length - 1]?.verdict.held) break;
      }
    };
    // The load processes inherit this process's core when pinned.
    await (pinned ? onLoadCore(ramp) : ramp());
  } catch (error) {
    figures.error = error instanceof Error ? error.message : String(error);
    say(`! ${config.label}: ${figures.error}`);
  } finally {
    for (const child of children) child.send({ type: 'stop' } satisfies ToLearners);
    for (const server of servers) await server.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl && pgSchema) await dropPgSchema(databaseUrl, pgSchema);
  }
  figures.carried = carried(figures.steps);
  return figures;
}

function printSummary(results: ConfigFigures[]) {
  const byName = (name: ConfigName) => results.find((result) => result.config === name);
  const one = byName('pg1');
  say(
    `\nCapacity: learners carried with p99 < ${SETTINGS.limitMs} ms for every call but sign-in and no errors`,
  );
  say(
    `(steps ${SETTINGS.steps.join(', ')}; ${SETTINGS.holdSeconds} s measured after ${SETTINGS.settleSeconds} s settling; think ${SETTINGS.thinkSeconds} s, exam ${SETTINGS.examSeconds} s)\n`,
  );
  const rows = results.map((result) => {
    const last = result.steps.find((step) => step.learners === result.carried);
    const top = result.steps[result.steps.length - 1];
    const reached = top && top.verdict.held && top.learners === Math.max(...SETTINGS.steps);
    let target = '';
    let met = '';
    if (result.config === 'sqlite') {
      target = '>= 5,000';
      met = result.carried >= 5000 ? 'yes' : 'NO';
    } else if (result.config === 'pg2' && one) {
      target = `>= 1.6 x 1 process (${fmt(1.6 * one.carried)})`;
      met = result.carried >= 1.6 * one.carried ? 'yes' : 'NO';
    }
    const figures = last
      ? `${fmt(last.callsPerSecond)} calls/s, answer p99 ${fmt(last.kinds.answer?.p99Ms ?? NaN, 1)} ms, server CPU ${last.servers.map((s) => fmt(s.cpuPercent)).join(' + ')} %${last.postgresCpuPercent === null ? '' : `, PostgreSQL ${fmt(last.postgresCpuPercent)} %`}, load ${fmt(last.loadCpuPercent)} %`
      : '';
    const stopped = result.error
      ? `failed: ${result.error.slice(0, 80)}`
      : reached
        ? 'every step held'
        : `stopped at ${fmt(top?.learners ?? 0)}: ${top?.verdict.reasons.join('; ') ?? ''}`;
    const again = result.steps
      .filter((step) => step.verdict.held && step.earlier.length > 0)
      .map((step) => fmt(step.learners));
    const ramp =
      again.length > 0 ? `${stopped} (held when measured again: ${again.join(', ')})` : stopped;
    return [result.label, fmt(result.carried), figures, ramp, target, met];
  });
  const head = ['configuration', 'learners', 'at that step', 'ramp', 'target', 'met'];
  const widths = head.map((cell, index) =>
    Math.max(cell.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join(' | ')} |`;
  say(line(head));
  say(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of rows) say(line(row));
  if (one && byName('pg2') && one.carried > 0) {
    say(
      `\ntwo PostgreSQL processes carry ${fmt((byName('pg2')?.carried ?? 0) / one.carried, 2)} x what one does`,
    );
  }
}

async function main() {
  const cpus = os.cpus();
  say(
    `Capacity benchmark, ${new Date().toISOString()}: ${cpus.length} cores (${cpus[0]?.model ?? 'unknown'}), Node ${process.version}, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const results: ConfigFigures[] = [];
  for (const name of SETTINGS.configs) results.push(await runConfig(name));
  printSummary(results);
  mkdirSync(path.dirname(OUT_FILE), { recursive: true });
  writeFileSync(
    OUT_FILE,
    JSON.stringify({ date: new Date().toISOString(), settings: SETTINGS, results }, null, 2) + '\n',
  );
  say(`\nFigures written to bench/.out/capacity.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
