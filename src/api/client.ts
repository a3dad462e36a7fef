import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { RefusalCode } from '../../machines/auth.types';
import type { paths } from '../../openapi/schema';
import { ApiError, apiErrorFrom } from './errors';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** `/api/v1` in the browser; tests give an absolute URL. */
  baseUrl?: string;
  /** Tests hand in their own fetch instead of patching globals. */
  fetch?: (request: Request) => Promise<Response>;
  /** The bearer token to send, read on every request (localStorage `token` in the app). */
  getToken: () => string | null;
  /** The interface language, sent as Accept-Language on every request so refusals come worded in it. */
  getLanguage?: () => string;
  /**
   * Called on any 401 except bad credentials at login or registration: the session ended;
   * `code` says why when the server named it (`account_deactivated`).
   */
  onUnauthorized: (code?: RefusalCode) => void;
  /** How long a call may take before it fails as unreachable; 30 s unless a test says. */
  timeoutMs?: number;
}

/**
 * Calls not timed: uploads and the maintenance files (a backup to download or restore) may
 * take long on a slow link. Any other call that hangs fails instead, so its screen says so or,
 * for a submission, keeps it to send again, rather than waiting for ever.
 */
const UNTIMED_PATHS = /^\/settings\/maintenance\//;

/**
 * Calls whose 401 says nothing about the session held now: bad credentials at login or
 * registration, and signing out a token already given up (or ended meanwhile).
 */
const CREDENTIAL_PATHS = ['/auth/login', '/auth/register', '/auth/logout'];

// The fetch a test handed the client: an upload that would report its progress (progressFetch,
// through XMLHttpRequest) goes through it instead, so tests see every call.
const givenFetch = new WeakMap<ApiClient, (request: Request) => Promise<Response>>();

/** The fetch a test handed `api`, if any (see uploadFetchFor). */
export function givenFetchOf(
  api: ApiClient,
): ((request: Request) => Promise<Response>) | undefined {
  return givenFetch.get(api);
}

/** The one openapi-fetch client of the app, with the bearer token and the 401 hook. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl ?? '/api/v1',
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const auth: Middleware = {
    onRequest({ request, schemaPath }) {
      const token = options.getToken();
      // A call naming its own token (signing out one already forgotten) keeps it.
      if (token && !request.headers.has('Authorization'))
        request.headers.set('Authorization', `Bearer ${token}`);
      const language = options.getLanguage?.();
      if (language) request.headers.set('Accept-Language', language);
      // (AbortSignal.any: Safari 17.4 and later; an older browser waits as before.)
      if (
        !AbortSignal.any ||
        UNTIMED_PATHS.test(schemaPath) ||
        request.headers.get('content-type')?.startsWith('multipart/')
      ) {
        return request;
      }
      const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000);
      return new Request(request, { signal: AbortSignal.any([request.signal, timeout]) });
    },
    async onResponse({ response, schemaPath }) {
      if (response.status === 401 && !CREDENTIAL_PATHS.includes(schemaPath)) {
        options.onUnauthorized(await refusalCodeOf(response));
      }
      return response;
    },
  };
  client.use(auth);
  if (options.fetch) givenFetch.set(client, options.fetch);
  return client;
}

// Every code the contract names (a new one fails the type check until it is listed).
const REFUSAL_CODES: Record<RefusalCode, true> = { account_deactivated: true };

const isRefusalCode = (value: unknown): value is RefusalCode =>
  typeof value === 'string' && Object.hasOwn(REFUSAL_CODES, value);

/** The `code` of a refusal's body, read from a copy so the caller still reads the body. */
async function refusalCodeOf(response: Response): Promise<RefusalCode | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
  return isRefusalCode(code) ? code : undefined;
}

export interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Turns openapi-fetch's `{data, error}` into the data, or throws an ApiError. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (cause) {
    // Network failure or an aborted request: status 0 and no detail, since the browser's words
    // ('Failed to fetch') are English and no reason a learner can act on; see isUnreachable.
    throw new ApiError(0, null, [], { cause });
  }
  if (result.error !== undefined || !result.response.ok) {
    throw apiErrorFrom(result.response.status, result.error);
  }
  return result.data as T;
}
