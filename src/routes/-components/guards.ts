import { redirect } from '@tanstack/react-router';
import type { User } from '../../api';
import { isAuthenticated, type Session } from '../../lib/session';

/** A stand-in origin: a path that keeps it when resolved against it stays on this site. */
const THIS_SITE = 'https://this-site.invalid';

/**
 * A page of this app to return to after signing in, or undefined: only a path on this site
 * (a single leading `/`: never `//host`, `/\host` or another origin, nor control characters or
 * spaces, which a browser drops from a URL, turning `/\t/host` into `//host`) and not the
 * sign-in pages themselves.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || /^\/[/\\]/.test(value))
    return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\u0000-\u0020\u007f]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return undefined;
  }
  if (url.origin !== THIS_SITE) return undefined;
  return /^\/(login|register)(?:[/?#]|$)/.test(url.pathname) ? undefined : value;
}

/**
 * A guest goes to /login, which brings them back to `href` once signed in; otherwise the user
 * joins the route context.
 */
export async function requireUser(session: Session, href: string): Promise<{ user: User }> {
  const snapshot = await session.settled();
  const user = snapshot.context.user;
  if (!isAuthenticated(snapshot) || !user) {
    const back = returnPath(href);
    throw redirect({ to: '/login', search: back ? { redirect: back } : {}, replace: true });
  }
  return { user };
}

/** A signed-in user at /login or /register goes to the page they came for, else /dashboard. */
export async function requireGuest(session: Session, back?: string): Promise<void> {
  const snapshot = await session.settled();
  if (isAuthenticated(snapshot)) {
    // Checked again here, whoever called: never a page off this site.
    const safe = returnPath(back);
    if (safe) throw redirect({ href: safe, replace: true });
    throw redirect({ to: '/dashboard', replace: true });
  }
}

/** A non-administrator at /admin goes to /dashboard. */
export function requireAdmin(user: User): void {
  if (!user.is_admin) throw redirect({ to: '/dashboard', replace: true });
}
