import { useEffect, useRef, useSyncExternalStore } from 'react';
import { ApiError, type ApiClient } from '../api';
import { readStored } from './browser-storage';

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
  /** Told of each item the server took, with its answer (a kept result's saved result). */
  onTaken?: (item: Item, answer: unknown) => void;
  /** Told of each item the server refused for good, as it is dropped. */
  onRefused?: (item: Item, error: ApiError) => void;
}

export interface KeptQueue<Item extends KeptItem> {
  key: string;
  /** Every kept item (all learners); the same array while storage is unchanged. */
  read: () => Item[];
  add: (item: Item) => void;
  countOf: (userId: number) => number;
  flush: (api: ApiClient, userId: number) => Promise<number>;
  /** The server refused it for good: sending it again would be refused the same way. */
  isFinalRejection: (error: unknown) => error is ApiError;
  /** Tells this tab's subscribers that storage changed (another tab wrote it). */
  notify: () => void;
  /** Calls `listener` whenever the items change; returns the function that stops it. */
  subscribe: (listener: () => void) => () => void;
  /** How many of the learner's items wait (re-renders when it changes). */
  useCount: (userId: number | null) => number;
}

/** What a queue is to the work kept together with others: none of it names the item type. */
export type KeptWork = Pick<
  KeptQueue<KeptItem>,
  'key' | 'countOf' | 'flush' | 'notify' | 'subscribe'
>;

/** A fresh id for a kept item (and the key the server knows a resend by). */
export function newKeptId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Items the server did not take (offline, 5xx), kept in localStorage per learner and sent again
 * oldest first, one tab at a time: the pending results, training answers and session updates.
 */
export function createKeptQueue<Item extends KeptItem>(
  options: KeptQueueOptions<Item>,
): KeptQueue<Item> {
  const { key, isItem, send, finalStatuses, noun, onTaken, onRefused } = options;
  const isFinalRejection = (error: unknown): error is ApiError =>
    error instanceof ApiError && finalStatuses.includes(error.status);
  const listeners = new Set<() => void>();
  let cachedRaw: string | null = null;
  let cachedList: Item[] = [];
  let flushing: Promise<number> | null = null;

  function read(): Item[] {
    const raw = readStored(key);
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
      let answer: unknown;
      try {
        answer = await send(api, item);
      } catch (error) {
        if (isFinalRejection(error)) {
          console.error(`A kept ${noun} was rejected by the server and dropped.`, error, item);
          update((list) => list.filter((candidate) => candidate.id !== id));
          onRefused?.(item, error);
        } else {
          update((list) =>
            list.map((candidate) =>
              candidate.id === id ? { ...candidate, attempts: candidate.attempts + 1 } : candidate,
            ),
          );
          // Offline or the server is down: the rest would fail the same way.
          break;
        }
        continue;
      }
      update((list) => list.filter((candidate) => candidate.id !== id));
      onTaken?.(item, answer);
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

  return {
    key,
    read,
    add: (item) => write([...read(), item]),
    countOf,
    flush,
    isFinalRejection,
    notify,
    subscribe,
    useCount,
  };
}

/**
 * Several queues kept and sent as one: flushed in the order given, each once those before it
 * have had their try (what a queue still holds after a 5xx does not hold back the next: the
 * server takes each item on its own), counted together, and told of another tab's writes by key.
 */
export function combineKeptWork(queues: readonly KeptWork[]) {
  const countOf = (userId: number) => queues.reduce((sum, queue) => sum + queue.countOf(userId), 0);

  /** Flushes each queue in turn; resolves with how many items of them all are still kept. */
  async function flush(api: ApiClient, userId: number): Promise<number> {
    let left = 0;
    for (const queue of queues) left += await queue.flush(api, userId);
    return left;
  }

  /** Tells the queue stored under `key` that another tab wrote it. */
  function notifyKey(key: string | null): void {
    queues.find((queue) => queue.key === key)?.notify();
  }

  function subscribe(listener: () => void): () => void {
    const stops = queues.map((queue) => queue.subscribe(listener));
    return () => stops.forEach((stop) => stop());
  }

  /** How many of the learner's items of them all wait (re-renders when it changes). */
  function useCount(userId: number | null): number {
    return useSyncExternalStore(
      subscribe,
      () => (userId === null ? 0 : countOf(userId)),
      () => 0,
    );
  }

  /**
   * Calls `onSent` whenever fewer of the learner's items of any queue wait than before (one
   * queue's item taken while another's is kept still counts); returns how many of them all wait.
   */
  function useWhenLeaving(userId: number | null, onSent: () => void): number {
    // Each queue's count, joined: a primitive snapshot, so React sees a change only when one changes.
    const counts = useSyncExternalStore(
      subscribe,
      () => (userId === null ? '' : queues.map((queue) => queue.countOf(userId)).join(' ')),
      () => '',
    );
    const previous = useRef(counts);
    useEffect(() => {
      const before = previous.current;
      previous.current = counts;
      if (before === '' || counts === '') return;
      const earlier = before.split(' ').map(Number);
      if (counts.split(' ').some((count, index) => Number(count) < (earlier[index] ?? 0))) onSent();
    }, [counts, onSent]);
    return userId === null ? 0 : countOf(userId);
  }

  return { countOf, flush, notifyKey, subscribe, useCount, useWhenLeaving };
}
