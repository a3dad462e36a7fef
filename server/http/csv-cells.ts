/**
 * How the CSV files the server writes and reads (questions, topics, bank packages) keep a
 * spreadsheet from running a cell as a formula, and read such a cell back as the original text.
 * One rule for every CSV, so a file exported by one import reads back the same in another.
 */

// A spreadsheet runs a cell starting with one of these as a formula (tab and CR too, which
// some programs skip before looking for `=`).
const FORMULA = /^[=+\-@\t\r]/;
// A text that itself starts with the escape quote before one of those (or before another
// quote) is escaped too, so the quote read back off it is the escape's and never the text's.
const QUOTED_FORMULA = /^'[=+\-@\t\r']/;

/** Whether a spreadsheet could run `value` as a formula, or unescaping could misread it. */
function needsEscape(value: string): boolean {
  return FORMULA.test(value) || QUOTED_FORMULA.test(value);
}

/** `value` as a spreadsheet shows it as text: one leading quote before a formula-looking text. */
export function escapeFormula(value: string): string {
  return needsEscape(value) ? `'${value}` : value;
}

/** Undoes escapeFormula exactly: one leading quote goes, and only where escapeFormula put it. */
export function unescapeFormula(value: string): string {
  return value.startsWith("'") && needsEscape(value.slice(1)) ? value.slice(1) : value;
}

/** One cell as written: formula-escaped, then quoted (RFC 4180) when it holds `,` `"` or a break. */
export function csvCell(value: string): string {
  const safe = escapeFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * A whole file as a spreadsheet opens it safely: a BOM (so it is read as UTF-8 rather than a
 * local code page), CRLF line ends, every cell through csvCell.
 */
export function csvFile(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((cells) => cells.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
