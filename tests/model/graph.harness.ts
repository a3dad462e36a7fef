/**
 * Generic pieces of the model tests: a promise actor whose one running call the test answers
 * with the graph's own done or error event, a settle that lets everything queued run, and the
 * comparison of a live step with what a test's oracle says it must do.
 */
import { expect } from 'vitest';
import { fromPromise, type EventObject, type Snapshot } from 'xstate';
import type { StatePath } from 'xstate/graph';

interface PendingCall<TOutput> {
  resolve(value: TOutput): void;
  reject(error: unknown): void;
}

/**
 * `logic` records each call's input with `onCall` and waits; `answer(event)` settles the
 * running call with the event's `output` (`xstate.done…`) or `error` (`xstate.error…`), and
 * throws `idle` when no call runs.
 */
export function answerableActor<TOutput, TInput>(onCall: (input: TInput) => void, idle: string) {
  let pending: PendingCall<TOutput> | null = null;
  return {
    logic: fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          onCall(input);
          pending = { resolve, reject };
        }),
    ),
    answer(event: EventObject) {
      const call = pending;
      if (!call) throw new Error(idle);
      pending = null;
      const answer = event as unknown as { output?: TOutput; error?: unknown };
      if (event.type.startsWith('xstate.done')) call.resolve(answer.output!);
      else call.reject(answer.error);
    },
  };
}

/** Lets promises settle and the events they send be processed (one macrotask). */
export const settle = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Whether to walk the simple paths: not under mutation testing (`vitest.mutate.config.ts` sets
 * MODEL_SIMPLE_PATHS=0), where each mutant's run walks the shortest paths and every edge from
 * them only, so that it takes seconds; `npm test` walks them all.
 */
export const WALK_SIMPLE_PATHS = process.env.MODEL_SIMPLE_PATHS !== '0';

/**
 * A graph built as the test file is collected, with any error it throws kept for `graphTest`
 * to report: a machine whose graph turns endless or throws then fails a test, where an error
 * at collection would only fail the file (which mutation testing does not count as a kill).
 */
export function collectGraph<T>(errors: unknown[], build: () => T[]): T[] {
  try {
    return build();
  } catch (error) {
    errors.push(error);
    return [];
  }
}

/**
 * `filter`, and an invoked actor's done or error event only while that actor runs, as in the
 * app, where only the running actor sends them. Sent to a state with no such actor, an error
 * event makes the machine fail, which is no path a learner can take.
 */
/** The invoked call an event answers (its done or error event), or undefined for another event. */
export function answeredActorOf(event: EventObject): string | undefined {
  return /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(event.type)?.[1];
}

export function whileItsActorRuns<
  TSnapshot extends { children: Record<string, unknown> },
  TEvent extends EventObject,
>(
  filter: (snapshot: TSnapshot, event: TEvent) => boolean = () => true,
): (snapshot: TSnapshot, event: TEvent) => boolean {
  return (snapshot, event) => {
    const actor = answeredActorOf(event);
    return (actor === undefined || actor in snapshot.children) && filter(snapshot, event);
  };
}

/**
 * A graph's key for a snapshot that also names its status. A machine that fails on an event (an
 * invoked call's error with no handler) keeps its value and context: keyed on those alone, the
 * errored snapshot took the live state's place in the graph, and the walks, which send events to
 * active states only, then skipped every event from that state (a mutant emptying a call's
 * `onError` survived so). A correct machine never errors, so its graph is unchanged by this.
 */
export function keyedByStatus<TSnapshot extends Snapshot<unknown>>(
  serialize: (snapshot: TSnapshot) => string = (snapshot) =>
    JSON.stringify([
      (snapshot as { value?: unknown }).value,
      (snapshot as { context?: unknown }).context,
    ]),
): (snapshot: TSnapshot) => string {
  return (snapshot) => `${snapshot.status} ${serialize(snapshot)}`;
}

/**
 * The steps of a path after its start, then `next`: an event the graph need not have walked
 * from the path's end (a self-loop, an event the state ignores), with no graph state to compare.
 */
export function stepsThen<TSnapshot extends Snapshot<unknown>, TEvent extends EventObject>(
  path: StatePath<TSnapshot, TEvent>,
  next?: TEvent,
): { event: TEvent; state: TSnapshot | null }[] {
  const steps = path.steps.filter((step) => (step.event.type as string) !== 'xstate.init');
  return [...steps, ...(next ? [{ event: next, state: null }] : [])];
}

/** A log of calls or reports, its length before the step, and the entries the step must add. */
export type LogAdded = readonly [log: readonly unknown[], from: number, added: readonly unknown[]];

/**
 * A live step did what the test's oracle says: the machine is in the state named (its value),
 * with the context and the tags the screen reads, and each log gained exactly the entries
 * named (a call or report not named is a failure too).
 */
export function expectOracleStep(
  snapshot: { value: unknown; context: unknown; tags: ReadonlySet<string> },
  expected: { value: unknown; context: unknown; tags: readonly string[] },
  logs: readonly LogAdded[],
) {
  expect(snapshot.value).toEqual(expected.value);
  expect(snapshot.context).toEqual(expected.context);
  expect([...snapshot.tags].sort()).toEqual([...expected.tags].sort());
  for (const [log, from, added] of logs) expect(log.slice(from)).toEqual(added);
}
