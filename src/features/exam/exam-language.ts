import { useSyncExternalStore } from 'react';

/**
 * Which language a learner sits the exam in (issue 42): their own (their content language) or
 * the exam's, kept per learner and course in this browser. The exam session is started in it;
 * the result says which it was.
 */
export type ExamLanguageChoice = 'own' | 'exam';

const keyOf = (userId: number, courseId: number) => `exam.language.${userId}.${courseId}`;
const listeners = new Set<() => void>();

export function examLanguageChoice(userId: number, courseId: number): ExamLanguageChoice {
  try {
    return window.localStorage.getItem(keyOf(userId, courseId)) === 'exam' ? 'exam' : 'own';
  } catch {
    return 'own';
  }
}

export function chooseExamLanguage(
  userId: number,
  courseId: number,
  choice: ExamLanguageChoice,
): void {
  try {
    window.localStorage.setItem(keyOf(userId, courseId), choice);
  } catch {
    // Private mode: the exam starts in the learner's own language.
  }
  listeners.forEach((listener) => listener());
}

export function useExamLanguageChoice(userId: number, courseId: number): ExamLanguageChoice {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => examLanguageChoice(userId, courseId),
    () => 'own',
  );
}
