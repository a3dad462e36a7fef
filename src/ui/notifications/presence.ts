import { useSyncExternalStore } from 'react';

/**
 * Whether a notification has been shown in this page's life. The entry holds this alone: the
 * notifications' store and list come with the pages that notify, and the region in the layout
 * loads the list once the first one is shown (NotificationRegion).
 */
let shown = false;
const listeners = new Set<() => void>();

/** Told by a store as it takes its first notification. */
export function markShown(): void {
  if (shown) return;
  shown = true;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isShown = () => shown;

export function useShown(): boolean {
  return useSyncExternalStore(subscribe, isShown, isShown);
}
