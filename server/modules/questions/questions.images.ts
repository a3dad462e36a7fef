import { crc32 } from 'node:zlib';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export interface ImageKind {
  contentType: string;
  extension: string;
  /** The format's name as people know it, for messages. */
  format: 'PNG' | 'JPEG' | 'GIF' | 'WebP';
}

export interface ImageSize {
  width: number;
  height: number;
}

const startsWith = (data: Buffer, bytes: readonly number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The image type told by the file's own first bytes, never by its name or declared type, so a
 * script renamed to .png is refused. Undefined when it is none of PNG, JPEG, WebP and GIF.
 */
export function detectImageKind(data: Buffer): ImageKind | undefined {
  if (startsWith(data, PNG_SIGNATURE)) {
    return { contentType: 'image/png', extension: 'png', format: 'PNG' };
  }
  if (startsWith(data, [0xff, 0xd8, 0xff])) {
    return { contentType: 'image/jpeg', extension: 'jpg', format: 'JPEG' };
  }
  if (startsWith(data, ascii('GIF87a')) || startsWith(data, ascii('GIF89a'))) {
    return { contentType: 'image/gif', extension: 'gif', format: 'GIF' };
  }
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) {
    return { contentType: 'image/webp', extension: 'webp', format: 'WebP' };
  }
  return undefined;
}

/**
 * The picture's size as its header states it, or undefined when the header is not there whole
 * and well formed: a signature followed by junk, or a file cut short, is no image a browser
 * can show, however it starts.
 */
export function imageSizeOf(data: Buffer, kind: ImageKind): ImageSize | undefined {
  const size = HEADER_READERS[kind.format](data);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

const HEADER_READERS: Record<ImageKind['format'], (data: Buffer) => ImageSize | undefined> = {
  PNG: pngSize,
  JPEG: jpegSize,
  GIF: gifSize,
  WebP: webpSize,
};

/**
 * PNG: the first chunk is IHDR (13 bytes, checksum right), and the chunks run whole up to
 * IEND, so a file cut short anywhere is refused too.
 */
function pngSize(data: Buffer): ImageSize | undefined {
  const ihdr = PNG_SIGNATURE.length;
  if (data.length < ihdr + 25 || data.readUInt32BE(ihdr) !== 13) return undefined;
  if (data.toString('latin1', ihdr + 4, ihdr + 8) !== 'IHDR') return undefined;
  if (crc32(data.subarray(ihdr + 4, ihdr + 21)) !== data.readUInt32BE(ihdr + 21)) return undefined;
  const size = { width: data.readUInt32BE(ihdr + 8), height: data.readUInt32BE(ihdr + 12) };
  // Each chunk: length, type, data, checksum.
  for (let at = ihdr; at + 12 <= data.length;) {
    const end = at + 12 + data.readUInt32BE(at);
    if (end > data.length) return undefined;
    if (data.toString('latin1', at + 4, at + 8) === 'IEND') return size;
    at = end;
  }
  return undefined;
}

/**
 * JPEG: the segments after the start of image, each whole, up to a start of frame (SOF0 to
 * SOF15 but DHT, JPG and DAC), whose header holds the height and width.
 */
function jpegSize(data: Buffer): ImageSize | undefined {
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1] as number;
    // Fill bytes, then markers that stand alone (TEM, RST0 to RST7).
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // Image data (SOS) or its end (EOI) before any frame header: no size anywhere.
    if (marker === 0xda || marker === 0xd9) return undefined;
    const length = data.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > data.length) return undefined;
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
    if (isFrame) {
      if (length < 8) return undefined;
      return { height: data.readUInt16BE(at + 5), width: data.readUInt16BE(at + 7) };
    }
    at += 2 + length;
  }
  return undefined;
}

/** GIF: the logical screen descriptor after the signature. */
function gifSize(data: Buffer): ImageSize | undefined {
  if (data.length < 13) return undefined;
  return { width: data.readUInt16LE(6), height: data.readUInt16LE(8) };
}

/**
 * WebP: a RIFF file no longer than the bytes sent, whose first chunk (VP8, VP8L or VP8X) is
 * whole and states the size its own way.
 */
function webpSize(data: Buffer): ImageSize | undefined {
  if (data.length < 20 || data.readUInt32LE(4) + 8 > data.length) return undefined;
  const chunk = data.toString('latin1', 12, 16);
  const chunkEnd = 20 + data.readUInt32LE(16);
  if (chunkEnd > data.length) return undefined;
  const body = data.subarray(20, chunkEnd);
  if (chunk === 'VP8 ') {
    // A key frame: 3 bytes of frame tag, the start code, then 14-bit width and height.
    if (body.length < 10 || !startsWith(body, [0x9d, 0x01, 0x2a], 3)) return undefined;
    return { width: body.readUInt16LE(6) & 0x3fff, height: body.readUInt16LE(8) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    // The signature byte, then width - 1 and height - 1 in 14 bits each, and a version of 0.
    if (body.length < 5 || body[0] !== 0x2f) return undefined;
    const bits = body.readUInt32LE(1);
    if (bits >>> 29 !== 0) return undefined;
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    // Flags and reserved bytes, then the canvas's width - 1 and height - 1 in 24 bits each.
    if (body.length < 10) return undefined;
    return { width: body.readUIntLE(4, 3) + 1, height: body.readUIntLE(7, 3) + 1 };
  }
  return undefined;
}

/**
 * The version a photo URL carries: a short form of the image's entity tag, so it changes with
 * the bytes (a replaced photo gets a new URL, which browsers fetch at once) and stays the same
 * while they do (the URL may be cached for good, offline too).
 */
export function photoVersionOf(etag: string): string {
  return etag.replace(/^W\//, '').replaceAll('"', '').slice(0, 16);
}

/** Where the API serves a photo; with its entity tag, the versioned URL a browser may keep. */
export function photoUrlOf(name: string, etag?: string | null): string {
  const path = `/api/v1/images/questions/${encodeURIComponent(name)}`;
  return etag ? `${path}?v=${encodeURIComponent(photoVersionOf(etag))}` : path;
}
