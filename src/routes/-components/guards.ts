import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { User } from '../../api';
import { isAuthenticated, isSettled, type AuthActor } from '../../lib/auth';

/** Waits until a stored session is restored (or found invalid). */
function settled(auth: AuthActor) {
  return waitFor(auth, isSettled);
}

/**
 * A page of this app to return to after signing in, or undefined: only a path on this site
 * (never `//host` or another origin) and not the sign-in pages themselves.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || /^\/[/\\]/.test(value))
    return undefined;
  return /^\/(login|register)(?:[/?#]|$)/.test(value) ? undefined : value;
}

/**
 * A guest goes to /login, which brings them back to `href` once signed in; otherwise the user
 * joins the route context.
 */
export async function requireUser(auth: AuthActor, href: string): Promise<{ user: User }> {
  const snapshot = await settled(auth);
  const user = snapshot.context.user;
  if (!isAuthenticated(snapshot) || !user) {
    const back = returnPath(href);
    throw redirect({ to: '/login', search: back ? { redirect: back } : {}, replace: true });
  }
  return { user };
}

/** A signed-in user at /login or /register goes to the page they came for, else /dashboard. */
export async function requireGuest(auth: AuthActor, back?: string): Promise<void> {
  const snapshot = await settled(auth);
  if (isAuthenticated(snapshot)) {
    if (back) throw redirect({ href: back, replace: true });
    throw redirect({ to: '/dashboard', replace: true });
  }
}

/** A non-administrator at /admin goes to /dashboard. */
export function requireAdmin(user: User): void {
  if (!user.is_admin) throw redirect({ to: '/dashboard', replace: true });
}
