import { vi } from 'vitest';
import { createApiClient } from '../api';

/**
 * An API client whose server answers each call with the next outcome (the last one repeats): a
 * status, answered with `taken` below 300 and `{detail}` otherwise, or 'offline' (no answer).
 * `bodies` collects the JSON bodies of the calls that got an answer, `calls` their method and path.
 */
export function scriptedApi(taken: unknown, ...outcomes: (number | 'offline')[]) {
  const bodies: Record<string, unknown>[] = [];
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    const outcome = outcomes.length > 1 ? outcomes.shift()! : outcomes[0]!;
    if (outcome === 'offline') throw new TypeError('Failed to fetch');
    bodies.push((await request.json()) as Record<string, unknown>);
    calls.push(`${request.method} ${new URL(request.url).pathname}`);
    return new Response(JSON.stringify(outcome < 300 ? taken : { detail: 'no' }), {
      status: outcome,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { api: apiOver(fetch), bodies, calls };
}

/** The app's API client, signed in, over a test's own `fetch` (the server it stands in for). */
export function apiOver(fetch: (request: Request) => Promise<Response>) {
  return createApiClient({
    baseUrl: 'http://trainer.test/api/v1',
    fetch,
    getToken: () => 't',
    onUnauthorized: vi.fn(),
  });
}
