import type { User } from '../../machines/auth.types';
import { unwrap, type ApiClient } from '../api';
import { readStored, removeStored, writeStored } from './browser-storage';
import { isOutOfReach } from './server-back';

/**
 * The signed-in learner as last read (`GET /auth/me`), with the token it was read with: a page
 * reloaded with no network signs in from it when the service worker has not kept that call (a
 * first visit whose calls went out before the worker took over). Only for that token, and only
 * while the server is out of reach; a server that answers decides.
 */
const KEPT_USER = 'me.kept';

function keptUserFor(token: string | null): User | null {
  if (token === null) return null;
  try {
    const kept = JSON.parse(readStored(KEPT_USER) ?? 'null') as {
      token?: unknown;
      user?: unknown;
    } | null;
    const user = kept?.user as User | undefined;
    return kept?.token === token && typeof user?.id === 'number' ? user : null;
  } catch {
    return null;
  }
}

/** The caller's user from the server, kept for `token`; the kept one while out of reach. */
export async function readCurrentUser(
  api: ApiClient,
  token: string | null,
  signal: AbortSignal,
): Promise<User> {
  try {
    const user = await unwrap(api.GET('/auth/me', { signal }));
    if (token !== null) writeStored(KEPT_USER, JSON.stringify({ token, user }));
    return user;
  } catch (error) {
    const kept = isOutOfReach(error) ? keptUserFor(token) : null;
    if (kept) return kept;
    throw error;
  }
}

/** Forgets the kept user: its session ended in this browser. */
export function forgetKeptUser(): void {
  removeStored(KEPT_USER);
}
