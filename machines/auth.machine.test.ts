import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from './auth.machine';
import type { AuthInput, LoginRequest, RegisterRequest, Token, User } from './auth.types';

// What the login page shows is read from a refused call's error: the server's detail, the
// fields to mark and whether the server could not be reached. Errors come in every shape (the
// API client's, the server's body, a thrown string), so each reading is stated here apart from
// the model test's walk, which uses a few typical errors.

const ADA: User = {
  id: 1,
  course_id: 1,
  content_language: null,
  username: 'ada',
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_admin: false,
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
};
const CREDENTIALS: LoginRequest = { username: 'ada', password: 'secret' };
const DETAILS: RegisterRequest = {
  ...CREDENTIALS,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

/** A started actor whose calls fail (or succeed) with what the test gives, storage a map. */
function actorWhoseCallsAnswer(
  input: AuthInput,
  answers: { fetchCurrentUser?: unknown; login?: unknown; register?: unknown },
) {
  const storage = new Map<string, string>();
  if (input.storedToken !== null) storage.set('token', input.storedToken);
  const calls: string[] = [];
  const refusing = <T, I>(name: keyof typeof answers, success: T) =>
    fromPromise<T, I>(async () => {
      calls.push(name);
      if (name in answers) throw answers[name];
      return success;
    });
  const token: Token = { access_token: 'fresh', token_type: 'bearer', user: ADA };
  const actor = createActor(
    authMachine.provide({
      actors: {
        fetchCurrentUser: refusing<User, unknown>('fetchCurrentUser', ADA),
        login: refusing<Token, LoginRequest>('login', token),
        register: refusing<Token, RegisterRequest>('register', token),
      },
      actions: {
        persistToken: (_, params) => storage.set('token', params.token),
        forgetToken: () => storage.delete('token'),
      },
    }),
    { input },
  );
  actor.start();
  return { actor, storage, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

async function loginRefusedWith(error: unknown) {
  const { actor } = actorWhoseCallsAnswer({ storedToken: null }, { login: error });
  actor.send({ type: 'user.login', credentials: CREDENTIALS });
  await settle();
  expect(actor.getSnapshot().value).toBe('signedOut');
  return actor.getSnapshot().context.error;
}

const nothingSaid = { kind: 'login', detail: null, fields: [], unreachable: null };

describe('a refused login, as the login page reads it', () => {
  it.each([
    ['a thrown text', 'boom'],
    ['null', null],
    ['undefined', undefined],
    ['a number', 500],
    ['an error without a status', new Error('unexpected')],
  ])('%s says nothing but that it failed', async (_, error) => {
    expect(await loginRefusedWith(error)).toEqual(nothingSaid);
  });

  it("keeps the server's detail as sent, and only a detail with words in it", async () => {
    expect(await loginRefusedWith({ status: 401, detail: ' Wrong password ' })).toEqual({
      ...nothingSaid,
      detail: ' Wrong password ',
    });
    expect(await loginRefusedWith({ status: 401, detail: '   ' })).toEqual(nothingSaid);
    expect(await loginRefusedWith({ status: 401, detail: '' })).toEqual(nothingSaid);
    expect(await loginRefusedWith({ status: 401, detail: 42 })).toEqual(nothingSaid);
    expect(await loginRefusedWith({ status: 401, detail: { text: 'no' } })).toEqual(nothingSaid);
  });

  it("reads a detail an error class gives through a getter, as the API client's errors do", async () => {
    class ApiLikeError extends Error {
      get status() {
        return 401;
      }
      get detail() {
        return 'Incorrect username or password';
      }
    }
    expect(await loginRefusedWith(new ApiLikeError('refused'))).toEqual({
      ...nothingSaid,
      detail: 'Incorrect username or password',
    });
  });

  it('marks the fields named, the list before the single field, texts only', async () => {
    expect(await loginRefusedWith({ status: 422, field: 'password' })).toEqual({
      ...nothingSaid,
      fields: ['password'],
    });
    expect(
      await loginRefusedWith({ status: 422, fields: ['username', 7, null, 'email'], field: 'x' }),
    ).toEqual({ ...nothingSaid, fields: ['username', 'email'] });
    expect(await loginRefusedWith({ status: 422, fields: [], field: 'x' })).toEqual(nothingSaid);
    // A list that is not a list is no list: the single field is read instead.
    expect(await loginRefusedWith({ status: 422, fields: 'username', field: 'email' })).toEqual({
      ...nothingSaid,
      fields: ['email'],
    });
    expect(await loginRefusedWith({ status: 422, field: 3 })).toEqual(nothingSaid);
    expect(await loginRefusedWith({ status: 422, field: null })).toEqual(nothingSaid);
  });

  it('says the server was out of reach only for a call with no answer (status 0)', async () => {
    const network = { ...nothingSaid, unreachable: 'network' };
    expect(await loginRefusedWith({ status: 0 })).toEqual(network);
    expect(await loginRefusedWith({ status: 0, cause: null })).toEqual(network);
    expect(await loginRefusedWith({ status: 0, cause: 'TimeoutError' })).toEqual(network);
    expect(await loginRefusedWith({ status: 0, cause: { name: 'AbortError' } })).toEqual(network);
    expect(await loginRefusedWith({ status: 0, cause: { name: 'TimeoutError' } })).toEqual({
      ...nothingSaid,
      unreachable: 'timeout',
    });
    // Answered calls, however they failed.
    expect(await loginRefusedWith({ status: '0' })).toEqual(nothingSaid);
    expect(await loginRefusedWith({ status: 503, cause: { name: 'TimeoutError' } })).toEqual(
      nothingSaid,
    );
  });

  it('reads a refused registration the same way, as a registration', async () => {
    const { actor, storage } = actorWhoseCallsAnswer(
      { storedToken: null },
      { register: { status: 0, detail: 'Too slow', cause: { name: 'TimeoutError' } } },
    );
    actor.send({ type: 'user.register', details: DETAILS });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual({
      kind: 'register',
      detail: 'Too slow',
      fields: [],
      unreachable: 'timeout',
    });
    expect(storage.has('token')).toBe(false);
  });
});

describe('a stored token at start-up', () => {
  it('an empty stored token is no token: a guest, and nothing is asked of the server', () => {
    const { actor, calls } = actorWhoseCallsAnswer({ storedToken: '' }, {});
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls).toEqual([]);
  });

  it.each([
    ['401', { status: 401 }],
    ['403', { status: 403, detail: 'Deactivated' }],
  ])('a token the server refuses (%s) is forgotten, with no error shown', async (_, error) => {
    const { actor, storage } = actorWhoseCallsAnswer(
      { storedToken: 'stored' },
      { fetchCurrentUser: error },
    );
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(storage.has('token')).toBe(false);
  });

  it.each([
    ['a server error', { status: 500, detail: 'Internal' }],
    ['a status that only reads as 401', { status: '401' }],
    ['a thrown text', 'boom'],
    ['null', null],
  ])(
    '%s keeps the token for the next start and says the server was out of reach',
    async (_, error) => {
      const { actor, storage } = actorWhoseCallsAnswer(
        { storedToken: 'stored' },
        { fetchCurrentUser: error },
      );
      await settle();
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().context.error).toEqual({
        kind: 'login',
        detail: null,
        fields: [],
        unreachable: 'network',
      });
      expect(storage.get('token')).toBe('stored');
    },
  );
});
