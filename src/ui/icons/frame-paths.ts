/**
 * The icons of the frame every page shows (the header, its menu, the maintenance banner), as
 * the `d` of one 24 by 24 stroked path each (drawn by Icon). Kept apart from the pages' icons
 * (./paths), which would otherwise come with the entry script too: a module shared by the entry
 * and a page is bundled whole into the entry.
 */
import type { IconPath } from './Icon';

export const car =
  'M5 17h14M6.5 17v2M17.5 17v2M4 13l2-5.5A2 2 0 0 1 7.9 6h8.2a2 2 0 0 1 1.9 1.5L20 13M4 13h16v4H4zM7.5 15h.01M16.5 15h.01' as IconPath;
export const sun =
  'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4' as IconPath;
export const moon = 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z' as IconPath;
export const menu = 'M4 6h16M4 12h16M4 18h16' as IconPath;
export const close = 'M6 6l12 12M18 6L6 18' as IconPath;
export const warning = 'M12 3.5L22 20.5H2zM12 10v4.5M12 17.5h.01' as IconPath;
