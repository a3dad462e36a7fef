/**
 * Where a CSV's lines are in a spreadsheet: the server names a refused row by the line of the
 * file it starts on, while Excel numbers rows, and a cell holding line breaks (a long
 * explanation) makes the two part. Read in the browser from the file the administrator chose,
 * as the server reads it: UTF-8 or UTF-16 by its byte order mark, Excel's `sep=` line (which
 * Excel shows as no row), the header's delimiter, quotes opening a cell only at its start.
 */
export function spreadsheetRows(bytes: Uint8Array): Map<number, number> {
  const text = decoded(bytes).replace(/^\uFEFF/, '');
  const lines = text.split(/\r\n|\r|\n/);
  const sepLine = /^sep=(.)\1*\s*$/i.test(lines[0] ?? '') ? 1 : 0;
  const delimiter = delimiterOf(lines[sepLine] ?? '', lines[0] ?? '', sepLine === 1);
  const rows = new Map<number, number>();
  let quoted = false;
  let row = 0;
  for (let at = sepLine; at < lines.length; at += 1) {
    const line = lines[at] as string;
    if (!quoted) rows.set(at + 1, (row += 1));
    let fieldStart = true;
    // A doubled quote inside a quoted cell closes it and opens it again at once.
    let justClosed = false;
    for (const char of line) {
      if (quoted) {
        if (char === '"') {
          quoted = false;
          justClosed = true;
        }
        continue;
      }
      if (char === '"' && (fieldStart || justClosed)) {
        quoted = true;
        fieldStart = false;
        justClosed = false;
        continue;
      }
      justClosed = false;
      fieldStart = char === delimiter;
    }
  }
  return rows;
}

function decoded(bytes: Uint8Array): string {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe
      ? 'utf-16le'
      : bytes[0] === 0xfe && bytes[1] === 0xff
        ? 'utf-16be'
        : 'utf-8';
  return new TextDecoder(encoding).decode(bytes);
}

/** The delimiter the server takes: the `sep=` line's, else the header's commonest. */
function delimiterOf(header: string, first: string, hinted: boolean): string {
  if (hinted) return first.charAt(4);
  const count = (char: string) => header.split(char).length - 1;
  if (count('\t') > Math.max(count(','), count(';'))) return '\t';
  return count(';') > count(',') ? ';' : ',';
}
