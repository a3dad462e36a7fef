/**
 * `text` without the spaces and the invisible format characters (zero-width space and joiners,
 * byte order mark, direction marks) at either end: what is left is what a reader sees, so a
 * name of only such characters comes out empty, as one of only spaces does.
 */
export function trimText(text: string): string {
  return text.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, '');
}

/**
 * Longer than `max` characters as the contract counts them (code points: an emoji is one), so
 * the SPA, the server and the contract's `maxLength` agree.
 */
export const isTooLong = (text: string, max: number): boolean => [...text].length > max;

/**
 * Text as a search compares it, on the server and in the browser alike: NFKC (full-width and
 * composed forms alike), lower case in every script, and ё read as е, as Russian is mostly
 * typed and often printed (a bank's "перекрёсток" is found by "перекресток" and the other way
 * round). Each character stays one character, so positions in the folded text are the text's.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/ё/g, 'е');
}
