/** The signed-in user's destinations, in menu order; admin only for administrators. */
export const USER_LINKS = [
  { to: '/dashboard', key: 'nav.dashboard' },
  { to: '/training', key: 'nav.training' },
  { to: '/exam', key: 'nav.exam' },
  { to: '/questions', key: 'nav.questions' },
  { to: '/donations', key: 'nav.donations' },
] as const;

export const ADMIN_LINK = { to: '/admin', key: 'nav.admin' } as const;

const characters = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The avatar's letter: the first character the reader sees of the first name (or username), a
 * whole one: 🚗 is two UTF-16 units, 👩‍🚒 five, and `й` may be two code points.
 */
export function initialOf(user: { first_name?: string; username?: string } | null): string {
  const source = user?.first_name?.trim() || user?.username?.trim() || 'U';
  const [first] = characters.segment(source);
  return (first?.segment ?? source).toUpperCase();
}
