import { useCallback, useEffect, useState } from 'react';
import { readStored, removeStored, writeStored } from './browser-storage';

export interface TabHold {
  /** Whether this tab holds the work: false once another tab has opened it. */
  held: boolean;
  /** Takes the work back in this tab, where another tab left it (the page loads again). */
  takeOver: () => void;
}

/**
 * Which of the browser's tabs holds a piece of work kept in localStorage under one key for all
 * tabs (the exam in progress): the one that opened it last. A tab that held it hears that
 * another has opened it (the `storage` event) and should stop writing it, or the two tabs would
 * overwrite each other's progress and a reload would resume whichever wrote last.
 */
export function useTabHolder(
  key: string,
  reload: () => void = () => window.location.reload(),
): TabHold {
  const [tab] = useState(newTabId);
  const [held, setHeld] = useState(true);
  useEffect(() => {
    // Not stored (storage refused): no other tab can hear of this one, which holds its work alone.
    writeStored(key, tab);
    const onStorage = (event: StorageEvent) => {
      // A null key: the other tab cleared all of storage (signing out does), which says nothing
      // of who holds the work.
      if (event.key === key && event.newValue !== null && event.newValue !== tab) setHeld(false);
    };
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener('storage', onStorage);
      if (readStored(key) === tab) removeStored(key);
    };
  }, [key, tab]);
  const takeOver = useCallback(() => {
    writeStored(key, tab);
    reload();
  }, [key, tab, reload]);
  return { held, takeOver };
}

const newTabId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
