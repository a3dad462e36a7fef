/**
 * Every failed call becomes one ApiError: the HTTP status, the server's `detail`, and the
 * request body fields it named (`username` when that name is taken), if it named any.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | null;
  /** Every field the refusal is about, the first one first; empty when it named none. */
  readonly fields: readonly string[];

  constructor(
    status: number,
    detail: string | null,
    fields: readonly string[] = [],
    options?: { cause: unknown },
  ) {
    super(detail ?? `Request failed with status ${status}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.fields = fields;
  }

  /** The (first) field the refusal named, if it named one. */
  get field(): string | null {
    return this.fields[0] ?? null;
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** The ApiError of a call the server answered with a failure status and this body. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const named = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const fields = isStringList(named.fields)
    ? named.fields
    : typeof named.field === 'string'
      ? [named.field]
      : [];
  return new ApiError(status, detailFrom(body), fields);
}

/** Reads `detail` from an error body (`{detail: string}`), or from FastAPI-style lists. */
export function detailFrom(body: unknown): string | null {
  if (typeof body === 'object' && body !== null && 'detail' in body) {
    const { detail } = body as { detail: unknown };
    if (typeof detail === 'string' && detail.trim() !== '') return detail;
  }
  return null;
}

/** The server's reason for a failed call (an ApiError's detail), if it gave one. */
export function detailOf(error: unknown): string | null {
  return error instanceof ApiError && error.detail ? error.detail : null;
}

/** True when the call never got an answer (offline, server down): status 0, no detail. */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && error.status === 0;
}

/** Why a call got no answer: it timed out, or the server could not be reached; null when answered. */
export function noAnswerOf(error: unknown): 'network' | 'timeout' | null {
  if (!isUnreachable(error)) return null;
  // A TimeoutError DOMException; by its name, as test environments bring their own DOMException.
  const cause = (error as ApiError).cause as { name?: unknown } | null | undefined;
  return cause?.name === 'TimeoutError' ? 'timeout' : 'network';
}

/** The request body field a failed call's refusal named, if it named one (the first). */
export function fieldOf(error: unknown): string | null {
  return error instanceof ApiError ? error.field : null;
}

/** Every request body field a failed call's refusal named. */
export function fieldsOf(error: unknown): readonly string[] {
  return error instanceof ApiError ? error.fields : [];
}
