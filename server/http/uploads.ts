import type { FastifyRequest } from 'fastify';
import { BadRequestError, HttpError, PayloadTooLargeError } from './errors';
import { firstUnstorable } from './text-characters';
import { text, type Text } from '../i18n/text';

/** The largest file any upload takes (a CSV, a backup); an image has a lower limit of its own. */
export const UPLOAD_LIMIT = 64 * 1024 * 1024;

function tooLarge(maxBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    text('fileTooLarge', { megabytes: Math.round(maxBytes / (1024 * 1024)) }),
  );
}

/**
 * Reads the multipart field `file` whole. `maxBytes` bounds it below the app-wide upload limit;
 * a bigger file is refused with 413 rather than stored cut short.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes = UPLOAD_LIMIT,
): Promise<{ data: Buffer; filename: string }> {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file || file.fieldname !== 'file') throw new BadRequestError(text('noFileUploaded'));
    const data = await file.toBuffer();
    // toBuffer notices the limit only between the chunks it reads: a file cut off at the limit
    // as its last chunk arrives comes back without an error, marked truncated.
    if (file.file.truncated) throw tooLarge(maxBytes);
    return { data, filename: file.filename };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    // Fastify's own errors (not multipart: 415, a body over the limit: 413) keep their status.
    if (code?.startsWith('FST_')) throw error;
    // The parser's errors (no boundary, a body cut off mid-part) are the client's malformed upload.
    throw new BadRequestError(text('notMultipart'));
  }
}

/** The most a bank package import takes in all (its zip, or a CSV with its photos). */
export const PACKAGE_UPLOAD_LIMIT = 200 * 1024 * 1024;
// A CSV with its photos comes as one part per file: a bank of 10,000 photos fits.
const MAX_PACKAGE_FILES = 20_000;
// How much of a streamed upload is handed on between turns of the event loop.
const TURN_BYTES = 1024 * 1024;

/** Maps what reading a multipart body threw to the refusal it means (see readUploadedFile). */
function uploadRefusal(error: unknown, tooLargeInAll: () => HttpError): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLargeInAll();
  if (code?.startsWith('FST_')) return error;
  return new BadRequestError(text('notMultipart'));
}

const packageTooLarge = (maxBytes: number) =>
  new PayloadTooLargeError(
    text('uploadTooLarge', { megabytes: Math.round(maxBytes / (1024 * 1024)) }),
  );

/**
 * Hands every multipart `file` part on as it arrives, chunk by chunk, without holding it whole:
 * `onFile` with its name, then `onChunk` with each piece. Together they may hold `maxBytes`;
 * past that the upload is refused with 413. Answers how many files there were.
 */
export async function streamUploadedFiles(
  request: FastifyRequest,
  { onFile, onChunk }: { onFile: (filename: string) => void; onChunk: (chunk: Buffer) => void },
  maxBytes = PACKAGE_UPLOAD_LIMIT,
): Promise<number> {
  let total = 0;
  let files = 0;
  try {
    const parts = request.files({
      limits: { fileSize: maxBytes, files: MAX_PACKAGE_FILES, parts: MAX_PACKAGE_FILES + 10 },
    });
    for await (const part of parts) {
      const wanted = part.fieldname === 'file';
      if (wanted) {
        files += 1;
        onFile(part.filename);
      }
      let sinceTurn = 0;
      for await (const chunk of part.file as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > maxBytes) throw packageTooLarge(maxBytes);
        if (wanted) onChunk(chunk);
        // Chunks that arrived together are read one after another without a break: every
        // megabyte, what else waits (other requests) gets a turn.
        sinceTurn += chunk.length;
        if (sinceTurn >= TURN_BYTES) {
          sinceTurn = 0;
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
      if (part.file.truncated) throw packageTooLarge(maxBytes);
    }
  } catch (error) {
    throw uploadRefusal(error, () => packageTooLarge(maxBytes));
  }
  if (files === 0) throw new BadRequestError(text('noFileUploaded'));
  return files;
}

/**
 * Reads every multipart `file` part whole (a bank package: a zip, or a CSV with its photos).
 * Together they may hold `maxBytes`; past that the upload is refused with 413, not cut short.
 */
export async function readUploadedFiles(
  request: FastifyRequest,
  maxBytes = PACKAGE_UPLOAD_LIMIT,
): Promise<{ data: Buffer; filename: string }[]> {
  const tooLargeInAll = () => packageTooLarge(maxBytes);
  const files: { data: Buffer; filename: string }[] = [];
  let total = 0;
  try {
    const parts = request.files({
      limits: { fileSize: maxBytes, files: MAX_PACKAGE_FILES, parts: MAX_PACKAGE_FILES + 10 },
    });
    for await (const part of parts) {
      const data = await part.toBuffer();
      if (part.file.truncated) throw tooLargeInAll();
      total += data.length;
      if (total > maxBytes) throw tooLargeInAll();
      if (part.fieldname === 'file') files.push({ data, filename: part.filename });
    }
  } catch (error) {
    throw uploadRefusal(error, tooLargeInAll);
  }
  if (files.length === 0) throw new BadRequestError(text('noFileUploaded'));
  return files;
}

/** How an import refuses a file holding a character no stored text takes. */
export function unstorableInFile(character: Text) {
  return {
    detail: text('fileHoldsCharacter', { character }),
    reason: text('lineHoldsCharacter', { character }),
  };
}

/** What an uploaded text file holds, or why it cannot be read as text. */
export type UploadedText =
  | { ok: true; text: string }
  | { ok: false; problem: 'not-utf8' }
  | { ok: false; problem: 'character'; character: Text; line: number };

/**
 * An uploaded file as UTF-8 text (a leading BOM dropped). A file in a legacy code page is
 * refused rather than imported garbled, and so is one holding a character no stored text takes
 * (U+0000, which PostgreSQL text cannot store and no spreadsheet writes into a CSV, or another
 * control character).
 */
export function uploadedText(data: Buffer): UploadedText {
  let text: string;
  try {
    text = new TextDecoder(encodingOf(data), { fatal: true }).decode(data);
  } catch {
    return { ok: false, problem: 'not-utf8' };
  }
  const found = firstUnstorable(text);
  if (found) {
    const line = 1 + (text.slice(0, found.index).match(/\r\n|\r|\n/g)?.length ?? 0);
    return { ok: false, problem: 'character', character: found.character, line };
  }
  return { ok: true, text };
}

/**
 * UTF-8, or UTF-16 when the bytes open with its byte order mark: Excel's "Unicode Text" saves
 * a sheet so (tab-separated). The decoder drops the mark either way.
 */
function encodingOf(data: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' {
  if (data[0] === 0xff && data[1] === 0xfe) return 'utf-16le';
  if (data[0] === 0xfe && data[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}
