import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api';
import { holdFakeToContract } from '../test/fake-contract';
import { userFixture } from '../test/fixtures';
import { forgetKeptUser, readCurrentUser } from './kept-user';

afterEach(() => localStorage.clear());

const anna = userFixture({ id: 7, username: 'anna' });

/** A client whose `GET /auth/me` answers as `state.answer` says: the user, a 401, or nothing. */
function meApi(state: { answer: 'user' | 'unauthorized' | 'unreachable' | 'gateway' }) {
  return createApiClient({
    baseUrl: 'http://trainer.test/api/v1',
    fetch: async (request) => {
      if (state.answer === 'unreachable') throw new TypeError('Failed to fetch');
      const [status, body] =
        state.answer === 'user'
          ? [200, anna]
          : state.answer === 'gateway'
            ? [503, { detail: 'Service unavailable' }]
            : [401, { detail: 'Not authenticated' }];
      holdFakeToContract(request, status, body);
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    },
    getToken: () => 'token-a',
    onUnauthorized: () => undefined,
  });
}

const signal = () => new AbortController().signal;

describe('the signed-in user kept for a reload with no network', () => {
  it('stands in while the server is out of reach, for the token it was read with only', async () => {
    const state = { answer: 'user' as 'user' | 'unauthorized' | 'unreachable' | 'gateway' };
    const api = meApi(state);
    expect(await readCurrentUser(api, 'token-a', signal())).toMatchObject({ id: 7 });

    state.answer = 'unreachable';
    expect(await readCurrentUser(api, 'token-a', signal())).toMatchObject({ username: 'anna' });
    state.answer = 'gateway';
    expect(await readCurrentUser(api, 'token-a', signal())).toMatchObject({ username: 'anna' });
    // Another session's token: nothing kept for it.
    await expect(readCurrentUser(api, 'token-b', signal())).rejects.toThrow();
  });

  it('never stands in for a server that refuses the token, nor once the session ended', async () => {
    const state = { answer: 'user' as 'user' | 'unauthorized' | 'unreachable' | 'gateway' };
    const api = meApi(state);
    await readCurrentUser(api, 'token-a', signal());
    state.answer = 'unauthorized';
    await expect(readCurrentUser(api, 'token-a', signal())).rejects.toThrow();

    forgetKeptUser();
    state.answer = 'unreachable';
    await expect(readCurrentUser(api, 'token-a', signal())).rejects.toThrow();
  });
});
