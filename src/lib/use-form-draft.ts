import { useCallback, useEffect, useState } from 'react';
import { formDraftStore } from './form-drafts';

/** The `kept` fields of `values` that differ from `start`: what is worth bringing back. */
function changesFrom<K extends string>(
  values: Partial<Record<K, unknown>> | null,
  start: Record<K, string>,
  kept: readonly K[],
): Partial<Record<K, string>> {
  const changes: Partial<Record<K, string>> = {};
  for (const field of kept) {
    const value = values?.[field];
    // A damaged or older draft may hold anything: only text that differs is taken.
    if (typeof value === 'string' && value !== start[field]) changes[field] = value;
  }
  return changes;
}

/**
 * A form's values, the unsaved ones kept in this tab for a reload (`draft.${name}`): only the
 * `kept` fields (never a password) and only where they differ from `start`, so a field the
 * learner left alone shows what is stored now, and a draft that was saved meanwhile is dropped.
 */
export function useFormDraft<K extends string>(
  name: string,
  start: Record<K, string>,
  kept: readonly K[],
) {
  const [{ store, fields }] = useState(() => ({
    store: formDraftStore<Partial<Record<K, string>>>(name),
    fields: kept,
  }));
  const [state, setState] = useState(() => {
    const changes = changesFrom(store.load(), start, fields);
    return {
      base: start,
      values: { ...start, ...changes },
      restored: Object.keys(changes).length > 0,
    };
  });

  const { values, base } = state;
  useEffect(() => {
    const changes = changesFrom(values, base, fields);
    if (Object.keys(changes).length > 0) store.save(changes);
    else store.clear();
  }, [store, fields, values, base]);

  const set = useCallback(
    (field: K, value: string) =>
      setState((current) => ({ ...current, values: { ...current.values, [field]: value } })),
    [],
  );
  const reset = useCallback(
    (next?: Record<K, string>) =>
      setState((current) => {
        const from = next ?? current.base;
        return { base: from, values: from, restored: false };
      }),
    [],
  );
  return {
    values,
    set,
    /** The values shown hold changes brought back from before a reload (a note can say so). */
    restored: state.restored && Object.keys(changesFrom(values, base, fields)).length > 0,
    /** Starts again from `next` (by default what it started from), keeping nothing. */
    reset,
    /** Keeps nothing more: the form has done its work and is leaving. */
    forget: store.clear,
  };
}
