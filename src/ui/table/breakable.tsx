import { Fragment } from 'react';

/**
 * `text` with a line-break opportunity after each of the characters in `after` (a setting key's
 * `_`, an e-mail's `@` and `.`): a long one wraps between its parts rather than inside one.
 */
export function breakableAfter(text: string, after: string) {
  const parts: string[] = [];
  let start = 0;
  for (let at = 0; at < text.length; at++) {
    if (after.includes(text.charAt(at))) {
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
