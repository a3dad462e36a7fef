/** Every failed call becomes one ApiError: the HTTP status and the server's `detail`. */
export class ApiError extends Error {
  readonly status: number;
  readonly detail: string | null;

  constructor(status: number, detail: string | null) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.detail = detail;
  }
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

/** The message to show for any thrown value: an ApiError's detail, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return detailOf(error) ?? fallback;
}
