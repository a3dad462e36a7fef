import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { components } from '../../openapi/schema';
import { unwrap, type ApiClient } from '../api';
import { combineKeptWork, createKeptQueue, newKeptId } from './kept-queue';
import { pendingAnswers } from './pending-answers';
import { pendingSessionRecords, pendingSessionUpdates } from './pending-session-updates';
import { whenServerBack } from './server-back';

type ExamSubmission = components['schemas']['ExamSubmission'];
type ExamResult = components['schemas']['ExamResult'];

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
/** How often the kept results (and training answers) are tried again while the app is open. */
export const RESEND_INTERVAL_MS = 60_000;
/**
 * After a try that found the server out of reach, the next comes this soon, each one after
 * twice as late, up to RESEND_INTERVAL_MS: a server back from a restart gets the work at once.
 */
export const FIRST_RETRY_MS = 5_000;

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

// Results kept by an older version carry no key; the item's own id makes a resend after a lost
// answer (the page closed mid-send) count once.
const clientIdOf = (item: PendingResult) => item.submission.client_id ?? item.id;

function send(api: ApiClient, item: PendingResult) {
  const body = { ...item.submission, client_id: clientIdOf(item) };
  return unwrap(api.POST('/exams/submit', { body }));
}

/**
 * What the server saved for each kept result this tab sent, by the attempt's `client_id`: it
 * may hold another tab's picks for the same attempt, and the summary still on screen shows them.
 */
const takenResults = new Map<string, ExamResult>();
const takenListeners = new Set<() => void>();

const queue = createKeptQueue<PendingResult>({
  key: PENDING_RESULTS_KEY,
  isItem: isPendingResult,
  send,
  finalStatuses: [400, 409, 413, 422],
  noun: 'result',
  onTaken: (item, answer) => {
    takenResults.set(clientIdOf(item), answer as ExamResult);
    takenListeners.forEach((listener) => listener());
  },
  onRefused: (item, error) =>
    recordRefusedResult({ clientId: clientIdOf(item), userId: item.userId, reason: error.detail }),
});

/**
 * A result the server refused for good (a question of it deleted meanwhile, say): it cannot be
 * saved, and the learner is told so with the server's reason, never that it was saved. Kept in
 * localStorage, so a summary brought back by a reload says it too.
 */
export interface RefusedResult {
  /** The attempt's `client_id`. */
  clientId: string;
  userId: number;
  reason: string | null;
}

export const REFUSED_RESULTS_KEY = 'refusedResults';
/** The latest few: the summaries a learner may still have open. */
const REFUSED_RESULTS_KEPT = 10;
const refusedListeners = new Set<() => void>();
let refusedCache: { raw: string | null; list: RefusedResult[] } = { raw: null, list: [] };

function readRefusedResults(): RefusedResult[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(REFUSED_RESULTS_KEY);
  } catch {
    // Storage blocked: nothing was recorded.
  }
  if (raw === refusedCache.raw) return refusedCache.list;
  let list: RefusedResult[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isRefusedResult);
  } catch {
    // Unreadable: as if none.
  }
  refusedCache = { raw, list };
  return list;
}

function isRefusedResult(value: unknown): value is RefusedResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<RefusedResult>).clientId === 'string'
  );
}

