import { leadingName } from '../../lib/person-name';

/** The signed-in user's destinations, in menu order; admin only for administrators. */
export const USER_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/training', key: 'nav.training' },
  { to: '/exam', key: 'nav.exam' },
  { to: '/questions', key: 'nav.questions' },
  { to: '/donations', key: 'nav.donations' },
] as const;

export const ADMIN_LINK = { to: '/admin', key: 'nav.admin' } as const;

/** The avatar's letter: of the name as it is written first (王 for 王小明), else the username. */
export function initialOf(
  user: { first_name?: string; last_name?: string; username?: string } | null,
): string {
  const source = (user && leadingName(user)) || user?.username?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}
