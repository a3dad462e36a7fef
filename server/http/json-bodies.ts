import type { FastifyReply, FastifyRequest } from 'fastify';
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
