import { useEffect, useSyncExternalStore } from 'react';
import { unwrap, type ApiClient } from '../api';
import { COURSE_DATA_CACHE, COURSE_PHOTOS_CACHE } from './offline-caches';
import { KEPT_FOR_DRAWS } from './offline-draw';
import { forgetPreparedExam, hasPreparedExam, prepareExam } from './prepared-exam';
import { WITH_ORIGINAL } from './question-languages';
import { photoUrl } from '../ui/question/photo';

/**
 * The learner's course kept on this device for offline use: every topic's and ticket's
 * questions, the progress and memory the training page shows, what the modes the server draws
 * are drawn from offline (see offline-draw.ts), the questions' photos, and an exam the server
 * drew ahead (see prepared-exam.ts). The
 * calls go through the app's own client, as the training page makes them, so the service worker
 * keeps each answer under the very key a run offline asks for.
 */

/** What was kept, and when: shown in the profile's Offline section. */
export interface KeptCourse {
  savedAt: number;
  questions: number;
  photos: number;
}

/** How far a download has come: `done` of `total` steps (lists, topics, tickets, photos). */
export type DownloadProgress = (done: number, total: number) => void;

const recordKey = (userId: number) => `offlineCourse:${userId}`;

/**
 * Whether this browser can keep the course: a service worker controls the page (re-renders once
 * the first one takes over, a moment after the first visit's page has shown).
 */
export function useCanKeepCourse(): boolean {
  return useSyncExternalStore(
    (listener) => {
      if (!('serviceWorker' in navigator)) return () => {};
      navigator.serviceWorker.addEventListener('controllerchange', listener);
      return () => navigator.serviceWorker.removeEventListener('controllerchange', listener);
    },
    () =>
      'serviceWorker' in navigator &&
      navigator.serviceWorker.controller !== null &&
      typeof caches !== 'undefined',
    () => false,
  );
}

export function readKeptCourse(userId: number): KeptCourse | null {
  try {
    const raw = window.localStorage.getItem(recordKey(userId));
    const value = raw ? (JSON.parse(raw) as Partial<KeptCourse>) : null;
    return typeof value?.savedAt === 'number' &&
      typeof value.questions === 'number' &&
      typeof value.photos === 'number'
      ? { savedAt: value.savedAt, questions: value.questions, photos: value.photos }
      : null;
  } catch {
    return null;
  }
}

/** Runs `tasks` at most `width` at a time, telling `onDone` after each. */
async function inBatches(tasks: (() => Promise<unknown>)[], width: number, onDone: () => void) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task?.();
      onDone();
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, tasks.length) }, worker));
}

/**
 * Fetches the whole course once, so the service worker keeps it; a failed call (offline) fails
 * the download, and what came before it stays kept.
 */
