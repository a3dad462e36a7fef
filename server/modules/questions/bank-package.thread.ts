import { Worker } from 'node:worker_threads';
import type { FastifyRequest } from 'fastify';
import { readUploadedFiles, streamUploadedFiles } from '../../http/uploads';
import { Text } from '../../i18n/text';
import type { ContentLanguage } from '../../../domain/question-languages';
import { type ReadPackage, readBankPackage } from './bank-package';

/**
 * Reads an uploaded bank (readBankPackage) where it keeps the event loop free. A small upload
 * (a CSV of a few hundred rows, a handful of photos) is read in place: a worker costs more to
 * start than that takes. A larger one streams, chunk by chunk as it arrives, into a worker
 * thread, which reads and checks it all and hands the result back in parts, one per turn of
 * the event loop, the photos moved rather than copied: the event loop never holds the whole
 * upload nor waits on it.
 */

/** Uploads up to this size are read on the event loop (a few milliseconds at most). */
export const READ_IN_PLACE_BYTES = 1024 * 1024;

// Built next to the server's bundle (scripts/build-server.mjs); from source, through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(
  FROM_SOURCE ? './bank-package.worker.ts' : './bank-package.worker.js',
  import.meta.url,
);

/**
 * What the event loop sends the worker: the files as they arrive, their end with the course's
 * language, then asks for parts.
 */
export type ToWorker =
  | { type: 'file'; name: string }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'end'; courseLanguage: ContentLanguage }
  | { type: 'next' };

function startWorker(): Worker {
  return FROM_SOURCE
    ? // From source (tests, tsx): the worker registers tsx's loader, then loads the TypeScript.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`,
        { eval: true },
      )
    : new Worker(WORKER_URL);
}

/** Reads the request's uploaded files as a bank package for a course in `courseLanguage`. */
export async function readBankUpload(
  request: FastifyRequest,
  {
    courseLanguage,
    inPlaceBytes = READ_IN_PLACE_BYTES,
  }: { courseLanguage: ContentLanguage; inPlaceBytes?: number },
): Promise<ReadPackage> {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length <= inPlaceBytes) {
    const files = await readUploadedFiles(request);
    return readBankPackage(
      files.map((file) => ({ path: file.filename, data: file.data })),
      courseLanguage,
    );
  }
  const worker = startWorker();
  const send = (message: ToWorker, transfer: ArrayBuffer[] = []) =>
    worker.postMessage(message, transfer);
  try {
    const questions: ReadPackage['questions'] = [];
    const photos: ReadPackage['photos'] = [];
    const answer = new Promise<ReadPackage>((resolve, reject) => {
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'done') {
          resolve({ ...readOf(message.read), questions, photos });
          return;
        }
        if (message.type === 'questions') questions.push(...message.items);
        else photos.push(...message.items);
        // The next part only after a turn: what waits meanwhile (other requests) goes first.
        setImmediate(() => send({ type: 'next' }));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the package reader stopped (${code})`)));
    });
    // Failing before the upload is read, it is still answered once the upload fails or ends.
    answer.catch(() => undefined);
    await streamUploadedFiles(request, {
      onFile: (name) => send({ type: 'file', name }),
      onChunk: (chunk) => {
        // A chunk of its own (the parser's may share memory), moved rather than copied.
        const data = new Uint8Array(chunk);
        send({ type: 'chunk', data }, [data.buffer]);
      },
    });
    send({ type: 'end', courseLanguage });
    return await answer;
  } finally {
    void worker.terminate();
  }
}

/** Questions per message from the worker: a few milliseconds to read back each. */
export const QUESTIONS_PER_MESSAGE = 250;
/** Photos per message (moved, not copied). */
export const PHOTOS_PER_MESSAGE = 100;

/** What the worker posts: the questions and photos in parts, then the rest of the reading. */
export type WorkerMessage =
  | { type: 'questions'; items: ReadPackage['questions'] }
  | { type: 'photos'; items: ReadPackage['photos'] }
  | { type: 'done'; read: ReadPackage };

/** A Text as it crosses to another thread (a class loses its prototype on the way). */
interface WireText {
  $text: Text['key'];
  params: unknown;
}

const isWireText = (value: unknown): value is WireText =>
  typeof value === 'object' && value !== null && '$text' in value;

function plain(value: unknown): unknown {
  if (value instanceof Text) return { $text: value.key, params: plain(value.params) };
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plain(item)]));
  }
  return value;
}

function revived(value: unknown): unknown {
  if (isWireText(value)) {
    return new Text(value.$text, revived(value.params) as Record<string, unknown> | undefined);
  }
  if (Array.isArray(value)) return value.map(revived);
  if (typeof value === 'object' && value !== null && !ArrayBuffer.isView(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, revived(item)]));
  }
  return value;
}

// Only the refusals hold texts; the questions and photos cross as they are.
/** The reading with its texts made plain, to post from the worker. */
export function wireOf(read: ReadPackage): ReadPackage {
  return { ...read, refusal: plain(read.refusal), errors: plain(read.errors) } as ReadPackage;
}

/** The reading posted by the worker, its texts whole again. */
export function readOf(wire: ReadPackage): ReadPackage {
  return {
    ...wire,
    refusal: revived(wire.refusal),
    errors: revived(wire.errors),
  } as ReadPackage;
}

/**
 * The buffers under the photos (or entries), each once, to move rather than copy: only a
 * buffer the view covers whole (a slice of a shared pool must be copied, as it is by default).
 */
export function transferablesOf(read: { photos: readonly { data: Uint8Array }[] }): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const { data } of read.photos) {
    const { buffer } = data;
    if (
      buffer instanceof ArrayBuffer &&
      data.byteOffset === 0 &&
      data.byteLength === buffer.byteLength
    )
      buffers.add(buffer);
  }
  return [...buffers];
}
