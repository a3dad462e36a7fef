import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { acceptedEncoding } from './compress-json';

interface PageFiles {
  /** When each file was written: a rebuild while the server runs is picked up. */
  written: string;
  plain: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
}

const readIfPresent = (file: string) => (existsSync(file) ? readFileSync(file) : undefined);
const writtenAt = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/**
 * The SPA's index.html for every page URL, from memory, in the encoding the browser accepts
 * (the build writes .br and .gz beside it). It is sent with no-cache: it names the hashed
 * assets of the current build, so the files are read again whenever one of them changes.
 * Undefined while there is no index.html.
 */
export function spaPage(dir: string) {
  const indexFile = path.join(dir, 'index.html');
  const names = [indexFile, `${indexFile}.br`, `${indexFile}.gz`];
  let files: PageFiles | undefined;
  const current = (): PageFiles | undefined => {
    // The compressed copies are written after index.html: each one counts.
    const times = names.map(writtenAt);
    if (times[0] === undefined) return undefined;
    const written = times.join();
    if (files?.written !== written) {
      files = {
        written,
        plain: readFileSync(indexFile),
        br: readIfPresent(`${indexFile}.br`),
        gzip: readIfPresent(`${indexFile}.gz`),
      };
    }
    return files;
  };
  return (request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined => {
    const page = current();
    if (!page) return undefined;
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    const compressed = encoding && page[encoding];
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding');
    if (encoding && compressed) reply.header('content-encoding', encoding);
    return reply.send(compressed || page.plain);
  };
}
