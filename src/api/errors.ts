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

/** The message to show for any thrown value: an ApiError's detail, else the fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return fallback;
}
