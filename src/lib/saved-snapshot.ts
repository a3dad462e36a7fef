import {
  createActor,
  type AnyStateMachine,
  type InputFrom,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';

/**
 * A machine's snapshot kept in the browser for one learner, so that a reload (or a visit to
 * another page) resumes where the learner was: the exam in progress, a training run.
 */
export interface SavedSnapshot<TLogic extends AnyStateMachine> {
  /**
   * The snapshot kept before, or null. One the machine cannot resume (written by an older
   * version, damaged, or no longer in a state worth resuming) is dropped.
   */
  load(logic: TLogic, userId: number, input?: InputFrom<TLogic>): Snapshot<unknown> | null;
  save(userId: number, snapshot: Snapshot<unknown>): void;
  clear(userId: number): void;
}

/**
 * Snapshots under `${name}.${userId}` in localStorage. `isResumable` tells, from the snapshot
 * resolved without starting anything, whether it is one to resume.
 */
export function savedSnapshot<TLogic extends AnyStateMachine>(
  name: string,
  isResumable: (snapshot: SnapshotFrom<TLogic>) => boolean,
): SavedSnapshot<TLogic> {
  const keyOf = (userId: number) => `${name}.${userId}`;
  const clear = (userId: number) => {
    try {
      window.localStorage.removeItem(keyOf(userId));
    } catch {
      // Nothing stored.
    }
  };
  return {
    load(logic, userId, input) {
      let raw: string | null;
      try {
        raw = window.localStorage.getItem(keyOf(userId));
      } catch {
        return null;
      }
      if (!raw) return null;
      try {
        const snapshot = JSON.parse(raw) as Snapshot<unknown>;
        const probe = createActor(logic, {
          snapshot,
          ...(input === undefined ? {} : { input }),
        }).getSnapshot();
        if ((probe as Snapshot<unknown>).status === 'active' && isResumable(probe)) return snapshot;
      } catch (error) {
        console.warn(`The saved ${name} could not be resumed and was dropped.`, error);
      }
      clear(userId);
      return null;
    },
    save(userId, snapshot) {
      try {
        window.localStorage.setItem(keyOf(userId), JSON.stringify(snapshot));
      } catch (error) {
        console.warn(`The ${name} could not be saved for a reload.`, error);
      }
    },
    clear,
  };
}

/**
 * True when the browser loaded this page by reloading `pathname` itself (not by a link, a
 * typed address, a new tab or a reload of another page): what may bring back a finished
 * result, which a visit any other way should not show again.
 */
export function reloadedAt(pathname: string): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'reload' && new URL(entry.name).pathname === pathname;
}
