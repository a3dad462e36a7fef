import { vi } from 'vitest';
import { createApiClient } from '../api';
import { holdFakeToContract } from './fake-contract';
import { examResultFixture, questionMemoryFixture, trainingSessionFixture } from './fixtures';

/** A body the real server would not send, with why a test answers it (the check lets it by). */
export class OffContract {
  constructor(
    readonly reason: string,
    readonly body: unknown,
  ) {}
}

/** What a call takes: its answer body, or one worked out from its path and JSON body. */
type Taken = unknown | ((path: string, body: Record<string, unknown>) => unknown);

/**
 * An API client whose server answers each call with the next outcome (the last one repeats): a
 * status, answered with `taken` below 300 and `{detail}` otherwise, or 'offline' (no answer).
 * `bodies` collects the JSON bodies of the calls that got an answer, `calls` their method and path.
 * Each answer is held to the contract (fake-contract.ts).
 */
export function scriptedApi(taken: Taken, ...outcomes: (number | 'offline')[]) {
  const bodies: Record<string, unknown>[] = [];
  const calls: string[] = [];
  const fetch = async (request: Request) => {
    const outcome = outcomes.length > 1 ? outcomes.shift()! : outcomes[0]!;
    if (outcome === 'offline') throw new TypeError('Failed to fetch');
    const sent = (await request.json()) as Record<string, unknown>;
    const path = new URL(request.url).pathname;
    bodies.push(sent);
    calls.push(`${request.method} ${path}`);
    const answer =
      outcome >= 300 ? { detail: 'no' } : typeof taken === 'function' ? taken(path, sent) : taken;
    const offContract = answer instanceof OffContract ? answer : null;
    const body = offContract ? offContract.body : answer;
    holdFakeToContract(request, outcome, body, offContract?.reason);
    return new Response(JSON.stringify(body), {
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

/** What the server saves each kind of kept work as: a result, a training answer's memory, a run. */
export function savedKeptWork(path: string, body: Record<string, unknown>): unknown {
  if (path.endsWith('/exams/submit')) return examResultFixture({ id: 1 });
  if (path.endsWith('/weak-spots/update'))
    return questionMemoryFixture(Number(body.question_id), body.is_correct !== false);
  return trainingSessionFixture();
}
