import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sentOnlyMediaTypes } from './contract';
import { UnsupportedMediaError } from './errors';

/**
 * A preValidation hook refusing a multipart body where the operation takes JSON. The multipart
 * parser (registered for the upload operations) leaves such a body unread, so it would reach
 * the handler as no body at all instead of failing validation.
 */
export function refuseMultipartForJson(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: Error) => void,
): void {
  const takesJson = request.routeOptions.schema?.body !== undefined;
  const multipart = /^multipart\//i.test(request.headers['content-type'] ?? '');
  done(
    takesJson && multipart
      ? new UnsupportedMediaError('This operation takes a JSON body (application/json)')
      : undefined,
  );
}

/**
 * Refuses request bodies of the media types the API only sends, as it does any type it does
 * not read (415). Registered as their parsers because fastify-openapi-glue warns at start-up
 * about every media type in the contract without one, answers' types included.
 */
export function refuseSentOnlyBodies(api: FastifyInstance): void {
  for (const type of sentOnlyMediaTypes()) {
    api.addContentTypeParser(type, (_request, _payload, done) => {
      done(new UnsupportedMediaError(`The API does not read ${type} bodies`), undefined);
    });
  }
}