export async function keepCourseOnDevice(
  api: ApiClient,
  userId: number,
  onProgress: DownloadProgress,
): Promise<KeptCourse> {
  const [topics, tickets, , , , , , , me] = await Promise.all([
    unwrap(api.GET('/training-topics')),
    unwrap(api.GET('/training-tickets')),
    // What the training page and the dashboard show beside the questions: progress and memory.
    unwrap(api.GET('/training-topics/stats/info')),
    unwrap(api.GET('/training-tickets/stats/info')),
    unwrap(api.GET('/training-topics/progress')),
    unwrap(api.GET('/training-tickets/progress')),
    unwrap(api.GET('/training-modules/modes')),
    unwrap(api.GET('/training-modules/weak-spots/analysis')),
    unwrap(api.GET('/auth/me')),
    // What the modes the server draws, and the starred questions, are drawn from offline.
    unwrap(
      api.GET('/training-modules/weak-spots/questions', {
        params: { query: KEPT_FOR_DRAWS.weakSpots },
      }),
    ),
    unwrap(
      api.GET('/training-modules/review/questions', { params: { query: KEPT_FOR_DRAWS.review } }),
    ),
    unwrap(api.GET('/training-modules/daily-challenge', { params: { query: WITH_ORIGINAL } })),
    unwrap(api.GET('/bookmarks/questions', { params: { query: WITH_ORIGINAL } })),
    unwrap(api.GET('/readiness')),
  ]);
  const questions = new Map<number, { photo: string | null; photo_url?: string | undefined }>();
  const keep = (list: { id: number; photo: string | null; photo_url?: string | undefined }[]) =>
    list.forEach((question) => questions.set(question.id, question));
  const lists = [
    ...topics
      .filter((topic) => topic.question_count > 0)
      .map((topic) => async () => {
        const found = await unwrap(
          api.GET('/training-topics/{id}/questions', {
            params: { path: { id: topic.id }, query: WITH_ORIGINAL },
          }),
        );
        keep(found.questions);
      }),
    ...tickets.map((ticket) => async () => {
      const found = await unwrap(
        api.GET('/training-tickets/{ticket_number}', {
          params: { path: { ticket_number: ticket.ticket_number }, query: WITH_ORIGINAL },
        }),
      );
      keep(found.questions);
    }),
  ];
  let done = 0;
  let total = lists.length;
  const step = () => {
    done += 1;
    onProgress(done, total);
  };
  onProgress(done, total);
  await inBatches(lists, 3, step);

  const photos = [
    ...new Set(
      [...questions.values()].flatMap((question) =>
        question.photo ? [photoUrl(question.photo, question.photo_url)] : [],
      ),
    ),
  ];
  total += photos.length;
  onProgress(done, total);
  await inBatches(
    photos.map((url) => async () => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      // Read to the end, so the worker has kept it whole.
      await response.arrayBuffer();
    }),
    4,
    step,
  );

  // Kept apart from the course: without it only the exam needs a connection, and the exam page
  // asks again while online.
  await prepareExam(api, userId, me.course_id).catch(() => undefined);

  const kept: KeptCourse = {
    savedAt: Date.now(),
    questions: questions.size,
    photos: photos.length,
  };
  try {
    window.localStorage.setItem(recordKey(userId), JSON.stringify(kept));
  } catch {
    // Storage full or blocked: the course is still kept; only this note of it is not.
  }
  return kept;
}

/** The bytes the course and its photos take on this device (every learner's, all languages). */
export async function keptCourseBytes(): Promise<number> {
  let bytes = 0;
  for (const name of [COURSE_DATA_CACHE, COURSE_PHOTOS_CACHE]) {
    if (!(await caches.has(name))) continue;
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (response) bytes += (await response.blob()).size;
    }
  }
  return bytes;
}

/** Drops the kept course and photos (the app itself stays, so it still opens offline). */
export async function clearKeptCourse(userId: number): Promise<void> {
  await Promise.all([caches.delete(COURSE_DATA_CACHE), caches.delete(COURSE_PHOTOS_CACHE)]);
  forgetPreparedExam(userId);
  try {
    window.localStorage.removeItem(recordKey(userId));
  } catch {
    // Nothing to forget.
  }
}

/**
 * While the course is kept on this device and no prepared exam is, prepares one: now when
 * online, and whenever the browser comes back online (after one was used offline, say).
 */
export function useKeepPreparedExam(api: ApiClient, userId: number, courseId: number): void {
  useEffect(() => {
    let asking = false;
    const ensure = () => {
      if (asking || !navigator.onLine || readKeptCourse(userId) === null) return;
      if (hasPreparedExam(userId, courseId)) return;
      asking = true;
      void prepareExam(api, userId, courseId)
        .catch(() => {
          // Tried again when the browser is next online.
        })
        .finally(() => {
          asking = false;
        });
    };
    ensure();
    window.addEventListener('online', ensure);
    return () => window.removeEventListener('online', ensure);
  }, [api, userId, courseId]);
}
