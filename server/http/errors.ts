import { text, type Text } from '../i18n/text';

/**
 * Domain errors: thrown by services, mapped to `{detail}` with a status by the error handler,
 * which words the Text in the caller's language. Error.message is the English, for logs.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: Text,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail.in('en'));
  }
}

export class BadRequestError extends HttpError {
  constructor(detail: Text) {
    super(400, detail);
  }
}
export class UnauthorizedError extends HttpError {
  constructor(detail = text('notAuthenticated')) {
    super(401, detail);
  }
}
export class ForbiddenError extends HttpError {
  constructor(detail = text('adminRequired')) {
    super(403, detail);
  }
}
export class NotFoundError extends HttpError {
  constructor(detail: Text) {
    super(404, detail);
  }
}
export class ConflictError extends HttpError {
  constructor(detail: Text, extra?: { field: string; fields?: string[] }) {
    super(409, detail, extra);
  }
}
export class PayloadTooLargeError extends HttpError {
  constructor(detail: Text) {
    super(413, detail);
  }
}
export class UnsupportedMediaError extends HttpError {
  constructor(detail: Text) {
    super(415, detail);
  }
}
export class ValidationError extends HttpError {
  constructor(detail: Text, extra?: Record<string, unknown>) {
    super(422, detail, extra);
  }
}
export class PreconditionFailedError extends HttpError {
  constructor(detail: Text) {
    super(412, detail);
  }
}
