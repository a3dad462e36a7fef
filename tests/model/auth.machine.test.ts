import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import { authMachine } from '../../machines/auth.machine';
import type {
  AuthInput,
  LoginRequest,
  RegisterRequest,
  Token,
  User,
} from '../../machines/auth.types';
import { keyedByStatus, settle } from './graph.harness';

type AuthEvent = EventFromLogic<typeof authMachine>;
type AuthSnapshot = SnapshotFrom<typeof authMachine>;

const user = (id: number, username: string): User => ({
  id,
  course_id: 1,
  content_language: null,
  username,
  email: `${username}@example.com`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_admin: false,
  is_active: true,
  created_at: '2026-01-01T00:00:00.000Z',
  last_login: null,
});

const ADA = user(1, 'ada');
const ADA_RENAMED = { ...ADA, first_name: 'Augusta' };
const TOKEN: Token = { access_token: 'fresh-token', token_type: 'bearer', user: ADA };
const CREDENTIALS: LoginRequest = { username: 'ada', password: 'secret' };
const DETAILS: RegisterRequest = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'secret',
  first_name: 'Ada',
  last_name: 'Lovelace',
};

/** What the server can answer to each of the machine's three calls. */
const apiOutcomes = [
  { type: 'xstate.done.actor.fetchCurrentUser', output: ADA, actorId: 'fetchCurrentUser' },
  {
    type: 'xstate.error.actor.fetchCurrentUser',
    error: { status: 401, detail: 'Expired' },
    actorId: 'fetchCurrentUser',
  },
  {
    type: 'xstate.error.actor.fetchCurrentUser',
    error: new TypeError('Failed to fetch'),
    actorId: 'fetchCurrentUser',
  },
  { type: 'xstate.done.actor.login', output: TOKEN, actorId: 'login' },
  {
    type: 'xstate.error.actor.login',
    error: { status: 401, detail: 'Incorrect username or password' },
    actorId: 'login',
  },
  // No answer at all: the API client's error then has status 0 and no detail.
  { type: 'xstate.error.actor.login', error: { status: 0, detail: null }, actorId: 'login' },
  // An answer that came too late: the client gave up, its error's cause a TimeoutError.
  {
    type: 'xstate.error.actor.register',
    error: { status: 0, detail: null, cause: { name: 'TimeoutError' } },
    actorId: 'register',
  },
  { type: 'xstate.done.actor.register', output: TOKEN, actorId: 'register' },
  {
    type: 'xstate.error.actor.register',
    error: { status: 409, detail: 'This username is already taken', field: 'username' },
    actorId: 'register',
  },
  { type: 'xstate.error.actor.register', error: new Error('unexpected'), actorId: 'register' },
] as unknown as AuthEvent[];

const EVENTS: AuthEvent[] = [
  { type: 'user.login', credentials: CREDENTIALS },
  { type: 'user.register', details: DETAILS },
  { type: 'user.logout' },
  { type: 'user.clearError' },
  { type: 'user.updated', user: ADA_RENAMED },
  { type: 'session.renewed', token: 'renewed-token' },
  { type: 'api.unauthorized' },
  // The server said why: the account was deactivated.
  { type: 'api.unauthorized', code: 'account_deactivated' },
  { type: 'session.endedElsewhere' },
  ...apiOutcomes,
];

/** An actor's answer can only arrive while that actor runs. */
function filterEvents(snapshot: AuthSnapshot, event: AuthEvent): boolean {
  const running: Record<string, string> = {
    fetchCurrentUser: 'loadingUser',
    login: 'loggingIn',
    register: 'registering',
  };
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (!match) return true;
  return snapshot.matches(running[match[2] ?? ''] as never);
}

const STARTS: { name: string; input: AuthInput }[] = [
  { name: 'a visitor without a stored token', input: { storedToken: null } },
  { name: 'a visitor with a stored token', input: { storedToken: 'stored-token' } },
];

interface Deferred<T> {
  resolve(value: T): void;
  reject(error: unknown): void;
}

