import type { FastifyError, FastifyInstance } from 'fastify';
import { isDataError, isUniqueViolation } from '../db/data-errors';
import { HttpError } from './errors';
import { validationDetail } from './validation-detail';

const DEFAULT_DETAIL: Record<number, string> = {
  400: 'Bad request',
  401: 'Not authenticated',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  406: 'Not acceptable',
  413: 'Request body is too large',
  415: 'Unsupported content type',
  429: 'Too many requests, try again later',
};

/** Maps every error to `{detail}` with its status; 5xx internals are logged, never shown. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ detail: error.message, ...error.extra });
    }
    if (error.validation) {
      return reply
        .code(400)
        .send({ detail: validationDetail(error.validationContext, error.validation[0]) });
    }
    // A rule of the database the handlers did not foresee (two requests racing for one unique
    // name, say): the caller's data is refused, the transaction has rolled back.
    if (isUniqueViolation(error)) {
      return reply.code(409).send({ detail: 'This conflicts with data already stored' });
    }
    if (isDataError(error)) {
      // `errors` (no line to name) keeps the shape the import operations' 422 promises.
      return reply
        .code(422)
        .send({ detail: 'The data does not fit what can be stored', errors: [] });
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    const detail =
      status === 429
        ? DEFAULT_DETAIL[429]
        : error.code?.startsWith('FST_') && error.message
          ? error.message.replace(/^FST_\w+: /, '')
          : (DEFAULT_DETAIL[status] ?? error.message);
    return reply.code(status).send({ detail });
  });
}

function statusOf(error: FastifyError): number {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return 413;
  }
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return 415;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}
