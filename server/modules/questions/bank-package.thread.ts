import { Worker } from 'node:worker_threads';
import { Text } from '../../i18n/text';
import { type PackageEntry, type ReadPackage, readBankPackage } from './bank-package';

/**
 * Runs readBankPackage where it keeps the event loop free. A small upload (a CSV of a few
 * hundred rows, a handful of photos) is read in place: a worker costs more to start than that
 * takes. A larger one is read in a worker thread, its bytes moved there and the photos moved
 * back without copies.
 */

/** Uploads up to this size are read on the event loop (a few milliseconds at most). */
export const READ_IN_PLACE_BYTES = 1024 * 1024;

// Built next to the server's bundle (scripts/build-server.mjs); from source, through tsx.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER_URL = new URL(
  FROM_SOURCE ? './bank-package.worker.ts' : './bank-package.worker.js',
  import.meta.url,
);

export async function readBankPackageOffThread(
  entries: readonly PackageEntry[],
  { inPlaceBytes = READ_IN_PLACE_BYTES }: { inPlaceBytes?: number } = {},
): Promise<ReadPackage> {
  const bytes = entries.reduce((sum, entry) => sum + entry.data.byteLength, 0);
  if (bytes <= inPlaceBytes) return readBankPackage(entries);
  const worker = FROM_SOURCE
    ? // From source (tests, tsx): the worker registers tsx's loader, then loads the TypeScript.
      new Worker(
        `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}); })`,
        { eval: true },
      )
    : new Worker(WORKER_URL);
  try {
    const answer = new Promise<ReadPackage>((resolve, reject) => {
      worker.once('message', (wire: ReadPackage) => resolve(readOf(wire)));
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`the package reader stopped (${code})`)));
    });
    worker.postMessage(entries, transferablesOf({ photos: entries }));
    return await answer;
  } finally {
    void worker.terminate();
  }
}

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
