import { describe, expect, it, vi } from 'vitest';
import { createApiClient, unwrap } from './client';
import { ApiError, noAnswerOf } from './errors';

const BASE = 'http://trainer.test/api/v1';

function recordingFetch(status: number, body: unknown) {
  const requests: Request[] = [];
  const fetch = async (request: Request) => {
    requests.push(request.clone());
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, requests };
}

describe('API client', () => {
  it('sends the stored token as a bearer token', async () => {
    const { fetch, requests } = recordingFetch(200, { id: 1 });
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => 'abc',
      onUnauthorized: vi.fn(),
    });
    await api.GET('/auth/me');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer abc');
    expect(requests[0]?.url).toBe(`${BASE}/auth/me`);
  });

  it('sends no Authorization header without a token', async () => {
    const { fetch, requests } = recordingFetch(200, []);
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => null,
      onUnauthorized: vi.fn(),
    });
    await api.GET('/settings', { params: { query: { public_only: true } } });
    expect(requests[0]?.headers.has('authorization')).toBe(false);
    expect(requests[0]?.url).toBe(`${BASE}/settings?public_only=true`);
  });

  it('signs out the token it names, not the one stored now, and a 401 there ends no session', async () => {
    const { fetch, requests } = recordingFetch(401, { detail: 'Invalid or expired token' });
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      // Another session was stored meanwhile: it must not be the one signed out.
      getToken: () => 'the-new-session',
      onUnauthorized,
    });
    await api.POST('/auth/logout', { headers: { Authorization: 'Bearer the-old-session' } });
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer the-old-session');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('tells the app the session ended on any 401', async () => {
    const { fetch } = recordingFetch(401, { detail: 'Not authenticated' });
    const onUnauthorized = vi.fn();
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => 'garbage',
      onUnauthorized,
    });
    await expect(unwrap(api.GET('/exams/stats'))).rejects.toEqual(
      new ApiError(401, 'Not authenticated'),
    );
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    // No reason named: the session merely ended.
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeUndefined();
  });

  it('tells the app the account was deactivated when the 401 says so, and the caller still reads the refusal', async () => {
    const { fetch } = recordingFetch(401, {
      detail: 'This account is deactivated',
      code: 'account_deactivated',
    });
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl: BASE, fetch, getToken: () => 'ada', onUnauthorized });
    await expect(unwrap(api.GET('/exams/stats'))).rejects.toEqual(
      new ApiError(401, 'This account is deactivated'),
    );
    expect(onUnauthorized).toHaveBeenCalledWith('account_deactivated');
  });

  it('treats a 401 from login as bad credentials, not as an ended session', async () => {
    const { fetch } = recordingFetch(401, { detail: 'Incorrect username or password' });
    const onUnauthorized = vi.fn();
    const api = createApiClient({ baseUrl: BASE, fetch, getToken: () => null, onUnauthorized });
    const error = await unwrap(
      api.POST('/auth/login', { body: { username: 'ada', password: 'wrong' } }),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, detail: 'Incorrect username or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('turns other failures into one ApiError with the status and detail', async () => {
    const { fetch } = recordingFetch(409, { detail: 'Username already taken' });
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => null,
      onUnauthorized: vi.fn(),
    });
    const error = await unwrap(
      api.POST('/auth/register', {
        body: { username: 'a', email: 'a@b.co', password: 'p', first_name: 'A', last_name: 'B' },
      }),
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 409,
      detail: 'Username already taken',
    });
  });

  it('gives a null detail when the body has none, and status 0 when the network fails', async () => {
    const { fetch } = recordingFetch(500, { oops: true });
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => null,
      onUnauthorized: vi.fn(),
    });
    await expect(unwrap(api.GET('/health'))).rejects.toMatchObject({ status: 500, detail: null });
    const offline = createApiClient({
      baseUrl: BASE,
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      getToken: () => null,
      onUnauthorized: vi.fn(),
    });
    // The browser's English 'Failed to fetch' never becomes a detail shown to the learner.
    const unanswered = await unwrap(offline.GET('/health')).catch((error: unknown) => error);
    expect(unanswered).toMatchObject({ status: 0, detail: null });
    expect(noAnswerOf(unanswered)).toBe('network');
  });

  it('sends the interface language as Accept-Language on every request', async () => {
    const { fetch, requests } = recordingFetch(200, { status: 'ok' });
    let language = 'ru';
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => null,
      getLanguage: () => language,
      onUnauthorized: vi.fn(),
    });
    await api.GET('/health');
    language = 'ko';
    await api.GET('/health');
    expect(requests.map((request) => request.headers.get('accept-language'))).toEqual(['ru', 'ko']);
  });

  it('returns the data of a successful call', async () => {
    const { fetch } = recordingFetch(200, { status: 'ok' });
    const api = createApiClient({
      baseUrl: BASE,
      fetch,
      getToken: () => null,
      onUnauthorized: vi.fn(),
    });
    await expect(unwrap(api.GET('/health'))).resolves.toEqual({ status: 'ok' });
  });

  it('fails a call that hangs past its time as timed out, but never an upload', async () => {
    const started: Request[] = [];
    // Answers only once the request is aborted, as a hung server would never answer.
    const hanging = (request: Request) =>
      new Promise<Response>((_, reject) => {
        started.push(request);
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const api = createApiClient({
      baseUrl: BASE,
      fetch: hanging,
      getToken: () => null,
      onUnauthorized: vi.fn(),
      timeoutMs: 20,
    });
    const failure = await unwrap(api.GET('/auth/me')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(0);
    expect(noAnswerOf(failure)).toBe('timeout');

    const form = new FormData();
    form.append('file', new Blob(['question_text\n']), 'bank.csv');
    void api.POST('/admin/questions/import-csv', { body: form as never });
    await vi.waitFor(() => expect(started).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(started[1]?.signal.aborted).toBe(false);
  });
});
