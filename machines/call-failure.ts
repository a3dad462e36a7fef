/**
 * Why a call a machine made failed, read from what the API client rejects with (an ApiError:
 * `status`, `detail`, `fields`; status 0 when no answer came) without importing it, so that the
 * screens can say the server's reason or that it could not be reached.
 */

/** Why no answer came: the server took too long, or could not be reached at all. */
export type NoAnswer = 'network' | 'timeout';

/** A failed call as plain data (a machine's context holds plain JSON only). */
export interface CallFailure {
  /** The server's `detail` (worded in the interface language), when it answered with one. */
  detail: string | null;
  /** No answer came: the screen says so instead of a reason. */
  unreachable: NoAnswer | null;
}

/** A rejected call's own property (an ApiError's, or the server's `{detail, field}` body's). */
export function propertyOf(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null && key in error
    ? (error as Record<string, unknown>)[key]
    : undefined;
}

/** The server's `detail` of a rejected call, when it sent one. */
export function detailOf(error: unknown): string | null {
  const detail = propertyOf(error, 'detail');
  return typeof detail === 'string' && detail.trim() !== '' ? detail : null;
}

/**
 * Why a call got no answer (the API client's errors then carry status 0): it timed out (its
 * cause a TimeoutError) or the server could not be reached; null for a call answered.
 */
export function noAnswerOf(error: unknown): NoAnswer | null {
  if (propertyOf(error, 'status') !== 0) return null;
  return propertyOf(propertyOf(error, 'cause'), 'name') === 'TimeoutError' ? 'timeout' : 'network';
}

/**
 * A failed call as the screens read it. A server fault's (500) detail is its generic "internal
 * server error", which tells a learner less than the screen's own words: it is left out.
 */
export function callFailureOf(error: unknown): CallFailure {
  const fault = propertyOf(error, 'status') === 500;
  return { detail: fault ? null : detailOf(error), unreachable: noAnswerOf(error) };
}
