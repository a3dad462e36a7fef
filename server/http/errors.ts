/** Domain errors: thrown by services, mapped to `{detail}` with a status by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(message = 'Not authenticated') {
    super(401, message);
  }
}
export class ForbiddenError extends HttpError {
  constructor(message = 'Administrator rights required') {
    super(403, message);
  }
}
export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends HttpError {
  constructor(message: string, extra?: { field: string }) {
    super(409, message, extra);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(message: string) {
    super(413, message);
  }
}
export class UnsupportedMediaError extends HttpError {
  constructor(message: string) {
    super(415, message);
  }
}
export class ValidationError extends HttpError {
  constructor(message: string, extra?: Record<string, unknown>) {
    super(422, message, extra);
  }
}
