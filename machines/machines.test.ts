import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  assign,
  createActor,
  SimulatedClock,
  setup,
  StateMachine,
  type AnyActorLogic,
  type AnyStateMachine,
  type StateNode,
} from 'xstate';
import { notProvidedIn } from './not-provided';
import { createTicker, wallClock } from './ticker.actor';

/**
 * Each machine, loaded when a test asks for it: a machine whose definition throws as its module
 * loads then fails that test, where a static import would fail the whole file before any test
 * ran (which a test runner, and mutation testing, may not count as a failing test).
 */
const MACHINES: Record<string, () => Promise<AnyStateMachine>> = {
  'admin-bank-import': async () => (await import('./admin-bank-import.machine')).bankImportMachine,
  'admin-csv-import': async () => (await import('./admin-csv-import.machine')).csvImportMachine,
  'admin-questions': async () => (await import('./admin-questions.machine')).adminQuestionsMachine,
  auth: async () => (await import('./auth.machine')).authMachine,
  exam: async () => (await import('./exam.machine')).examMachine,
  practice: async () => (await import('./practice.machine')).practiceMachine,
  'record-edit': async () =>
    (await import('./record-edit.machine')).createRecordEditMachine<{ name: string }, unknown>(),
  training: async () => (await import('./training.machine')).trainingMachine,
};

/** Every state below `node`, by its path (`inProgress`, `tickets.list`). */
function statesOf(node: StateNode): StateNode[] {
  return Object.values(node.states).flatMap((child) => [child, ...statesOf(child)]);
}

describe('the machines', () => {
  // machines/README.md: every state says what it is (the inspector and the reader see it).
  for (const [name, load] of Object.entries(MACHINES)) {
    it(`${name}: every state has a description`, async () => {
      const machine = await load();
      const states = statesOf(machine.root);
      expect(states.length).toBeGreaterThan(1);
      const missing = states
        .filter((state) => typeof state.description !== 'string' || state.description.trim() === '')
        .map((state) => state.path.join('.'));
      expect(missing).toEqual([]);
    });
  }
});

/** The name each machine's stand-ins give it in their errors. */
const NAMED_IN_ERRORS: Record<string, string> = {
  'admin-bank-import': 'bank import',
  'admin-csv-import': 'CSV import',
  'admin-questions': 'admin questions',
  auth: 'auth',
  exam: 'exam',
  practice: 'practice',
  'record-edit': 'record edit',
  training: 'training',
};

describe('an actor nobody provided', () => {
  it('fails its call, naming the machine and the actor', async () => {
    await expect(notProvidedIn('exam')('loadQuestions')()).rejects.toThrow(
      'exam machine: actor "loadQuestions" was not provided',
    );
  });

  // A developer who forgets to provide a call reads which one, under the name `provide` takes.
  for (const [name, load] of Object.entries(MACHINES)) {
    it(`${name}: each call left unprovided names the machine and itself as provide() knows it`, async () => {
      const machine = await load();
      const standIns: string[] = [];
      for (const [key, logic] of Object.entries(machine.implementations.actors)) {
        if (logic instanceof StateMachine) continue;
        const actor = createActor(logic as AnyActorLogic, { input: {} });
        actor.subscribe({ error: () => {} });
        actor.start();
        await new Promise((resolve) => setTimeout(resolve, 0));
        const { status, error } = actor.getSnapshot() as { status: string; error?: unknown };
        actor.stop();
        if (status !== 'error' || !String(error).endsWith('was not provided')) continue;
        expect(error).toEqual(
          new Error(`${NAMED_IN_ERRORS[name]} machine: actor "${key}" was not provided`),
        );
        standIns.push(key);
      }
      expect(standIns.length).toBeGreaterThan(0);
    });
  }

  it('leaves a machine started without the world unable to load, not waiting for ever', async () => {
    const actor = createActor(await MACHINES.exam!(), { input: {} });
    actor.start();
    actor.send({ type: 'user.start' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toEqual({ notStarted: 'loadFailed' });
    actor.stop();
  });
});

describe('the ticker', () => {
  /** A simulated clock that also counts the timeouts still set. */
  function countingClock(start: number) {
    const clock = new SimulatedClock();
    clock.set(start);
    const waiting = new Set<unknown>();
    return {
      clock,
      waiting,
      now: () => clock.now(),
      setTimeout(fn: () => void, ms: number) {
        const id: unknown = clock.setTimeout(() => {
          waiting.delete(id);
          fn();
        }, ms);
        waiting.add(id);
        return id;
      },
      clearTimeout(id: unknown) {
        waiting.delete(id);
        clock.clearTimeout(id as number);
      },
    };
  }

  /** A parent that keeps every clock report its ticker child sends. */
  const recorder = (ticker: ReturnType<typeof createTicker>) =>
    setup({
      types: {
        context: {} as { ticks: number[] },
        events: {} as { type: 'timer.tick'; now: number },
      },
      actors: { ticker },
    }).createMachine({
      context: { ticks: [] },
      invoke: { src: 'ticker' },
      on: {
        'timer.tick': {
          actions: assign({ ticks: ({ context, event }) => [...context.ticks, event.now] }),
        },
      },
    });

  it('reports the time at once, then every second, and sets no timeout once stopped', () => {
    const time = countingClock(1_000);
    const actor = createActor(recorder(createTicker(time)));
    actor.start();
    expect(actor.getSnapshot().context.ticks).toEqual([1_000]);
    time.clock.increment(999);
    expect(actor.getSnapshot().context.ticks).toEqual([1_000]);
    time.clock.increment(1);
    time.clock.increment(1_000);
    expect(actor.getSnapshot().context.ticks).toEqual([1_000, 2_000, 3_000]);
    expect(time.waiting.size).toBe(1);
    actor.stop();
    expect(time.waiting.size).toBe(0);
  });

  describe('on the wall clock', () => {
    afterEach(() => vi.useRealTimers());

    it("reads the system's time, and calls back after the time asked unless cleared", () => {
      vi.useFakeTimers();
      vi.setSystemTime(Date.UTC(2026, 11, 4, 9, 0, 0));
      expect(wallClock.now()).toBe(Date.UTC(2026, 11, 4, 9, 0, 0));
      const called: string[] = [];
      wallClock.setTimeout(() => called.push('kept'), 1_000);
      const cleared = wallClock.setTimeout(() => called.push('cleared'), 1_000);
      wallClock.clearTimeout(cleared);
      vi.advanceTimersByTime(999);
      expect(called).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(called).toEqual(['kept']);
      expect(wallClock.now()).toBe(Date.UTC(2026, 11, 4, 9, 0, 1));
    });

    it('is the clock a ticker keeps when given none', () => {
      vi.useFakeTimers();
      vi.setSystemTime(5_000);
      const actor = createActor(recorder(createTicker()));
      actor.start();
      vi.advanceTimersByTime(2_000);
      expect(actor.getSnapshot().context.ticks).toEqual([5_000, 6_000, 7_000]);
      actor.stop();
      vi.advanceTimersByTime(5_000);
      expect(actor.getSnapshot().context.ticks).toHaveLength(3);
    });
  });

  it('reports at the interval it is given', () => {
    const time = countingClock(0);
    const actor = createActor(recorder(createTicker(time, 250)));
    actor.start();
    time.clock.increment(250);
    time.clock.increment(250);
    expect(actor.getSnapshot().context.ticks).toEqual([0, 250, 500]);
    actor.stop();
  });
});
