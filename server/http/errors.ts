import { text, type Text } from '../i18n/text';
import type { components } from '../../openapi/schema';

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
/**
 * A deactivated account, named by `code` for the app: refused at sign-in (403, the password
 * was right) and on every call of a session opened before (401, the session is over).
 */
export class AccountDeactivatedError extends HttpError {
  constructor(status: 401 | 403) {
    const code: components['schemas']['Error']['code'] = 'account_deactivated';
    super(status, text('accountDeactivated'), { code });
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
