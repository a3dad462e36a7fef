// Apart from exam-training.harness.ts, which the exam's tests import too: mutation testing runs
// every test file that imports a machine for each of its mutants (stryker.config.mjs), and the
// exam's walk has nothing to say about the practice machine.
import { createActor } from 'xstate';
import { practiceMachine } from '../../machines/practice.machine';
import type { TrainingSnapshot } from '../../machines/training.selectors';

/**
 * The first screen of the practice a training state runs, made from its run: the graph walks
 * only the training machine's events, so its practice is always on its first question. (The
 * graph's snapshots do not hold on to their children: which ones still have them depends on
 * the order the states were explored in.)
 */
export function firstPracticeOf(state: TrainingSnapshot) {
  const run = state.hasTag('screen:practice') ? state.context.run : null;
  return run ? createActor(practiceMachine, { input: run }).getSnapshot() : undefined;
}
