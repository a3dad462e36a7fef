import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, type ApiClient } from '../api';

/** What every kept item carries: whose it is and how often sending it failed. */
export interface KeptItem {
  id: string;
  userId: number;
  attempts: number;
}

export interface KeptQueueOptions<Item extends KeptItem> {
  /** The localStorage key, and the Web Lock's name. */
  key: string;
  isItem: (value: unknown) => value is Item;
  /** Sends one item; resolves once the server took it. */
  send: (api: ApiClient, item: Item) => Promise<unknown>;
  /** Statuses the server will answer the same way however often the item is sent. */
  finalStatuses: readonly number[];
  /** Says in the console what the items are ('result', 'answer'). */
  noun: string;
}

export interface KeptQueue<Item extends KeptItem> {
  key: string;
  /** Every kept item (all learners); the same array while storage is unchanged. */
  read: () => Item[];
  add: (item: Item) => void;
  countOf: (userId: number) => number;
  flush: (api: ApiClient, userId: number) => Promise<number>;
  /** The server refused it for good: sending it again would be refused the same way. */
  isFinalRejection: (error: unknown) => boolean;
  /** Tells this tab's subscribers that storage changed (another tab wrote it). */
  notify: () => void;
  /** How many of the learner's items wait (re-renders when it changes). */
  useCount: (userId: number | null) => number;
  /** Calls `onSent` whenever fewer of the learner's items wait than before. */
  useWhenLeaving: (userId: number | null, onSent: () => void) => number;
}

/** A fresh id for a kept item (and the key the server knows a resend by). */
export function newKeptId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Items the server did not take (offline, 5xx), kept in localStorage per learner and sent again
 * oldest first, one tab at a time; the pending results and the pending training answers.
 */
export function createKeptQueue<Item extends KeptItem>(
  options: KeptQueueOptions<Item>,
): KeptQueue<Item> {
  const { key, isItem, send, finalStatuses, noun } = options;
  const isFinalRejection = (error: unknown) =>
    error instanceof ApiError && finalStatuses.includes(error.status);
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedList: Item[] = [];
  let flushing: Promise<number> | null = null;

  function readRaw(): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }

  function read(): Item[] {
    const raw = readRaw();
    if (raw === cachedRaw) return cachedList;
    cachedRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      cachedList = Array.isArray(parsed) ? parsed.filter(isItem) : [];
    } catch {
      cachedList = [];
    }
    return cachedList;
  }

  const notify = () => listeners.forEach((listener) => listener());

  function write(list: Item[]): void {
    try {
      if (list.length === 0) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, JSON.stringify(list));
    } catch (error) {
      // Storage full or blocked: nothing else can keep it; say so loudly.
      console.error(`Could not keep the unsent ${noun} in this browser.`, error);
    }
    notify();
  }

  const update = (mutate: (list: Item[]) => Item[]) => write(mutate(read()));
  const countOf = (userId: number) => read().filter((item) => item.userId === userId).length;

  /** Two tabs must not send the same item twice: the Web Locks API lets one tab at a time try. */
  async function oneTabAtATime(task: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (!locks) return task();
    await locks.request(key, { ifAvailable: true }, async (lock) => {
      if (lock) await task();
    });
  }

  async function sendAll(api: ApiClient, userId: number): Promise<void> {
    // Read again after each item: one kept while this runs is sent in its turn too.
    let item: Item | undefined;
    while ((item = read().find((candidate) => candidate.userId === userId)) !== undefined) {
      const { id } = item;
      try {
        await send(api, item);
        update((list) => list.filter((candidate) => candidate.id !== id));
      } catch (error) {
        if (isFinalRejection(error)) {
          console.error(`A kept ${noun} was rejected by the server and dropped.`, error, item);
          update((list) => list.filter((candidate) => candidate.id !== id));
        } else {
          update((list) =>
            list.map((candidate) =>
              candidate.id === id ? { ...candidate, attempts: candidate.attempts + 1 } : candidate,
            ),
          );
          // Offline or the server is down: the rest would fail the same way.
          break;
        }
      }
    }
  }

  /**
   * Sends the learner's kept items, oldest first; each one the server takes, or refuses for good
   * (logged), is forgotten. A network failure or a 5xx keeps it for the next try. Calls made
   * while one is running share it. Resolves with the number of items still kept.
   */
  function flush(api: ApiClient, userId: number): Promise<number> {
    flushing ??= (async () => {
      try {
        await oneTabAtATime(() => sendAll(api, userId));
      } finally {
        flushing = null;
      }
      return countOf(userId);
    })();
    return flushing;
  }

  function subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  function useCount(userId: number | null): number {
    const list = useSyncExternalStore(subscribe, read, () => [] as Item[]);
    return userId === null ? 0 : list.filter((item) => item.userId === userId).length;
  }

  function useWhenLeaving(userId: number | null, onSent: () => void): number {
    const count = useCount(userId);
    const previous = useRef(count);
    useEffect(() => {
      if (count < previous.current) onSent();
      previous.current = count;
    }, [count, onSent]);
    return count;
  }

  return {
    key,
    read,
    add: (item) => write([...read(), item]),
    countOf,
    flush,
    isFinalRejection,
    notify,
    useCount,
    useWhenLeaving,
  };
}
