import { assign, fromPromise, setup } from 'xstate';
import type {
  AuthContext,
  AuthErrorKind,
  AuthEvent,
  AuthInput,
  AuthTag,
  LoginRequest,
  RefusalCode,
  RegisterRequest,
  Token,
  User,
} from './auth.types';
import { detailOf, noAnswerOf, propertyOf } from './call-failure';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('auth');

/** Every request field a rejected call named (`fields`, or the one `field`). */
function fieldsOf(error: unknown): string[] {
  const fields = propertyOf(error, 'fields');
  if (Array.isArray(fields)) return fields.filter((name) => typeof name === 'string');
  const field = propertyOf(error, 'field');
  return typeof field === 'string' ? [field] : [];
}

/**
 * The session: restored from a stored token at start-up, opened by login or registration,
 * closed by logout or by any 401 (a signed-in session's 401 leaves a 'session' error; one that
 * says the account is deactivated leaves a 'deactivated' error, restoring or signed in).
 * Storage and API calls are injected with `.provide()`.
 */
export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as AuthTag,
  },
  actors: {
    fetchCurrentUser: fromPromise<User>(notProvided('fetchCurrentUser')),
    login: fromPromise<Token, LoginRequest>(notProvided('login')),
    register: fromPromise<Token, RegisterRequest>(notProvided('register')),
  },
  actions: {
    /** Writes the token to storage (localStorage `token`). */
    persistToken: (_, _params: { token: string }) => {},
    /** Removes the token from storage. */
    forgetToken: () => {},
    /**
     * Tells the server the session's token is given up (POST /auth/logout), so it stops working
     * everywhere; not awaited: the session ends here whatever the server answers, or if it
     * cannot be reached.
     */
    revokeToken: (_, _params: { token: string | null }) => {},
    /**
     * Drops the unsaved changes this tab keeps for its forms: a deliberate logout leaves none
     * for the next person at the screen. A session that merely ended keeps them for a sign-in.
     */
    forgetDrafts: () => {},
    /** A failed session restore is only logged. */
    reportRestoreFailure: (_, _params: { error: unknown }) => {},
    clearSession: assign({ user: null, token: null }),
    /**
     * The server gave no user (no answer, or an error of its own) right after a login or a
     * reload: the login page says the server could not be reached, not that a sign-in failed.
     */
    noteUnreachable: assign({
      error: { kind: 'login', detail: null, fields: [], unreachable: 'network' },
    }),
    clearError: assign({ error: null }),
    /** The server refused the session's token: the login page says why the learner is there. */
    endSession: assign({
      user: null,
      token: null,
      error: { kind: 'session', detail: null, fields: [], unreachable: null },
    }),
    /**
     * The server refused the session because the account was deactivated: the login page says
     * so, even for a session being restored (which otherwise ends quietly).
     */
    endDeactivatedSession: assign({
      user: null,
      token: null,
      error: { kind: 'deactivated', detail: null, fields: [], unreachable: null },
    }),
    setUser: assign({ user: (_, params: { user: User }) => params.user }),
    setToken: assign({ token: (_, params: { token: string }) => params.token }),
    openSession: assign({
      user: (_, params: { token: Token }) => params.token.user,
      token: (_, params: { token: Token }) => params.token.access_token,
      error: null,
    }),
    /** A failed login or registration clears the session and keeps the server's detail. */
    setError: assign({
      user: null,
      token: null,
      error: (_, params: { kind: AuthErrorKind; error: unknown }) => ({
        kind: params.kind,
        detail: detailOf(params.error),
        fields: fieldsOf(params.error),
        unreachable: noAnswerOf(params.error),
      }),
    }),
  },
  guards: {
    /** The last session ended by a refusal or elsewhere, not by the learner signing out. */
    wasCutShort: ({ context }) => context.error?.kind === 'session',
    hasStoredToken: ({ context }) => context.token !== null && context.token !== '',
    isAccountDeactivated: (_, params: { code: RefusalCode | undefined }) =>
      params.code === 'account_deactivated',
    isTokenRejected: (_, params: { error: unknown }) =>
      typeof params.error === 'object' &&
      params.error !== null &&
      'status' in params.error &&
      (params.error.status === 401 || params.error.status === 403),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({ user: null, token: input.storedToken, error: null }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Start-up: a stored token means a session to restore, none means a guest.',
      tags: ['status:loading', 'status:restoring'],
      always: [{ guard: 'hasStoredToken', target: 'loadingUser' }, { target: 'signedOut' }],
    },
    loadingUser: {
      description:
        'A token is held (authenticated) and the current user is being fetched; a failure ends the session (a refused token is forgotten, saying so only when the account was deactivated; any other failure keeps it and says the server could not be reached).',
      tags: ['status:loading', 'status:restoring', 'session:authenticated'],
      invoke: {
        id: 'fetchCurrentUser',
        src: 'fetchCurrentUser',
        onDone: {
          target: 'signedIn',
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isTokenRejected', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut',
            actions: [
              'clearSession',
              'forgetToken',
              { type: 'reportRestoreFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            // A network failure, or the page leaving mid-request, says nothing about the token:
            // the session ends here but the stored token stays for the next start.
            target: 'signedOut',
            actions: [
              'clearSession',
              'noteUnreachable',
              { type: 'reportRestoreFailure', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
      on: {
        'user.logout': {
          target: 'signedOut',
          actions: [
            { type: 'revokeToken', params: ({ context }) => ({ token: context.token }) },
            'clearSession',
            'forgetToken',
            'forgetDrafts',
          ],
        },
        'api.unauthorized': [
          {
            guard: { type: 'isAccountDeactivated', params: ({ event }) => ({ code: event.code }) },
            target: 'signedOut',
            actions: ['endDeactivatedSession', 'forgetToken'],
          },
          { target: 'signedOut', actions: ['clearSession', 'forgetToken'] },
        ],
        'session.endedElsewhere': { target: 'signedOut', actions: 'clearSession' },
      },
    },
    signedOut: {
      description: 'A guest. The error of the last login or registration, if any, is kept.',
      tags: ['session:guest'],
      on: {
        // A password change answered after the session was cut short (another tab's call with
        // the old token was refused first): the new token opens the session again. Not after a
        // sign-out.
        'session.renewed': {
          guard: 'wasCutShort',
          target: 'loadingUser',
          actions: [
            'clearError',
            { type: 'setToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'user.login': { target: 'loggingIn', actions: 'clearError' },
        'user.register': { target: 'registering', actions: 'clearError' },
        'user.clearError': { actions: 'clearError' },
        'user.logout': { actions: ['clearSession', 'forgetToken', 'forgetDrafts'] },
        'api.unauthorized': { actions: ['clearSession', 'forgetToken'] },
      },
    },
    loggingIn: {
      description: 'The login request runs; success opens the session and loads the user.',
      tags: ['status:loading', 'session:guest'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => {
          if (event.type !== 'user.login') throw new Error('loggingIn entered without credentials');
          return event.credentials;
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'openSession', params: ({ event }) => ({ token: event.output }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.output.access_token }) },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'setError', params: ({ event }) => ({ kind: 'login', error: event.error }) },
            'forgetToken',
          ],
        },
      },
    },
    registering: {
      description: 'The registration request runs; success signs the new learner in.',
      tags: ['status:loading', 'session:guest'],
      invoke: {
        id: 'register',
        src: 'register',
        input: ({ event }) => {
          if (event.type !== 'user.register')
            throw new Error('registering entered without details');
          return event.details;
        },
        onDone: {
          target: 'loadingUser',
          actions: [
            { type: 'openSession', params: ({ event }) => ({ token: event.output }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.output.access_token }) },
          ],
        },
        onError: {
          target: 'signedOut',
          actions: [
            { type: 'setError', params: ({ event }) => ({ kind: 'register', error: event.error }) },
            'forgetToken',
          ],
        },
      },
    },
    signedIn: {
      description:
        'A signed-in user; logout, a 401 from any call or a sign-out in another tab ends the session.',
      tags: ['session:authenticated'],
      on: {
        'user.updated': {
          actions: { type: 'setUser', params: ({ event }) => ({ user: event.user }) },
        },
        'session.renewed': {
          actions: [
            { type: 'setToken', params: ({ event }) => ({ token: event.token }) },
            { type: 'persistToken', params: ({ event }) => ({ token: event.token }) },
          ],
        },
        'user.logout': {
          target: 'signedOut',
          actions: [
            { type: 'revokeToken', params: ({ context }) => ({ token: context.token }) },
            'clearSession',
            'forgetToken',
            'forgetDrafts',
          ],
        },
        'api.unauthorized': [
          {
            guard: { type: 'isAccountDeactivated', params: ({ event }) => ({ code: event.code }) },
            target: 'signedOut',
            actions: ['endDeactivatedSession', 'forgetToken'],
          },
          { target: 'signedOut', actions: ['endSession', 'forgetToken'] },
        ],
        'session.endedElsewhere': { target: 'signedOut', actions: 'endSession' },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;
