import type { FastifyRequest } from 'fastify';
import { BadRequestError, HttpError, PayloadTooLargeError } from './errors';

/**
 * Reads the multipart field `file` whole. `maxBytes` bounds it below the app-wide upload limit;
 * a bigger file is refused with 413 rather than stored cut short.
 */
export async function readUploadedFile(
  request: FastifyRequest,
  maxBytes?: number,
): Promise<{ data: Buffer; filename: string }> {
  try {
    const file = await request.file(
      maxBytes === undefined ? undefined : { limits: { fileSize: maxBytes } },
    );
    if (!file || file.fieldname !== 'file') throw new BadRequestError('No file uploaded');
    return { data: await file.toBuffer(), filename: file.filename };
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' && maxBytes !== undefined) {
      throw new PayloadTooLargeError(
        `The file is larger than ${Math.round(maxBytes / (1024 * 1024))} MB`,
      );
    }
    // Fastify's own errors (not multipart: 415, over the app-wide limit: 413) keep their status.
    if (code?.startsWith('FST_')) throw error;
    // The parser's errors (no boundary, a body cut off mid-part) are the client's malformed upload.
    throw new BadRequestError('The upload is not valid multipart/form-data');
  }
}
