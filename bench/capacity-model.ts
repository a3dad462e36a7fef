/**
 * The capacity benchmark's learner model and its verdict on a step, apart from any I/O so they
 * can be checked by hand (tests/unit/capacity-model.test.ts). See docs/benchmarks.md, Capacity.
 */
import { quantile } from './quantile';

/** Every call a simulated learner makes, by the name the benchmark prints. */
export const CALL_KINDS = [
  'sign-in',
  'ticket',
  'answer',
  'browse',
  'stats',
  'history',
  'readiness',
  'exam start',
  'exam submit',
] as const;
export type CallKind = (typeof CALL_KINDS)[number];

/** Sign-in is argon2id, slow by design: it is reported but not held to the latency limit. */
export const UNLIMITED_KINDS: readonly CallKind[] = ['sign-in'];

/** What a learner does after each pause. */
export type Action = 'answer' | 'browse' | 'dashboard' | 'exam';

/** How often each action follows a pause, as shares adding up to 1. */
export type ActionMix = Record<Action, number>;

/**
 * Mostly training answers; a look at the question list or the dashboard about every 20th turn
 * each; an exam about every 50th turn (every four minutes of practice at five seconds a turn).
 */
export const DEFAULT_MIX: ActionMix = { answer: 0.88, browse: 0.05, dashboard: 0.05, exam: 0.02 };

const ACTION_ORDER: readonly Action[] = ['answer', 'browse', 'dashboard', 'exam'];

/** The action a uniform draw in [0, 1) picks: the mix's shares laid end to end in a fixed order. */
export function chooseAction(draw: number, mix: ActionMix = DEFAULT_MIX): Action {
  let edge = 0;
  for (const action of ACTION_ORDER) {
    edge += mix[action];
    if (draw < edge) return action;
  }
  // Shares that add up to a hair under 1 leave the last sliver to the last action.
  return ACTION_ORDER[ACTION_ORDER.length - 1] as Action;
}

/**
 * A pause, in ms, spread evenly from half to one and a half times the mean: learners keep
 * their own rhythm instead of calling in step with each other.
 */
export function thinkMs(draw: number, meanMs: number): number {
  return meanMs * (0.5 + draw);
}

/** One call kind's figures over a step's measuring window. */
export interface KindFigures {
  calls: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Durations (ms, any order) and errors of one kind over `seconds`, as figures. */
export function kindFigures(durations: readonly number[], errors: number, seconds: number) {
  const sorted = [...durations].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    perSecond: seconds > 0 ? sorted.length / seconds : 0,
    p50Ms: quantile(sorted, 0.5),
    p99Ms: quantile(sorted, 0.99),
    errors,
  } satisfies KindFigures;
}

/** Whether a step held, and if not, every reason. */
export interface Verdict {
  held: boolean;
  reasons: string[];
}

/**
 * A step holds when no call failed and every call kind but sign-in answered 99 % of its calls
 * within `limitMs` (strictly under it). A kind with no call in the window says nothing.
 */
export function stepVerdict(
  figures: Partial<Record<CallKind, KindFigures>>,
  limitMs: number,
): Verdict {
  const reasons: string[] = [];
  for (const kind of CALL_KINDS) {
    const kindFigures = figures[kind];
    if (!kindFigures) continue;
    if (kindFigures.errors > 0) reasons.push(`${kind}: ${kindFigures.errors} errors`);
    if (
      !UNLIMITED_KINDS.includes(kind) &&
      kindFigures.calls > 0 &&
      !(kindFigures.p99Ms < limitMs)
    ) {
      reasons.push(`${kind}: p99 ${kindFigures.p99Ms.toFixed(1)} ms`);
    }
  }
  return { held: reasons.length === 0, reasons };
}

/** The learners carried: the last step of the ramp that held before the first that did not. */
export function carried(steps: readonly { learners: number; verdict: Verdict }[]): number {
  let last = 0;
  for (const step of steps) {
    if (!step.verdict.held) break;
    last = step.learners;
  }
  return last;
}

/**
 * The starts (ms) of the calls over the limit, grouped into bursts of calls started less than a
 * second apart: a few bursts of many calls is a pause (of the server, or of its core or disk),
 * many small ones a server steadily too slow.
 */
export function burstsOf(starts: readonly number[]): number[] {
  const sorted = [...starts].sort((a, b) => a - b);
  const bursts: number[] = [];
  sorted.forEach((start, index) => {
    if (index > 0 && start - (sorted[index - 1] as number) < 1000) {
      bursts[bursts.length - 1] = (bursts[bursts.length - 1] ?? 0) + 1;
    } else bursts.push(1);
  });
  return bursts;
}
