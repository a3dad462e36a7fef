import { createActor, type Snapshot } from 'xstate';
import type { ExamInput } from '../../../machines/exam.types';
import type { ExamLogic } from './exam.actors';

/** One exam in progress per learner and browser. */
export const examSnapshotKey = (userId: number) => `exam.inProgress.${userId}`;

/**
 * The exam in progress kept before a reload, or null. A snapshot the machine cannot resume
 * (written by an older version, or damaged) is dropped.
 */
export function loadExamSnapshot(
  logic: ExamLogic,
  userId: number,
  input: ExamInput,
): Snapshot<unknown> | null {
  let raw: string | null;
  try {
    raw = window.localStorage.getItem(examSnapshotKey(userId));
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const snapshot = JSON.parse(raw) as Snapshot<unknown>;
    // Resolve it without starting anything, to see that it is an exam in progress.
    const probe = createActor(logic, { input, snapshot }).getSnapshot();
    if (probe.status === 'active' && probe.hasTag('persist:snapshot')) return snapshot;
  } catch (error) {
    console.warn('The saved exam could not be resumed and was dropped.', error);
  }
  clearExamSnapshot(userId);
  return null;
}

export function saveExamSnapshot(userId: number, snapshot: Snapshot<unknown>): void {
  try {
    window.localStorage.setItem(examSnapshotKey(userId), JSON.stringify(snapshot));
  } catch (error) {
    console.warn('The exam in progress could not be saved for a reload.', error);
  }
}

export function clearExamSnapshot(userId: number): void {
  try {
    window.localStorage.removeItem(examSnapshotKey(userId));
  } catch {
    // Nothing stored.
  }
}
