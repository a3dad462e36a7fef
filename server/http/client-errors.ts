import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestLanguage } from '../i18n/language';
import { text } from '../i18n/text';
import { sendDetail } from './error-handler';

/**
 * Answers a request Node's HTTP parser could not read (a malformed request line or header,
 * headers past the size limit, a body that never arrives) with `{detail}` as every other error
 * is, in place of Fastify's `{error, message, statusCode}`. The connection is closed after it.
 */
export function answerClientError(
  error: Error & { code?: string; reason?: unknown },
  socket: Socket,
) {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request did not arrive in time']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request line and headers are larger than 16 KB']
        : [
            400,
            `The request is not valid HTTP/1.1${typeof error.reason === 'string' ? ` (${error.reason})` : ''}`,
          ];
  if (socket.writable) {
    const body = JSON.stringify({ detail });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Node answers an HTTP/1.1 request without a Host header with an empty 400 unless told not to
 * (`requireHostHeader: false`, set where the server is made); this is the same refusal with a
 * detail, for the app's first onRequest hook. True when it answered.
 */
export function refusedWithoutHost(request: FastifyRequest, reply: FastifyReply): boolean {
  const { httpVersionMajor, httpVersionMinor } = request.raw;
  if (request.headers.host || httpVersionMajor !== 1 || httpVersionMinor < 1) return false;
  void sendDetail(request, reply, 400, text('hostHeaderRequired'));
  return true;
}

/**
 * Node answers an `Expect` it does not know (anything but `100-continue`) with an empty 417;
 * this gives that answer a detail too, in the request's language. (A request the parser could
 * not read has no headers to take a language from: answerClientError words it in English.)
 */
export function answerUnknownExpectations(app: FastifyInstance) {
  app.server.on('checkExpectation', (request, response) => {
    const detail = text('expectationUnmet', { expectation: String(request.headers.expect) });
    const body = JSON.stringify({ detail: detail.in(requestLanguage(request)) });
    response.writeHead(417, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  });
}