/** A live actor whose calls wait for the test, whose storage is a map, and whose log is kept. */
function liveActor(input: AuthInput) {
  const storage = new Map<string, string>();
  if (input.storedToken) storage.set('token', input.storedToken);
  // Unsaved changes this tab keeps for a form.
  storage.set('draft.profile', '{"first_name":"Augusta"}');
  const pending = new Map<string, Deferred<unknown>>();
  const calls: { name: string; input: unknown }[] = [];
  const logged: unknown[] = [];
  // Tokens the server was told to end, in order.
  const revoked: (string | null)[] = [];
  const manual = <T, I>(name: string) =>
    fromPromise<T, I>(
      ({ input: callInput }) =>
        new Promise<T>((resolve, reject) => {
          calls.push({ name, input: callInput });
          pending.set(name, { resolve: resolve as (value: unknown) => void, reject });
        }),
    );
  const machine = authMachine.provide({
    actors: {
      fetchCurrentUser: manual<User, unknown>('fetchCurrentUser'),
      login: manual<Token, LoginRequest>('login'),
      register: manual<Token, RegisterRequest>('register'),
    },
    actions: {
      persistToken: (_, params) => storage.set('token', params.token),
      forgetToken: () => storage.delete('token'),
      forgetDrafts: () => storage.delete('draft.profile'),
      reportRestoreFailure: (_, params) => logged.push(params.error),
      revokeToken: (_, params) => revoked.push(params.token),
    },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, storage, pending, calls, logged, revoked };
}

/** Sends a path's event to the live actor: user events directly, API answers through the pending call. */
async function replay(live: ReturnType<typeof liveActor>, event: AuthEvent) {
  const match = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
  if (match) {
    const call = live.pending.get(match[2] ?? '');
    if (!call) throw new Error(`no ${match[2]} call is running`);
    live.pending.delete(match[2] ?? '');
    const answer = event as unknown as { output?: unknown; error?: unknown };
    if (match[1] === 'done') call.resolve(answer.output);
    else call.reject(answer.error);
  } else {
    // Another tab signed out: the stored token is gone before this tab hears of it.
    if (event.type === 'session.endedElsewhere') live.storage.delete('token');
    live.actor.send(event);
  }
  await settle();
}

/** What every state promises, checked against the live actor after each step. */
function expectInvariants(snapshot: AuthSnapshot, live: ReturnType<typeof liveActor>) {
  const { user: current, token, error } = snapshot.context;
  const authenticated = snapshot.hasTag('session:authenticated');
  expect(authenticated).toBe(!snapshot.hasTag('session:guest'));
  if (snapshot.matches('signedOut')) {
    expect(current).toBeNull();
    expect(token).toBeNull();
    // Only a user fetch cut off by the network keeps the token it started with (the stored one,
    // the one a login just gave, or a renewed one), for the next start.
    if (live.storage.has('token')) {
      expect(['stored-token', TOKEN.access_token, 'renewed-token']).toContain(
        live.storage.get('token'),
      );
    }
    expect(snapshot.hasTag('status:loading')).toBe(false);
  }
  if (snapshot.matches('signedIn')) {
    expect(current).not.toBeNull();
    expect(token).not.toBeNull();
    expect(live.storage.get('token')).toBe(token);
    expect(error).toBeNull();
    expect(snapshot.hasTag('status:loading')).toBe(false);
  }
  if (snapshot.matches('loadingUser')) {
    expect(authenticated).toBe(true);
    expect(snapshot.hasTag('status:restoring')).toBe(true);
    expect(live.pending.has('fetchCurrentUser')).toBe(true);
  }
  if (snapshot.matches('loggingIn')) {
    expect(error).toBeNull();
    expect(snapshot.hasTag('status:loading')).toBe(true);
    expect(live.pending.has('login')).toBe(true);
  }
  if (snapshot.matches('registering')) {
    expect(error).toBeNull();
    expect(snapshot.hasTag('status:loading')).toBe(true);
    expect(live.pending.has('register')).toBe(true);
  }
}

/** What each step promises about the step before it. */
function expectStepEffects(
  before: AuthSnapshot,
  event: AuthEvent,
  after: AuthSnapshot,
  live: ReturnType<typeof liveActor>,
) {
  // Widened: the graph also sends the invoked actors' done and error events.
  const type: string = event.type;
  switch (type) {
    case 'user.login':
      expect(live.calls.at(-1)).toEqual({ name: 'login', input: CREDENTIALS });
      break;
    case 'user.register':
      expect(live.calls.at(-1)).toEqual({ name: 'register', input: DETAILS });
      break;
    case 'user.updated':
      expect(after.context.user).toEqual(
        before.matches('signedIn') ? ADA_RENAMED : before.context.user,
      );
      break;
    case 'session.renewed': {
      // A signed-in session takes the new token; one cut short (another tab's call refused
      // during the change) opens again with it; elsewhere nothing changes.
      const takes =
        before.matches('signedIn') ||
        (before.matches('signedOut') && before.context.error?.kind === 'session');
      expect(after.context.token).toBe(takes ? 'renewed-token' : before.context.token);
      if (takes) expect(live.storage.get('token')).toBe('renewed-token');
      expect(after.value).toEqual(
        takes && before.matches('signedOut') ? 'loadingUser' : before.value,
      );
      break;
    }
    case 'user.clearError':
      expect(after.context.error).toBeNull();
      break;
    case 'user.logout':
      expect(after.matches('signedOut')).toBe(true);
      expect(after.context.error).toEqual(before.context.error);
      expect(live.storage.has('token')).toBe(false);
      // A deliberate logout leaves no unsaved changes behind for the next person.
      expect(live.storage.has('draft.profile')).toBe(false);
      // The server is told to end the token the session held (signed in, or being restored),
      // so the token stops working everywhere; a guest holds none to end.
      if (before.matches('signedIn') || before.matches('loadingUser')) {
        expect(live.revoked.at(-1)).toBe(before.context.token);
        expect(before.context.token).not.toBeNull();
      }
      break;
    case 'api.unauthorized': {
      expect(after.matches('signedOut')).toBe(true);
      expect(live.storage.has('token')).toBe(false);
      // A signed-in session that ends says so on the login page; a restore fails quietly. A
      // deactivated account is said either way; a guest's late refusal changes nothing said.
      const deactivated = (event as { code?: string }).code === 'account_deactivated';
      const held = before.matches('signedIn') || before.matches('loadingUser');
      expect(after.context.error).toEqual(
        deactivated && held
          ? { kind: 'deactivated', detail: null, fields: [], unreachable: null }
          : before.matches('signedIn')
            ? { kind: 'session', detail: null, fields: [], unreachable: null }
            : before.context.error,
      );
      break;
    }
    case 'session.endedElsewhere':
      // A session being restored or held ends, saying so once signed in; a login or
      // registration under way goes on.
      expect(after.matches('signedOut')).toBe(
        before.matches('signedIn') || before.matches('loadingUser') || before.matches('signedOut'),
      );
      expect(after.context.error).toEqual(
        before.matches('signedIn')
          ? { kind: 'session', detail: null, fields: [], unreachable: null }
          : before.context.error,
      );
      expect(live.storage.has('token')).toBe(false);
      break;
    case 'xstate.done.actor.login':
    case 'xstate.done.actor.register':
      expect(after.context.token).toBe(TOKEN.access_token);
      expect(after.context.user).toEqual(TOKEN.user);
      expect(live.storage.get('token')).toBe(TOKEN.access_token);
      expect(after.matches('loadingUser')).toBe(true);
      break;
    case 'xstate.error.actor.login':
    case 'xstate.error.actor.register': {
      const kind = type.endsWith('login') ? 'login' : 'register';
      const failure = (event as unknown as { error: unknown }).error;
      const {
        detail = null,
        field,
        fields = field === undefined ? [] : [field],
        status,
        cause,
      } = failure instanceof Error
        ? {}
        : (failure as {
            detail?: string | null;
            field?: string;
            fields?: string[];
            status?: number;
            cause?: { name: string };
          });
      const unreachable =
        status !== 0 ? null : cause?.name === 'TimeoutError' ? 'timeout' : 'network';
      expect(after.context.error).toEqual({ kind, detail, fields, unreachable });
      expect(live.storage.has('token')).toBe(false);
      break;
    }
    case 'xstate.error.actor.fetchCurrentUser': {
      expect(live.logged.at(-1)).toBe((event as unknown as { error: unknown }).error);
      // A refused token ends the session quietly; no answer says the server could not be reached.
      const failure = (event as unknown as { error: { status?: number } }).error;
      expect(after.context.error).toEqual(
        failure.status === 401
          ? before.context.error
          : { kind: 'login', detail: null, fields: [], unreachable: 'network' },
      );
      break;
    }
    case 'xstate.done.actor.fetchCurrentUser':
      expect(after.context.user).toEqual(ADA);
      break;
  }
}

async function walk(path: StatePath<AuthSnapshot, AuthEvent>, input: AuthInput) {
  const live = liveActor(input);
  await settle();
  expectInvariants(live.actor.getSnapshot(), live);
  for (const step of path.steps) {
    if ((step.event.type as string) === 'xstate.init') continue;
    const before = live.actor.getSnapshot();
    const draftBefore = live.storage.has('draft.profile');
    const revokedBefore = live.revoked.length;
    await replay(live, step.event);
    const after = live.actor.getSnapshot();
    // Only a deliberate logout drops kept changes; an ended session keeps them for a sign-in.
    // Nor does anything else ask the server to end a token: a refused one is over already.
    if (step.event.type !== 'user.logout') {
      expect(live.storage.has('draft.profile')).toBe(draftBefore);
      expect(live.revoked.length).toBe(revokedBefore);
    }
    expect(after.value).toEqual(step.state.value);
    expect(after.context).toEqual(step.state.context);
    expectInvariants(after, live);
    expectStepEffects(before, step.event, after, live);
  }
  live.actor.stop();
}

const describePath = (path: StatePath<AuthSnapshot, AuthEvent>) =>
  path.steps
    .filter((step) => (step.event.type as string) !== 'xstate.init')
    .map((step) => step.event.type.replace(/^xstate\./, ''))
    .join(' → ') || '(start)';

const SIMPLE_PATHS_PER_TEST = 500;

describe('auth machine, path by path', () => {
  for (const start of STARTS) {
    const options = {
      events: EVENTS,
      filterEvents,
      input: start.input,
      serializeState: keyedByStatus(),
    };
    const shortest = getShortestPaths(authMachine, options);
    // A renewal after a session was cut short reopens it, and a refusal naming a deactivated
    // account opens a signed-out state of its own: either multiplies the simple paths (the
    // second more than doubles them); the shortest paths, and every event from every state
    // they reach, walk both.
    const simple = getSimplePaths(authMachine, {
      ...options,
      filterEvents: (snapshot, event) =>
        filterEvents(snapshot, event) &&
        !(event.type === 'session.renewed' && snapshot.matches('signedOut')) &&
        !(event.type === 'api.unauthorized' && event.code !== undefined),
    });

    describe(`${start.name}: shortest paths`, () => {
      it('reaches every state the session can be in', () => {
        const reached = new Set(shortest.map((path) => JSON.stringify(path.state.value)));
        const expected = start.input.storedToken
          ? ['loadingUser', 'signedIn', 'signedOut', 'loggingIn', 'registering']
          : ['signedIn', 'signedOut', 'loggingIn', 'registering', 'loadingUser'];
        for (const state of expected) expect(reached).toContain(JSON.stringify(state));
      });
      for (const path of shortest) {
        it(`${describePath(path)} ends in ${JSON.stringify(path.state.value)}`, () =>
          walk(path, start.input));
      }
    });

    describe(`${start.name}: simple paths`, () => {
      it('finds more paths than shortest ones', () => {
        expect(simple.length).toBeGreaterThanOrEqual(shortest.length);
      });
      // In batches: thousands of paths in one test would run close to its time limit on a
      // busy machine.
      for (let first = 0; first < simple.length; first += SIMPLE_PATHS_PER_TEST) {
        const batch = simple.slice(first, first + SIMPLE_PATHS_PER_TEST);
        it(`replays simple paths ${first + 1} to ${first + batch.length} of ${simple.length} on a live actor`, async () => {
          for (const path of batch) await walk(path, start.input);
        });
      }
    });
  }
});

type StateName = 'loadingUser' | 'signedOut' | 'loggingIn' | 'registering' | 'signedIn';

/**
 * Where each event leads from each state, written from the spec apart from the machine: the
 * events a state does not name leave it as it is. The shortest paths above send an event only
 * where it leads somewhere new; this table is what every event from every state is held to.
 */
const NEXT: Record<StateName, Partial<Record<string, StateName>>> = {
  loadingUser: {
    'user.logout': 'signedOut',
    'api.unauthorized': 'signedOut',
    'session.endedElsewhere': 'signedOut',
    'xstate.done.actor.fetchCurrentUser': 'signedIn',
    'xstate.error.actor.fetchCurrentUser': 'signedOut',
  },
  signedOut: {
    'user.login': 'loggingIn',
    'user.register': 'registering',
    // Reopens only a session cut short (checked by expectStepEffects); otherwise stays.
    'session.renewed': 'signedOut',
    'user.clearError': 'signedOut',
    'user.logout': 'signedOut',
    'api.unauthorized': 'signedOut',
  },
  loggingIn: {
    'xstate.done.actor.login': 'loadingUser',
    'xstate.error.actor.login': 'signedOut',
  },
  registering: {
    'xstate.done.actor.register': 'loadingUser',
    'xstate.error.actor.register': 'signedOut',
  },
  signedIn: {
    'user.updated': 'signedIn',
    'session.renewed': 'signedIn',
    'user.logout': 'signedOut',
    'api.unauthorized': 'signedOut',
    'session.endedElsewhere': 'signedOut',
  },
};

describe('auth machine, every event from every state', () => {
  for (const start of STARTS) {
    const shortest = getShortestPaths(authMachine, {
      events: EVENTS,
      filterEvents,
      input: start.input,
      serializeState: keyedByStatus(),
    });
    it(`${start.name}: each state takes the events the spec names and ignores the rest`, async () => {
      for (const path of shortest) {
        for (const event of EVENTS.filter((candidate) => filterEvents(path.state, candidate))) {
          const live = liveActor(start.input);
          await settle();
          for (const step of path.steps) {
            if ((step.event.type as string) !== 'xstate.init') await replay(live, step.event);
          }
          const before = live.actor.getSnapshot();
          const state = before.value as StateName;
          const calls = live.calls.length;
          const revoked = live.revoked.length;
          const storage = new Map(live.storage);
          await replay(live, event);
          const after = live.actor.getSnapshot();
          const next = NEXT[state][event.type];
          const where = `${describePath(path)}, then ${event.type}`;
          if (next === undefined) {
            expect(after.value, where).toEqual(state);
            expect(after.context, where).toEqual(before.context);
            expect(live.calls.length, where).toBe(calls);
            expect(live.revoked.length, where).toBe(revoked);
            // Another tab's sign-out removes the stored token itself (replay does it).
            if (event.type === 'session.endedElsewhere') storage.delete('token');
            expect(live.storage, where).toEqual(storage);
          } else {
            const renewsCutShort =
              event.type === 'session.renewed' && before.context.error?.kind === 'session';
            expect(after.value, where).toEqual(
              state === 'signedOut' && renewsCutShort ? 'loadingUser' : next,
            );
            expectInvariants(after, live);
            expectStepEffects(before, event, after, live);
          }
          live.actor.stop();
        }
      }
    });
  }
});

describe('auth machine, start-up', () => {
  it('a stored token starts authenticated and loading, then loads the user', async () => {
    const live = liveActor({ storedToken: 'stored-token' });
    const snapshot = live.actor.getSnapshot();
    expect(snapshot.hasTag('session:authenticated')).toBe(true);
    expect(snapshot.hasTag('status:loading')).toBe(true);
    expect(live.calls).toEqual([{ name: 'fetchCurrentUser', input: undefined }]);
    live.pending.get('fetchCurrentUser')?.resolve(ADA);
    await settle();
    expect(live.actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(live.actor.getSnapshot().hasTag('status:loading')).toBe(false);
  });

  it('a stored token the server refuses signs out, removes it and only logs the failure', async () => {
    const live = liveActor({ storedToken: 'stale' });
    live.pending.get('fetchCurrentUser')?.reject({ status: 401, detail: 'Expired' });
    await settle();
    const snapshot = live.actor.getSnapshot();
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(snapshot.context.error).toBeNull();
    expect(live.storage.has('token')).toBe(false);
    expect(live.logged).toHaveLength(1);
  });

  // Outside the walked events: one more register refusal would add a thousand simple paths.
  it('a registration refused for both the username and the e-mail keeps both fields', async () => {
    const live = liveActor({ storedToken: null });
    live.actor.send({ type: 'user.register', details: DETAILS });
    live.pending.get('register')?.reject({
      status: 409,
      detail: 'This username and this e-mail are already taken',
      field: 'username',
      fields: ['username', 'email'],
    });
    await settle();
    expect(live.actor.getSnapshot().context.error).toEqual({
      kind: 'register',
      detail: 'This username and this e-mail are already taken',
      fields: ['username', 'email'],
      unreachable: null,
    });
  });

  it('a restore cut off by the network (or the page leaving) signs out but keeps the token', async () => {
    const live = liveActor({ storedToken: 'stored-token' });
    live.pending.get('fetchCurrentUser')?.reject(new TypeError('Failed to fetch'));
    await settle();
    const snapshot = live.actor.getSnapshot();
    expect(snapshot.matches('signedOut')).toBe(true);
    expect(live.storage.get('token')).toBe('stored-token');
    expect(live.logged).toHaveLength(1);
    expect(snapshot.context.error).toEqual({
      kind: 'login',
      detail: null,
      fields: [],
      unreachable: 'network',
    });
  });

  it('no stored token is a guest at once, with nothing to load', () => {
    const live = liveActor({ storedToken: null });
    expect(live.actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(live.calls).toEqual([]);
  });
});
