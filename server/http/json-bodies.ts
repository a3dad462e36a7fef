import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sentOnlyMediaTypes } from './contract';
import { BadRequestError, UnsupportedMediaError } from './errors';
import { text } from '../i18n/text';

/**
 * A preValidation hook, for the operations that take JSON, refusing a multipart body. Outside
 * the uploads such a body is left unread (leaveMultipartUnread), so it would reach the handler
 * as no body at all instead of failing validation.
 */
export function refuseMultipartForJson(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  done(
    /^multipart\//i.test(request.headers['content-type'] ?? '')
      ? new UnsupportedMediaError(text('jsonBodyExpected'))
      : undefined,
  );
}

/**
 * A preValidation hook for the operations whose contract requires a body: a request with none
 * (and so no content type) reaches no parser, and Fastify does not validate an absent body, so
 * without this it would reach the handler as undefined.
 */
export function requireBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  done(request.body === undefined ? new BadRequestError(text('bodyRequired')) : undefined);
}

/**
 * Refuses request bodies of the media types the API only sends, as it does any type it does
 * not read (415). Registered as their parsers because fastify-openapi-glue warns at start-up
 * about every media type in the contract without one, answers' types included.
 */
export function refuseSentOnlyBodies(api: FastifyInstance): void {
  for (const type of sentOnlyMediaTypes()) {
    api.addContentTypeParser(type, (_request, _payload, done) => {
      done(new UnsupportedMediaError(text('bodyTypeUnread', { type })), undefined);
    });
  }
}

/**
 * Takes a multipart body without reading it, as the multipart parser does, where that parser is
 * not registered (every operation but the uploads): refuseMultipartForJson then refuses it for
 * the operations that take JSON, and the others ignore it.
 */
export function leaveMultipartUnread(api: FastifyInstance): void {
  api.addContentTypeParser('multipart/form-data', (_request, _payload, done) => {
    done(null, undefined);
  });
}
