import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { DEFAULT_COURSE_RULES } from '../../domain/course-rules';
import { unwrap, type ApiClient, type components } from '../api';
import { useApi } from './api-context';
import { useAuth } from './auth';
import { readStored, writeStored } from './browser-storage';
import { isOutOfReach } from './server-back';

export type Course = components['schemas']['Course'];

/**
 * The course a learner is taken through when no list of courses could be read: the spec's
 * exam (40 questions, 40 minutes, 70 percent). Its bank size is unknown (0), so a run asks for
 * the rule's count and the server draws what the bank holds.
 */
export const FALLBACK_COURSE: Course = {
  id: 0,
  name: '',
  description: '',
  language: 'en',
  languages: ['en'],
  is_default: true,
  question_total: 0,
  rules: DEFAULT_COURSE_RULES,
  created_at: '1970-01-01T00:00:00.000Z',
};

/** How many questions `course`'s bank holds; null for `FALLBACK_COURSE`, whose bank is not counted. */
export function countedBankOf(course: Pick<Course, 'id' | 'question_total'>): number | null {
  return course.id === FALLBACK_COURSE.id ? null : course.question_total;
}

interface CoursesState {
  /** The list as last loaded; null before the first answer. */
  courses: Course[] | null;
  /** The last load failed (a list loaded before stays). */
  failed: boolean;
}

interface CourseStore {
  state: CoursesState;
  /** The load under way, or the one that answered; null before any and after a failure. */
  request: Promise<Course[]> | null;
  /** Bumped by `forgetCourses`: a load started before must not publish its older answer. */
  generation: number;
  listeners: Set<() => void>;
  subscribe: (listener: () => void) => () => void;
}

// One list per API client, as each client talks to its own server (tests make one per test).
const stores = new WeakMap<ApiClient, CourseStore>();

function storeOf(api: ApiClient): CourseStore {
  let store = stores.get(api);
  if (!store) {
    const listeners = new Set<() => void>();
    store = {
      state: { courses: null, failed: false },
      request: null,
      generation: 0,
      listeners,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    stores.set(api, store);
  }
  return store;
}

function publish(store: CourseStore, state: CoursesState): void {
  store.state = state;
  for (const listener of store.listeners) listener();
}

/**
 * The list as last read, kept in the browser: a page opened with no connection still knows the
 * learner's course (its rules, the exam kept on the device for it). Public, as the list is.
 */
const KEPT_COURSES = 'courses.kept';

function keptCourses(): Course[] | null {
  try {
    const kept: unknown = JSON.parse(readStored(KEPT_COURSES) ?? 'null');
    const isCourse = (value: unknown) =>
      typeof value === 'object' &&
      value !== null &&
      typeof (value as Course).id === 'number' &&
      typeof (value as Course).rules === 'object' &&
      (value as Course).rules !== null;
    return Array.isArray(kept) && kept.length > 0 && kept.every(isCourse)
      ? (kept as Course[])
      : null;
  } catch {
    return null;
  }
}

/**
 * Every course (`GET /courses`, public), read once per API client; a failed read is forgotten,
 * so the next page that asks tries again. While the server is out of reach, the list kept from
 * the last read stands in.
 */
export function loadCourses(api: ApiClient): Promise<Course[]> {
  const store = storeOf(api);
  if (store.request) return store.request;
  const started = store.generation;
  store.request = unwrap(api.GET('/courses')).then(
    (courses) => {
      if (started === store.generation) publish(store, { courses, failed: false });
      writeStored(KEPT_COURSES, JSON.stringify(courses));
      return courses;
    },
    (error: unknown) => {
      if (started === store.generation) {
        store.request = null;
        // Out of reach (offline, server down), the list kept stands in; a server that answered
        // otherwise (one from before courses) has none to offer.
        const kept = isOutOfReach(error) ? keptCourses() : null;
        publish(store, { courses: store.state.courses ?? kept, failed: true });
      }
      throw error;
    },
  );
  return store.request;
}

/**
 * Drops the list read through `api` (after an administrator adds, changes or deletes a
 * course): the screens showing it read it again, so the change shows without a reload.
 */
export function forgetCourses(api: ApiClient): void {
  const store = startOver(api);
  publish(store, { courses: null, failed: false });
  if (store.listeners.size > 0) loadCourses(api).catch(() => undefined);
}

/**
 * Reads the list again while the screens keep showing the one they have (a bank's size or
 * languages changed under an open admin tab, which would close if the list went away).
 */
export function refreshCourses(api: ApiClient): void {
  startOver(api);
  loadCourses(api).catch(() => undefined);
}

/** The next load reads the list again; one under way will not publish its older answer. */
function startOver(api: ApiClient): CourseStore {
  const store = storeOf(api);
  store.generation += 1;
  store.request = null;
  return store;
}

function useCoursesState(): CoursesState {
  const api = useApi();
  const store = storeOf(api);
  const state = useSyncExternalStore(store.subscribe, () => store.state);
  useEffect(() => {
    // Each screen that shows asks once; a failed read is tried again by the next one.
    loadCourses(api).catch(() => undefined);
  }, [api]);
  return state;
}

/** Every course, the default first; null while loading or when none could be read. */
export function useCourses(): Course[] | null {
  return useCoursesState().courses;
}

/**
 * The course of `courseId` among `courses`; the default course when it is not there (none
 * chosen, or since deleted), then the first, then the spec's exam.
 */
export function learnerCourseOf(
  courses: readonly Course[],
  courseId: number | null | undefined,
): Course {
  return (
    courses.find((course) => course.id === courseId) ??
    courses.find((course) => course.is_default) ??
    courses[0] ??
    FALLBACK_COURSE
  );
}

/**
 * The signed-in learner's course (the default course for a guest), with its exam rules; null
 * while the courses load. When they cannot be read it is `FALLBACK_COURSE`, the spec's exam.
 */
export function useLearnerCourse(): Course | null {
  const { courses, failed } = useCoursesState();
  const { user } = useAuth();
  const courseId = user?.course_id ?? null;
  return useMemo(() => {
    if (courses !== null) return learnerCourseOf(courses, courseId);
    return failed ? FALLBACK_COURSE : null;
  }, [courses, failed, courseId]);
}
