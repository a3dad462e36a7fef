import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { User } from '../../api';
import { isAuthenticated, isSettled, type AuthActor } from '../../lib/auth';

/** Waits until a stored session is restored (or found invalid). */
function settled(auth: AuthActor) {
  return waitFor(auth, isSettled);
}

/** A guest goes to /login; otherwise the user joins the route context. */
export async function requireUser(auth: AuthActor): Promise<{ user: User }> {
  const snapshot = await settled(auth);
  const user = snapshot.context.user;
  if (!isAuthenticated(snapshot) || !user) throw redirect({ to: '/login', replace: true });
  return { user };
}

/** A signed-in user at /login or /register goes to /dashboard. */
export async function requireGuest(auth: AuthActor): Promise<void> {
  const snapshot = await settled(auth);
  if (isAuthenticated(snapshot)) throw redirect({ to: '/dashboard', replace: true });
}

/** A non-administrator at /admin goes to /dashboard. */
export function requireAdmin(user: User): void {
  if (!user.is_admin) throw redirect({ to: '/dashboard', replace: true });
}
