/** The signed-in user's destinations, in menu order; admin only for administrators. */
export const USER_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/training', key: 'nav.training' },
  { to: '/exam', key: 'nav.exam' },
  { to: '/questions', key: 'nav.questions' },
  { to: '/donations', key: 'nav.donations' },
] as const;

export const ADMIN_LINK = { to: '/admin', key: 'nav.admin' } as const;

export function initialOf(user: { first_name?: string; username?: string } | null): string {
  const source = user?.first_name?.trim() || user?.username?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}
