import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { components } from '../../openapi/schema';
import { ApiError, unwrap, type ApiClient } from '../api';

type ExamSubmission = components['schemas']['ExamSubmission'];

/**
 * Results (exam or training) the server did not take, kept in localStorage until they are sent.
 * Each belongs to the learner who earned it, so a shared browser never files one learner's
 * result under another's account.
 */
export interface PendingResult {
  id: string;
  userId: number;
  submission: ExamSubmission;
  /** Epoch ms when it was first kept. */
  savedAt: number;
  attempts: number;
}

export const PENDING_RESULTS_KEY = 'pendingResults';
/** How often the kept results are tried again while the app is open. */
export const RESEND_INTERVAL_MS = 60_000;

const listeners = new Set<() => void>();
let cachedRaw: string | null = null;
let cachedList: PendingResult[] = [];

function isPendingResult(value: unknown): value is PendingResult {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<PendingResult>;
  return (
    typeof item.id === 'string' &&
    typeof item.userId === 'number' &&
    typeof item.submission === 'object' &&
    item.submission !== null &&
    Array.isArray(item.submission.answers)
  );
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(PENDING_RESULTS_KEY);
  } catch {
    return null;
  }
}

/** Every kept result (all learners); the same array while storage is unchanged. */
export function readPendingResults(): PendingResult[] {
  const raw = readRaw();
  if (raw === cachedRaw) return cachedList;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedList = Array.isArray(parsed) ? parsed.filter(isPendingResult) : [];
  } catch {
    cachedList = [];
  }
  return cachedList;
}

function write(list: PendingResult[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(PENDING_RESULTS_KEY);
    else window.localStorage.setItem(PENDING_RESULTS_KEY, JSON.stringify(list));
  } catch (error) {
    // Storage full or blocked: nothing else can keep the result; say so loudly.
    console.error('Could not keep the unsent result in this browser.', error);
  }
  listeners.forEach((listener) => listener());
}

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Keeps a result the server did not take; it is sent again later by `flushPendingResults`. */
export function addPendingResult(userId: number, submission: ExamSubmission): PendingResult {
  const item: PendingResult = { id: newId(), userId, submission, savedAt: Date.now(), attempts: 0 };
  write([...readPendingResults(), item]);
  return item;
}

function update(mutate: (list: PendingResult[]) => PendingResult[]): void {
  write(mutate(readPendingResults()));
}

/** A status the server will answer the same way however often the result is sent. */
function isFinalRejection(error: unknown): boolean {
  return error instanceof ApiError && [400, 409, 413, 422].includes(error.status);
}

let flushing: Promise<number> | null = null;

/**
 * Sends the learner's kept results, oldest first; each one the server takes is forgotten.
 * A network failure or a 5xx keeps it for the next try; a 4xx rejection (the server will never
 * take it: a question deleted meanwhile) is dropped with an error in the console. Calls made
 * while one is running share it. Resolves with the number of results still kept.
 */
export function flushPendingResults(api: ApiClient, userId: number): Promise<number> {
  flushing ??= (async () => {
    try {
      await oneTabAtATime(() => sendAll(api, userId));
    } finally {
      flushing = null;
    }
    return readPendingResults().filter((candidate) => candidate.userId === userId).length;
  })();
  return flushing;
}

/** Two tabs must not send the same result twice: the Web Locks API lets one tab at a time try. */
async function oneTabAtATime(task: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return task();
  await locks.request(PENDING_RESULTS_KEY, { ifAvailable: true }, async (lock) => {
    if (lock) await task();
  });
}

async function sendAll(api: ApiClient, userId: number): Promise<void> {
  for (const item of readPendingResults().filter((candidate) => candidate.userId === userId)) {
    try {
      // Results kept by an older version carry no key; the item's own id makes a resend after a
      // lost answer (the page closed mid-send) count once.
      const body = { ...item.submission, client_id: item.submission.client_id ?? item.id };
      await unwrap(api.POST('/exams/submit', { body }));
      update((list) => list.filter((candidate) => candidate.id !== item.id));
    } catch (error) {
      if (isFinalRejection(error)) {
        console.error('A kept result was rejected by the server and dropped.', error, item);
        update((list) => list.filter((candidate) => candidate.id !== item.id));
      } else {
        update((list) =>
          list.map((candidate) =>
            candidate.id === item.id
              ? { ...candidate, attempts: candidate.attempts + 1 }
              : candidate,
          ),
        );
        // Offline or the server is down: the rest would fail the same way.
        break;
      }
    }
  }
}

export interface PendingResultSyncOptions {
  api: ApiClient;
  /** The signed-in learner, read at each try (null: nobody to send for). */
  getUserId: () => number | null;
  intervalMs?: number;
}

/**
 * Sends the kept results now, whenever the browser comes back online and on a timer.
 * Returns the function that stops it.
 */
export function startPendingResultSync({
  api,
  getUserId,
  intervalMs = RESEND_INTERVAL_MS,
}: PendingResultSyncOptions): () => void {
  const attempt = () => {
    const userId = getUserId();
    if (userId === null) return;
    if (!readPendingResults().some((item) => item.userId === userId)) return;
    void flushPendingResults(api, userId);
  };
  attempt();
  window.addEventListener('online', attempt);
  const timer = window.setInterval(attempt, intervalMs);
  // Another tab may have kept or sent one.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PENDING_RESULTS_KEY) listeners.forEach((listener) => listener());
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('online', attempt);
    window.removeEventListener('storage', onStorage);
    window.clearInterval(timer);
  };
}

/** Keeps `startPendingResultSync` running while the component is mounted. */
export function usePendingResultSync(api: ApiClient, userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    return startPendingResultSync({ api, getUserId: () => userId });
  }, [api, userId]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How many of the learner's results wait to be sent (re-renders when it changes). */
export function usePendingResultCount(userId: number | null): number {
  const list = useSyncExternalStore(subscribe, readPendingResults, () => [] as PendingResult[]);
  return userId === null ? 0 : list.filter((item) => item.userId === userId).length;
}

/**
 * Calls `onSent` whenever fewer of the learner's results wait than before (sent, or refused for
 * good): figures shown from the server are then out of date.
 */
export function useWhenPendingResultsLeave(userId: number | null, onSent: () => void): number {
  const count = usePendingResultCount(userId);
  const previous = useRef(count);
  useEffect(() => {
    if (count < previous.current) onSent();
    previous.current = count;
  }, [count, onSent]);
  return count;
}
