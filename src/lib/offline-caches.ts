/**
 * The Cache Storage names the service worker (src/service-worker/sw.ts) fills and the profile's
 * Offline section measures and clears. Shared so the two never drift apart.
 */

/** The app's code, styles, strings and icons of one build: `shell-<version>`. */
export const SHELL_CACHE_PREFIX = 'shell-';
/** The last page (index.html as the server sent it) per path, for a reload with no network. */
export const PAGES_CACHE = 'pages';
/** The learner's course and memory: the API's answers to GET calls, per learner and language. */
export const COURSE_DATA_CACHE = 'course-data';
/** The questions' photos. */
export const COURSE_PHOTOS_CACHE = 'course-photos';

/** The message a page sends a waiting service worker to take over (the learner chose Reload). */
export const SKIP_WAITING = 'skip-waiting';

/**
 * The cache key of an API answer: its URL plus whose it is and in which language, so a shared
 * browser never shows one learner another's memory, nor a course in the wrong language.
 */
export function courseDataKey(url: string, user: string, language: string): string {
  const separator = url.includes('?') ? '&' : '?';
  return `${url}${separator}sw-user=${encodeURIComponent(user)}&sw-lang=${encodeURIComponent(language)}`;
}
