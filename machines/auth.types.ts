import type { components } from '../openapi/schema';
import type { NoAnswer } from './call-failure';

export type User = components['schemas']['User'];
export type Token = components['schemas']['Token'];
export type LoginRequest = components['schemas']['LoginRequest'];
export type RegisterRequest = components['schemas']['RegisterRequest'];

/**
 * Which request failed, so the screen can pick its fallback text ('Login failed', ...);
 * 'session' when the server refused a signed-in session's token (expired, signed out
 * elsewhere), 'deactivated' when it refused it because the account was deactivated.
 */
export type AuthErrorKind = 'login' | 'register' | 'session' | 'deactivated';

/** What a refusal is, when the server named it (the contract's `Error.code`). */
export type RefusalCode = NonNullable<components['schemas']['Error']['code']>;

export type { NoAnswer } from './call-failure';

export interface AuthError {
  kind: AuthErrorKind;
  /** The server's `detail`, when it sent one. */
  detail: string | null;
  /** No answer came (offline, server down, too slow): the screen says so instead of a detail. */
  unreachable: NoAnswer | null;
  /** The request fields the server named (`username` when it is taken), if it named any. */
  fields: string[];
}

export interface AuthContext {
  user: User | null;
  token: string | null;
  error: AuthError | null;
}

export interface AuthInput {
  /** The token found in storage at start-up (localStorage key `token`), if any. */
  storedToken: string | null;
}

export type AuthEvent =
  | { type: 'user.login'; credentials: LoginRequest }
  | { type: 'user.register'; details: RegisterRequest }
  | { type: 'user.logout' }
  | { type: 'user.clearError' }
  /** The profile was saved: the server's answer replaces the stored user. */
  | { type: 'user.updated'; user: User }
  /**
   * The server issued this session a new token (a password change, which ends every other
   * session): it replaces the held and stored one.
   */
  | { type: 'session.renewed'; token: string }
  /** Any call answered 401: the session is over; `code` says why when the server did. */
  | { type: 'api.unauthorized'; code?: RefusalCode }
  /**
   * Another tab of the app signed out: the stored token is gone. This tab's session ends the
   * same way, and leaves storage alone (another tab may already have stored a new session).
   */
  | { type: 'session.endedElsewhere' };

/**
 * `status:loading` while a request of the machine runs, `status:restoring` while a session
 * is being restored or its user loaded, and exactly one of `session:authenticated` or
 * `session:guest` (isAuthenticated).
 */
export type AuthTag =
  'status:loading' | 'status:restoring' | 'session:authenticated' | 'session:guest';
