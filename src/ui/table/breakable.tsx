import { Fragment } from 'react';

/**
 * The longest run of characters kept whole: a longer part (an address's 60 letters before its
 * `@`) also breaks after each such run, or its width alone would widen the table's column past
 * the page and push the row's buttons off its edge.
 */
export const LONGEST_WHOLE_PART = 16;

/**
 * `text` with a line-break opportunity after each of the characters in `after` (a setting key's
 * `_`, an e-mail's `@` and `.`): a long one wraps between its parts rather than inside one.
 */
export function breakableAfter(text: string, after: string) {
  const parts: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    if (after.includes(text.charAt(at)) || at + 1 - start === LONGEST_WHOLE_PART) {
      parts.push(text.slice(start, at + 1));
      start = at + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}
