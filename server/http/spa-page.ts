import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compress-json';

interface PageFiles {
  plain: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);

/**
 * The SPA's index.html for every page URL, from memory, in the encoding the browser accepts
 * (the build writes .br and .gz beside it). It is sent with no-cache: it names the hashed
 * assets of the current build. Undefined when there is no build.
 */
export function spaPage(dir: string) {
  let files: PageFiles | undefined;
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    if (!files) {
      const plain = readIfPresent(path.join(dir, 'index.html'));
      if (!plain) return undefined;
      files = {
        plain,
        br: readIfPresent(path.join(dir, 'index.html.br')),
        gzip: readIfPresent(path.join(dir, 'index.html.gz')),
      };
    }
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const compressed = encoding && files[encoding];
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding && compressed) reply.header('content-encoding', encoding);
    return reply.send(compressed || files.plain);
  };
}
