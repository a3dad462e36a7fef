/**
 * Generic pieces of the model tests: a promise actor whose one running call the test answers
 * with the graph's own done or error event, and a settle that lets everything queued run.
 */
import { fromPromise, type EventObject } from 'xstate';

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
