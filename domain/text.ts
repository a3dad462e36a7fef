/**
 * `text` without the spaces and the invisible format characters (zero-width space and joiners,
 * byte order mark, direction marks) at either end: what is left is what a reader sees, so a
 * name of only such characters comes out empty, as one of only spaces does.
 */
export function trimText(text: string): string {
  return text.replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, '');
}

/**
 * Numbers and lists typed with a Chinese, Japanese or Korean input method, or copied from a bank
 * that writes its keys so, in ASCII: NFKC folds full-width digits and punctuation (`１，３；５`
 * is `1,3;5`) and circled digits (`①,③` is `1,3`), and the ideographic comma (`1、3`) is a comma.
 */
export const halfWidth = (text: string): string => text.normalize('NFKC').replace(/\u3001/g, ',');

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
