import { afterEach, describe, expect, it, vi } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { savedSnapshot } from './saved-snapshot';

/** A run: counting answers until it is left; only a run begun is worth resuming. */
const runMachine = setup({
  types: { context: {} as { answered: number }, events: {} as { type: 'answer' | 'leave' } },
}).createMachine({
  context: { answered: 0 },
  initial: 'running',
  states: {
    running: {
      on: {
        answer: { actions: assign({ answered: ({ context }) => context.answered + 1 }) },
        leave: 'left',
      },
    },
    left: {},
  },
});

const saved = savedSnapshot<typeof runMachine>(
  'test.run',
  (snapshot) => snapshot.matches('running') && snapshot.context.answered > 0,
);

afterEach(() => window.localStorage.clear());

function runAnswered(count: number) {
  const actor = createActor(runMachine).start();
  for (let index = 0; index < count; index += 1) actor.send({ type: 'answer' });
  return actor;
}

describe('savedSnapshot', () => {
  it('resumes a saved run where it was, for the learner who saved it only', () => {
    saved.save(7, runAnswered(2).getPersistedSnapshot());

    const snapshot = saved.load(runMachine, 7);
    expect(snapshot).not.toBeNull();
    const resumed = createActor(runMachine, { snapshot: snapshot! }).start();
    expect(resumed.getSnapshot().context.answered).toBe(2);
    expect(saved.load(runMachine, 8)).toBeNull();
  });

  it('drops a snapshot not worth resuming, and one it cannot read', () => {
    saved.save(7, runAnswered(0).getPersistedSnapshot());
    expect(saved.load(runMachine, 7)).toBeNull();
    expect(window.localStorage.getItem('test.run.7')).toBeNull();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    window.localStorage.setItem('test.run.7', '{"status":"active","value":');
    expect(saved.load(runMachine, 7)).toBeNull();
    expect(window.localStorage.getItem('test.run.7')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('clears what was saved', () => {
    saved.save(7, runAnswered(1).getPersistedSnapshot());
    saved.clear(7);
    expect(saved.load(runMachine, 7)).toBeNull();
  });
});
