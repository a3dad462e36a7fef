/**
 * The icons of the pages, as the `d` of one 24 by 24 stroked path each (drawn by Icon): the
 * pages' chunks share them; those of the frame every page shows are in ./frame-paths, with the
 * entry script.
 */
import type { IconPath } from './Icon';

export const target =
  'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 11a1 1 0 1 0 0 2 1 1 0 0 0 0-2z' as IconPath;
export const book = 'M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zM4 5v16M19 19v2H6' as IconPath;
export const mail = 'M3 6h18v12H3zM3 7l9 6 9-6' as IconPath;
export const help =
  'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01' as IconPath;
export const lock = 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11' as IconPath;
export const ban = 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8' as IconPath;
export const sliders =
  'M4 6h10M18 6h2M4 12h4M12 12h8M4 18h12M20 18h0M16 4v4M10 10v4M18 16v4' as IconPath;
export const shield = 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z M9 12l2 2 4-4' as IconPath;
export const gift =
  'M4 10h16v11H4zM3 7h18v3H3zM12 7v14M12 7c-1.5-3-5-3-5-1s3 1 5 1zM12 7c1.5-3 5-3 5-1s-3 1-5 1z' as IconPath;
export const cap = 'M2 9l10-5 10 5-10 5zM6 11v5c3 2 9 2 12 0v-5M22 9v6' as IconPath;
export const handshake =
  'M3 12l4-4 5 2 5-2 4 4M7 8l-2 8 4 3 3-2 3 2 4-3-2-8M12 10l-3 3a1.5 1.5 0 0 0 2 2l2-2' as IconPath;
export const scale =
  'M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0zM19 7l-3 7a3 3 0 0 0 6 0z' as IconPath;
export const phone =
  'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2' as IconPath;
export const bank = 'M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18' as IconPath;
export const card = 'M2 6h20v12H2zM2 10h20M6 15h4' as IconPath;
export const sprout =
  'M12 21v-9M12 12c0-4 3-7 8-7 0 4-3 7-8 7zM12 14c0-3-2.5-5.5-7-5.5 0 3 2.5 5.5 7 5.5z' as IconPath;
export const medal =
  'M8 2l4 7 4-7M12 9a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13zM12 12.5l1.2 2.3 2.5.4-1.8 1.8.4 2.5-2.3-1.2-2.3 1.2.4-2.5-1.8-1.8 2.5-.4z' as IconPath;
export const star =
  'M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2-5.5-2.9-5.5 2.9 1-6.2L3 9.6l6.2-.9z' as IconPath;
export { close } from './frame-paths';
export { chart, check, pencil, timer } from './landing-paths';
/** Reading a question aloud (issue 42): a loudspeaker, and the square that stops it. */
export const speaker =
  'M4 9h4l5-4v14l-5-4H4zM16.5 9a4 4 0 0 1 0 6M19 6.5a7.5 7.5 0 0 1 0 11' as IconPath;
export const stop = 'M7 7h10v10H7z' as IconPath;
/** The exam language beside a translation: a character and a letter. */
export const languages =
  'M3 5h9M7.5 3v2M5 5c.8 3.5 3.2 6 6 7M10 5c-.8 3.5-3.2 6-6 7M13 21l4-9 4 9M14.3 18h5.4' as IconPath;
