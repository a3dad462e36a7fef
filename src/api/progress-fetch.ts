import { givenFetchOf, type ApiClient } from './client';

/** How far an upload has gone: bytes sent of the body's total. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * A `fetch` for one call (openapi-fetch's per-request `fetch`) that reports how much of the
 * request body has been sent: fetch itself tells nothing of an upload's progress, so this
 * sends the request the client built (bearer token, language, body) with XMLHttpRequest.
 * Calls `onSent` once the body is all out (the server is then reading it).
 */
export function progressFetch(
  onProgress: (progress: UploadProgress) => void,
  onSent?: () => void,
): (request: Request) => Promise<Response> {
  return async (request) => {
    const body = request.body === null ? null : await request.blob();
    return new Promise<Response>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.responseType = 'blob';
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
      xhr.upload.onload = () => onSent?.();
      xhr.onload = () => {
        const headers = new Headers();
        for (const line of xhr
          .getAllResponseHeaders()
          .trim()
          .split(/[\r\n]+/)) {
          const at = line.indexOf(':');
          if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
        }
        // A status without a body (204, 304) must not be given one.
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(
          new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, headers }),
        );
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.onabort = () => reject(new DOMException('The upload was aborted', 'AbortError'));
      request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}

/**
 * The per-call `fetch` of an upload whose progress is shown: XMLHttpRequest in the app; the
 * client's own fetch where a test gave one (then only `onSent` is told, once all is sent). Apart
 * from the client, so only the pages that upload load it.
 */
export function uploadFetchFor(
  api: ApiClient,
  onProgress: (progress: UploadProgress) => void,
  onSent?: () => void,
): (request: Request) => Promise<Response> {
  const given = givenFetchOf(api);
  if (!given) return progressFetch(onProgress, onSent);
  return (request) => {
    onSent?.();
    return given(request);
  };
}
