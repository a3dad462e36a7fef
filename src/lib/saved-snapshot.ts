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
  /**
   * The kept snapshot as the machine resolves it (nothing started), or null: a look from
   * another page that, unlike `load`, drops nothing.
   */
  peek(logic: TLogic, userId: number, input?: InputFrom<TLogic>): SnapshotFrom<TLogic> | null;
  save(userId: number, snapshot: Snapshot<unknown>): void;
  clear(userId: number): void;
}

/**
 * Snapshots under `${name}.${userId}` in localStorage. `isResumable` tells, from the snapshot
 * resolved without starting anything, whether it is one to resume; `upgrade` reads one kept by
 * an older version of the machine as the machine is now.
 */
export function savedSnapshot<TLogic extends AnyStateMachine>(
  name: string,
  isResumable: (snapshot: SnapshotFrom<TLogic>) => boolean,
  upgrade: (snapshot: Snapshot<unknown>) => Snapshot<unknown> = (snapshot) => snapshot,
): SavedSnapshot<TLogic> {
  const keyOf = (userId: number) => `${name}.${userId}`;
  const clear = (userId: number) => {
    try {
      window.localStorage.removeItem(keyOf(userId));
    } catch {
      // Nothing stored.
    }
  };
  /** The kept snapshot and the machine's reading of it; throws on one it cannot read. */
  const read = (logic: TLogic, userId: number, input?: InputFrom<TLogic>) => {
    let raw: string | null;
    try {
      raw = window.localStorage.getItem(keyOf(userId));
    } catch {
      return null;
    }
    if (!raw) return null;
    const snapshot = upgrade(JSON.parse(raw) as Snapshot<unknown>);
    const resolved = createActor(logic, {
      snapshot,
      ...(input === undefined ? {} : { input }),
    }).getSnapshot() as SnapshotFrom<TLogic>;
    return { snapshot, resolved };
  };
  return {
    load(logic, userId, input) {
      try {
        const kept = read(logic, userId, input);
        if (!kept) return null;
        const { snapshot, resolved } = kept;
        if ((resolved as Snapshot<unknown>).status === 'active' && isResumable(resolved)) {
          return snapshot;
        }
      } catch (error) {
        console.warn(`The saved ${name} could not be resumed and was dropped.`, error);
      }
      clear(userId);
      return null;
    },
    peek(logic, userId, input) {
      try {
        const resolved = read(logic, userId, input)?.resolved ?? null;
        return (resolved as Snapshot<unknown> | null)?.status === 'active' ? resolved : null;
      } catch {
        return null;
      }
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
