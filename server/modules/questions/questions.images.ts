import { randomBytes } from 'node:crypto';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageKind {
  contentType: string;
  extension: string;
}

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type told by the file's own first bytes, never by its name or declared type, so a
 * script renamed to .png is refused. Undefined when it is none of PNG, JPEG, WebP and GIF.
 */
export function detectImageKind(data: Buffer): ImageKind | undefined {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', extension: 'png' };
  }
  if (startsWith(data, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extension: 'jpg' };
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif' };
  }
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp' };
  }
  return undefined;
}

/** A fresh, unguessable file name such as `q-3f9c...e1.png`. */
export function newImageName(kind: ImageKind): string {
  return `q-${randomBytes(12).toString('hex')}.${kind.extension}`;
}
