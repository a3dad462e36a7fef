import { useSyncExternalStore } from 'react';
import type { components } from '../../openapi/schema';
import type { ExamDraw } from '../../machines/exam.types';
import { unwrap, type ApiClient } from '../api';
import { isOutOfReach } from './server-back';
import { WITH_ORIGINAL } from './question-languages';

type ExamSession = components['schemas']['ExamSession'];

/**
 * One exam per learner that the server drew ahead (`prepared`) and this device keeps, so an exam
 * starts with no connection: the exam page takes it (it is used once) when the server cannot be
 * reached, and another is prepared once the device is online again.
 */
interface KeptPreparedExam {
  courseId: number;
  session: ExamSession;
}

const keyOf = (userId: number) => `preparedExam:${userId}`;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

function read(userId: number): KeptPreparedExam | null {
  try {
    const raw = window.localStorage.getItem(keyOf(userId));
    const value = raw ? (JSON.parse(raw) as Partial<KeptPreparedExam>) : null;
    return typeof value?.courseId === 'number' && Array.isArray(value.session?.questions)
      ? (value as KeptPreparedExam)
      : null;
  } catch {
    return null;
  }
}

/** The exam a session holds, as the exam machine runs it. */
export function examDrawOf(session: ExamSession, startedOnDevice: boolean): ExamDraw {
  return {
    sessionId: session.session_id,
    startedAt: Date.parse(session.started_at),
    questions: session.questions,
    mainCount: session.main_count,
    timeLimitSeconds: session.time_limit_seconds,
    startedOnDevice,
  };
}

/** Whether this device keeps a prepared exam of the learner's course. */
export function hasPreparedExam(userId: number, courseId: number): boolean {
  return read(userId)?.courseId === courseId;
}

/** Asks the server for a prepared exam of the learner's course and keeps it on this device. */
export async function prepareExam(api: ApiClient, userId: number, courseId: number) {
  const session = await unwrap(
    api.POST('/exams/sessions', {
      params: { query: WITH_ORIGINAL },
      body: { exam_type: 'exam', prepared: true },
    }),
  );
  try {
    window.localStorage.setItem(keyOf(userId), JSON.stringify({ courseId, session }));
  } catch {
    // Storage full or blocked: an exam offline is not possible on this device, nothing else.
  }
  changed();
}

/**
 * Takes the prepared exam of the learner's course, when the server could not start one because
 * it is out of reach: used once, so it leaves the device. Null otherwise.
 */
export function takePreparedExam(
  userId: number,
  courseId: number,
  error: unknown,
): ExamDraw | null {
  const kept = read(userId);
  if (!isOutOfReach(error) || kept?.courseId !== courseId) return null;
  forgetPreparedExam(userId);
  return examDrawOf(kept.session, true);
}

/** Drops the prepared exam (the kept course cleared, or the exam taken). */
export function forgetPreparedExam(userId: number): void {
  try {
    window.localStorage.removeItem(keyOf(userId));
  } catch {
    // Nothing to forget.
  }
  changed();
}

/** Whether a prepared exam is kept (re-renders when one is kept or taken, here or in another tab). */
export function usePreparedExam(userId: number, courseId: number): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    () => hasPreparedExam(userId, courseId),
    () => false,
  );
}
