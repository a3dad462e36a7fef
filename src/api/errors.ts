/**
 * Every failed call becomes one ApiError: the HTTP status, the server's `detail`, and the
 * request body field it named (`username` when that name is taken), if it named one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | null;
  readonly field: string | null;

  constructor(
    status: number,
    detail: string | null,
    field: string | null = null,
    options?: { cause: unknown },
  ) {
    super(detail ?? `Request failed with status ${status}`, options);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
    this.field = field;
  }
}

/** The ApiError of a call the server answered with a failure status and this body. */
export function apiErrorFrom(status: number, body: unknown): ApiError {
  const field =
    typeof body === 'object' && body !== null && 'field' in body && typeof body.field === 'string'
      ? body.field
      : null;
  return new ApiError(status, detailFrom(body), field);
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

/** The request body field a failed call's refusal named, if it named one. */
export function fieldOf(error: unknown): string | null {
  return error instanceof ApiError ? error.field : null;
}
