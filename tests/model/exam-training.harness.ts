/**
 * Shared by the exam and training model tests: question fixtures, API actors whose promises
 * the test settles by hand, and the replay of a graph path on a live actor.
 */
import { fromPromise, type AnyActorRef, type EventObject, type SimulatedClock } from 'xstate';
import type { components } from '../../openapi/schema';

export type Question = components['schemas']['Question'];

export const T0 = Date.UTC(2025, 5, 1, 9, 0, 0);

export function question(id: number, rightAnswers: string, answers = 2, points = 1): Question {
  return {
    id,
    question_text: `Question ${id}`,
    answer_1: 'A',
    answer_2: 'B',
    answer_3: answers >= 3 ? 'C' : null,
    answer_4: answers >= 4 ? 'D' : '',
    answer_5: answers >= 5 ? 'E' : null,
    right_answers: rightAnswers,
    points,
    photo: null,
    explanation: `Because of rule ${id}.`,
  };
}

interface Pending {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** API actors that wait until the test settles them: `done(id, output)` or `fail(id, error)`. */
export class ManualApi {
  private readonly pending = new Map<string, Pending[]>();
  readonly calls: Array<{ id: string; input: unknown }> = [];

  actor<TOutput, TInput = unknown>(id: string) {
    return fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          this.calls.push({ id, input });
          const queue = this.pending.get(id) ?? [];
          queue.push({ input, resolve: (value) => resolve(value as TOutput), reject });
          this.pending.set(id, queue);
        }),
    );
  }

  /** The input of the oldest unsettled call of `id`. */
  inputOf(id: string): unknown {
    return this.pending.get(id)?.[0]?.input;
  }

  callsOf(id: string): unknown[] {
    return this.calls.filter((call) => call.id === id).map((call) => call.input);
  }

  async done(id: string, output: unknown): Promise<void> {
    this.take(id).resolve(output);
    await settle();
  }

  async fail(id: string, error: unknown): Promise<void> {
    this.take(id).reject(error);
    await settle();
  }

  private take(id: string): Pending {
    const next = this.pending.get(id)?.shift();
    if (next === undefined) throw new Error(`no pending call of ${id}`);
    return next;
  }
}

/** Lets settled promises deliver their events (microtasks only; nothing waits on real time). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';

interface TickState {
  context: { startedAt: number | null; now: number | null };
}

/**
 * Plays one step's event on the live actor the way it happens for real: API outcomes by
 * settling the pending call, clock reports by moving the simulated clock (the ticker reports
 * the first instant by itself as it starts), everything else by sending it.
 */
export async function replayEvent(
  actor: AnyActorRef,
  event: EventObject,
  api: ManualApi,
  clock: SimulatedClock,
  before: TickState | undefined,
): Promise<void> {
  if (event.type === 'xstate.init') return;
  if (event.type.startsWith(DONE)) {
    await api.done(
      event.type.slice(DONE.length),
      (event as EventObject & { output: unknown }).output,
    );
    return;
  }
  if (event.type.startsWith(ERROR)) {
    await api.fail(
      event.type.slice(ERROR.length),
      (event as EventObject & { error: unknown }).error,
    );
    return;
  }
  if (event.type === 'timer.tick') {
    const { now } = event as EventObject & { now: number };
    const last = before?.context.now ?? null;
    if (before?.context.startedAt === null || last === null) return;
    clock.increment(now - last);
    return;
  }
  actor.send(event);
  await settle();
}
