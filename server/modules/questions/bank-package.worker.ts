import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { ContentLanguage } from '../../../domain/question-languages';
import { type PackageEntry, readBankPackage } from './bank-package';
import {
  PHOTOS_PER_MESSAGE,
  QUESTIONS_PER_MESSAGE,
  type ToWorker,
  transferablesOf,
  type WorkerMessage,
  wireOf,
} from './bank-package.thread';

/**
 * A worker thread that reads one bank package (unzip, CSV parsing, row and photo checks,
 * hashing), so the event loop that answers every other request never waits on it. Started per
 * import by readBankUpload: it is sent the files chunk by chunk as they arrive, then hands the
 * reading back in parts, each when asked (`next`): the questions, the photos, then the rest.
 */
// On Linux a thread has a priority of its own: this one gives way to the event loop's (and to
// other requests) when the cores are busy. Where that cannot be set it runs as it is.
try {
  setPriority(10);
} catch {
  // Not allowed here, or not per thread: no harm.
}

const files: { path: string; chunks: Uint8Array[] }[] = [];
const parts: WorkerMessage[] = [];

function sendNext() {
  const part = parts.shift();
  if (!part) return;
  parentPort?.postMessage(
    part,
    part.type === 'photos' ? transferablesOf({ photos: part.items }) : [],
  );
}

function read(courseLanguage: ContentLanguage) {
  const entries: PackageEntry[] = files.map(({ path, chunks }) => ({
    path,
    data: chunks.length === 1 ? (chunks[0] as Uint8Array) : Buffer.concat(chunks),
  }));
  files.length = 0;
  const reading = wireOf(readBankPackage(entries, courseLanguage));
  for (let at = 0; at < reading.questions.length; at += QUESTIONS_PER_MESSAGE) {
    parts.push({
      type: 'questions',
      items: reading.questions.slice(at, at + QUESTIONS_PER_MESSAGE),
    });
  }
  for (let at = 0; at < reading.photos.length; at += PHOTOS_PER_MESSAGE) {
    // Each photo in a buffer of its own, so it can be moved rather than copied.
    const items = reading.photos
      .slice(at, at + PHOTOS_PER_MESSAGE)
      .map((photo) =>
        photo.data.byteOffset === 0 && photo.data.byteLength === photo.data.buffer.byteLength
          ? photo
          : { ...photo, data: photo.data.slice() },
      );
    parts.push({ type: 'photos', items });
  }
  parts.push({ type: 'done', read: { ...reading, questions: [], photos: [] } });
  sendNext();
}

parentPort?.on('message', (message: ToWorker) => {
  if (message.type === 'file') files.push({ path: message.name, chunks: [] });
  else if (message.type === 'chunk') files.at(-1)?.chunks.push(message.data);
  else if (message.type === 'end') read(message.courseLanguage);
  else sendNext();
});
