import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDataError, isUnavailable, isUniqueViolation } from '../db/data-errors';
import { requestLanguage } from '../i18n/language';
import { text, worded, type Text } from '../i18n/text';
import { HttpError } from './errors';
import { validationDetail, validationField } from './validation-detail';

const DEFAULT_DETAIL: Record<number, Text> = {
  400: text('badRequest'),
  401: text('notAuthenticated'),
  403: text('forbidden'),
  404: text('notFound'),
  405: text('methodNotAllowed'),
  406: text('notAcceptable'),
  413: text('requestTooLarge'),
  415: text('unsupportedContentType'),
};

/** The wait a 503 for an unavailable database suggests in `retry-after`. */
const UNAVAILABLE_RETRY_SECONDS = 5;

/**
 * Maps every error to `{detail}` with its status, worded in the caller's Accept-Language; 5xx
 * internals are logged, never shown. Fastify's own messages (FST_ codes without a default of
 * ours) pass through in English.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { errors?: unknown[] }, request, reply) => {
    const send = (status: number, detail: Text | string, extra?: Record<string, unknown>) =>
      sendDetail(request, reply, status, detail, extra);
    if (error instanceof HttpError) return send(error.statusCode, error.detail, error.extra);
    if (error.validation) {
      const [first] = error.validation;
      const field = validationField(error.validationContext, first);
      return send(
        400,
        validationDetail(error.validationContext, first),
        field === undefined ? undefined : { field },
      );
    }
    // The database is down, out of reach or cannot store (a full disk): the request may well
    // succeed in a moment, so it is refused as unavailable, never as a server bug.
    if (isUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(UNAVAILABLE_RETRY_SECONDS));
      return send(503, text('databaseUnavailable'));
    }
    // A rule of the database the handlers did not foresee (two requests racing for one unique
    // name, say): the caller's data is refused, the transaction has rolled back.
    if (isUniqueViolation(error)) return send(409, text('conflictsWithStored'));
    if (isDataError(error)) {
      // `errors` (no line to name) keeps the shape the import operations' 422 promises.
      return send(422, text('doesNotFitStorage'), { errors: [] });
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(500, text('internalError'));
    }
    if (status === 429) return send(429, tooManyRequests(reply));
    const known = DEFAULT_DETAIL[status];
    const detail =
      error.code?.startsWith('FST_') && error.message
        ? error.message.replace(/^FST_\w+: /, '')
        : (known ?? error.message);
    return send(status, detail);
  });
}

/** Sends `{detail, ...extra}` with every Text in it worded in the caller's Accept-Language. */
export function sendDetail(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  detail: Text | string,
  extra?: Record<string, unknown>,
): FastifyReply {
  const language = requestLanguage(request);
  return reply.code(status).send(worded({ detail, ...extra }, language));
}

/** The refusal of a rate limit, with the wait it set in `retry-after` when there is one. */
function tooManyRequests(reply: FastifyReply): Text {
  const seconds = Number(reply.getHeader('retry-after'));
  return Number.isInteger(seconds) && seconds > 0
    ? text('tooManyRequestsFor', { seconds })
    : text('tooManyRequests');
}

function statusOf(error: FastifyError): number {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return 413;
  }
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return 415;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 600 ? status : 500;
}