function recordRefusedResult(refusal: RefusedResult): void {
  const earlier = readRefusedResults().filter((item) => item.clientId !== refusal.clientId);
  const list = [...earlier, refusal].slice(-REFUSED_RESULTS_KEPT);
  try {
    window.localStorage.setItem(REFUSED_RESULTS_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: this page still knows, until it is left.
    refusedCache = { raw: refusedCache.raw, list };
  }
  refusedListeners.forEach((listener) => listener());
}

function subscribeToRefused(listener: () => void): () => void {
  refusedListeners.add(listener);
  return () => {
    refusedListeners.delete(listener);
  };
}

/** The server's refusal of the attempt `clientId`, or null (re-renders when one comes). */
export function useRefusedResult(clientId: string | null): RefusedResult | null {
  return useSyncExternalStore(
    subscribeToRefused,
    () =>
      clientId === null
        ? null
        : (readRefusedResults().find((item) => item.clientId === clientId) ?? null),
    () => null,
  );
}

function subscribeToTaken(listener: () => void): () => void {
  takenListeners.add(listener);
  return () => {
    takenListeners.delete(listener);
  };
}

/** Forgets what the server saved for the attempt once the summary has taken it. */
export function forgetTakenKeptResult(clientId: string): void {
  if (takenResults.delete(clientId)) takenListeners.forEach((listener) => listener());
}

/**
 * The result the server saved for the kept attempt `clientId` once this tab has sent it (null
 * until then, or when another tab sent it, or once forgotten): re-renders when it arrives.
 */
export function useTakenKeptResult(clientId: string | null): ExamResult | null {
  return useSyncExternalStore(
    subscribeToTaken,
    () => (clientId === null ? null : (takenResults.get(clientId) ?? null)),
    () => null,
  );
}

/** Every kept result (all learners); the same array while storage is unchanged. */
export const readPendingResults = queue.read;

/**
 * What becomes of a result the server did not take (`error`): kept to be sent again later, or,
 * when the server refused it for good, recorded as refused (sending it again would change
 * nothing).
 */
export function keepUnsentResult(userId: number, submission: ExamSubmission, error: unknown): void {
  if (queue.isFinalRejection(error)) {
    recordRefusedResult({
      clientId: submission.client_id ?? newKeptId(),
      userId,
      reason: error.detail,
    });
  } else {
    addPendingResult(userId, submission);
  }
}

/** Keeps a result the server did not take; it is sent again later by `flushPendingResults`. */
export function addPendingResult(userId: number, submission: ExamSubmission): PendingResult {
  const item: PendingResult = {
    id: newKeptId(),
    userId,
    submission,
    savedAt: Date.now(),
    attempts: 0,
  };
  queue.add(item);
  return item;
}

/**
 * Sends the learner's kept results, oldest first; each one the server takes is forgotten.
 * A network failure or a 5xx keeps it for the next try; a 4xx rejection (the server will never
 * take it: a question deleted meanwhile) is dropped with an error in the console. Calls made
 * while one is running share it. Resolves with the number of results still kept.
 */
export const flushPendingResults = queue.flush;

/**
 * Everything a learner's browser keeps for the server, in the order it is sent: training
 * answers were given before their run ended (its session's record or update), and all of them
 * before a result.
 */
const keptWork = combineKeptWork([
  pendingAnswers,
  pendingSessionRecords,
  pendingSessionUpdates,
  queue,
]);

/** Sends the learner's kept work in that order; resolves with how much of it is still kept. */
export const flushKeptWork = keptWork.flush;

export interface PendingResultSyncOptions {
  api: ApiClient;
  /** The signed-in learner, read at each try (null: nobody to send for). */
  getUserId: () => number | null;
  intervalMs?: number;
}

/**
 * Sends the kept training answers and results now, whenever the browser comes back online or
 * the server answers again after being out of reach, and on a timer: soon after work is kept
 * or a try fails, less often after each failed try, every `intervalMs` otherwise (the entry
 * starts it lazily, and the exam and training pages while they show). Returns the function
 * that stops it.
 */
export function startPendingResultSync({
  api,
  getUserId,
  intervalMs = RESEND_INTERVAL_MS,
}: PendingResultSyncOptions): () => void {
  let timer: number | undefined;
  let retryIn = FIRST_RETRY_MS;
  let stopped = false;
  const tryAgainIn = (ms: number) => {
    window.clearTimeout(timer);
    if (!stopped) timer = window.setTimeout(attempt, ms);
  };
  function attempt() {
    const userId = getUserId();
    if (userId === null || keptWork.countOf(userId) === 0) {
      retryIn = FIRST_RETRY_MS;
      tryAgainIn(intervalMs);
      return;
    }
    void flushKeptWork(api, userId)
      .catch(() => 1)
      .then((left) => {
        if (left === 0) {
          retryIn = FIRST_RETRY_MS;
          tryAgainIn(intervalMs);
        } else {
          tryAgainIn(Math.min(retryIn, intervalMs));
          retryIn = Math.min(retryIn * 2, intervalMs);
        }
      });
  }
  const keptCount = () => {
    const userId = getUserId();
    return userId === null ? 0 : keptWork.countOf(userId);
  };
  let kept = keptCount();
  // Work kept just now (a submission that failed): its first try again comes soon.
  const stopCounting = keptWork.subscribe(() => {
    const before = kept;
    kept = keptCount();
    if (kept > before) {
      retryIn = FIRST_RETRY_MS * 2;
      tryAgainIn(FIRST_RETRY_MS);
    }
  });
  attempt();
  window.addEventListener('online', attempt);
  const stopWatching = whenServerBack(api, attempt);
  // Another tab may have kept or sent one.
  const onStorage = (event: StorageEvent) => keptWork.notifyKey(event.key);
  window.addEventListener('storage', onStorage);
  return () => {
    stopped = true;
    window.removeEventListener('online', attempt);
    window.removeEventListener('storage', onStorage);
    window.clearTimeout(timer);
    stopWatching();
    stopCounting();
  };
}

/**
 * Sends the learner's kept work at once, on request, rather than at the next automatic try.
 * `failed` says the last such try left some of it kept (the server still out of reach).
 */
export function useSendKeptWorkNow(
  api: ApiClient,
  userId: number | null,
): { send: () => void; sending: boolean; failed: boolean } {
  const [state, setState] = useState<'idle' | 'sending' | 'failed'>('idle');
  const send = useCallback(() => {
    if (userId === null) return;
    setState('sending');
    void flushKeptWork(api, userId).then(
      (left) => setState(left > 0 ? 'failed' : 'idle'),
      () => setState('failed'),
    );
  }, [api, userId]);
  return { send, sending: state === 'sending', failed: state === 'failed' };
}

/** Keeps `startPendingResultSync` running while the component is mounted. */
export function usePendingResultSync(api: ApiClient, userId: number | null): void {
  useEffect(() => {
    if (userId === null) return;
    return startPendingResultSync({ api, getUserId: () => userId });
  }, [api, userId]);
}

/** How many of the learner's results wait to be sent (re-renders when it changes). */
export const usePendingResultCount = queue.useCount;

/**
 * How many of the learner's results, training answers and session updates wait to be sent
 * (re-renders when it changes): until all are taken, a run is not saved.
 */
export const usePendingWorkCount = keptWork.useCount;

/**
 * Calls `onSent` whenever fewer of the learner's results, training answers or session updates
 * wait than before (sent, or refused for good): figures shown from the server are then out of
 * date.
 */
export const useWhenKeptWorkLeaves = keptWork.useWhenLeaving;
