/**
 * The icons the landing page draws, which other pages use too: apart from ./paths (which
 * re-exports them) so the landing page loads these four and not every page's icons.
 */
import type { IconPath } from './Icon';

export const pencil = 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4' as IconPath;
export const timer = 'M12 8v5l3 2M9 2h6M12 5a8 8 0 1 0 0 16 8 8 0 0 0 0-16z' as IconPath;
export const chart = 'M4 20V10M10 20V4M16 20v-7M22 20H2' as IconPath;
export const check = 'M5 12.5l4.5 4.5L19 7.5' as IconPath;
