import { CsvError, parse } from 'csv-parse/sync';
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  isBlankTranslation,
  readTranslation,
  readTranslationColumn,
  TRANSLATED_FIELDS,
  translationColumn,
  type TranslationDraft,
  type TranslationProblem,
} from '../../../domain/question-languages';
import { unescapeFormula } from '../../http/csv-cells';
import { trimText } from '../../http/text-characters';
import { unstorableInFile, uploadedText } from '../../http/uploads';
import {
  checkQuestion,
  photoNameOf,
  pointsOfText,
  QUESTION_FIELDS,
  QUESTION_LIMITS,
  type QuestionFields,
} from './questions.validation';
import { text, type Text } from '../../i18n/text';
import { translationProblemText, type Translations } from './question-translations';

/** A CSV row holds a question's stored fields, in their order. */
export const QUESTION_CSV_COLUMNS = QUESTION_FIELDS;

interface ParsedRecord {
  record: string[];
  info: { lines: number };
  raw: string;
}

/** The optional column naming each question's topics, separated by `|`. */
export const TOPICS_COLUMN = 'topics';
/** The optional column numbering the official tickets each question is in, separated by `|`. */
export const TICKET_COLUMN = 'ticket';
/** The highest ticket number a file may give, as many as tickets may be generated. */
export const MAX_TICKET_NUMBER = 200;
const KNOWN_COLUMNS: readonly string[] = [...QUESTION_CSV_COLUMNS, TOPICS_COLUMN, TICKET_COLUMN];

/**
 * The translation columns a course takes, as a refusal of unknown columns lists them, in no
 * language's words (the refusal is worded in the reader's): each field with the languages
 * allowed, `question_text@en/zh/ko`, the course's own (which its questions' own fields hold) left
 * out. Without a course, all four.
 */
export function translationColumnsExpected(courseLanguage: ContentLanguage | undefined): string {
  const others = CONTENT_LANGUAGES.filter((language) => language !== courseLanguage);
  return TRANSLATED_FIELDS.map((field) => `${field}@${others.join('/')}`).join(', ');
}

type Column = (typeof QUESTION_CSV_COLUMNS)[number] | typeof TOPICS_COLUMN | typeof TICKET_COLUMN;

const REQUIRED_COLUMNS: readonly Column[] = [
  'question_text',
  'answer_1',
  'answer_2',
  'right_answers',
];

/** A problem with one line of the file; the header is line 1. */
export interface CsvLineError {
  line: number;
  /** A string only for the CSV parser's own message, which stays in English. */
  reason: Text | string;
}

export interface CsvQuestionRow {
  /** The line of the file where the record starts. */
  line: number;
  question: QuestionFields;
  /** The topics the `topics` column names (trimmed, each once, in order); empty without one. */
  topics: string[];
  /** The tickets the `ticket` column numbers (each once, in order); empty without one. */
  tickets: number[];
  /** Its translations, from the `…@xx` columns (a language whose cells are all blank: none). */
  translations: Translations;
}

export type QuestionsCsv =
  | {
      ok: true;
      rows: CsvQuestionRow[];
    }
  | {
      ok: false;
      detail: Text;
      errors: CsvLineError[];
      /** Beside bad rows, the good ones: the caller checks their photos too, in the same pass. */
      rows?: CsvQuestionRow[];
    };

/**
 * A CSV file's header (names trimmed, lower case; columns with no name left out) and data rows
 * with the line each starts on, their cells those of the named columns.
 */
export type CsvRecords =
  | {
      ok: true;
      header: string[];
      /** The line of the file the header is on: 1, or 2 after a `sep=` line. */
      headerLine: number;
      rows: { line: number; cells: string[] }[];
      /** Rows whose cells are not as many as the header's, or that fill a column with no name. */
      errors: CsvLineError[];
    }
  | { ok: false; detail: Text; errors: CsvLineError[] };

/**
 * Reads a CSV file as spreadsheets save it: UTF-8 with or without a BOM (or UTF-16 with its
 * BOM, as Excel's "Unicode Text" is), RFC 4180 quoting (quoted cells may hold delimiters,
 * doubled quotes and line breaks), `,`, `;` or a tab as delimiter,
 * or the one Excel's first line `sep=;` names (that line is no header, and still counted).
 * Rows of blank cells are skipped; a row whose cells are not as many as the header's is refused
 * at its line (`errors`, beside the good rows); a cell the export escaped against spreadsheet
 * formulas reads back as its own text. A header cell left empty (Excel writes `…;topics;;` when
 * cells beside the table were once used) drops its column, which rows may leave out at the end
 * and must leave empty: a row with a value there is refused, naming the column's number.
 */
export function readCsvRecords(data: Buffer): CsvRecords {
  const decoded = uploadedText(data);
  if (!decoded.ok && decoded.problem === 'not-utf8') {
    return refused(text('notUtf8SaveAs'), []);
  }
  if (!decoded.ok) {
    const refusal = unstorableInFile(decoded.character);
    return refused(refusal.detail, [{ line: decoded.line, reason: refusal.reason }]);
  }
  // One kind of line break, inside quoted cells too, so line numbers and stored texts agree.
  let source = decoded.text.replace(/\r\n?/g, '\n');
  const hinted = separatorHint(source);
  if (hinted !== undefined) {
    // The `sep=` line is emptied rather than cut, so the lines after it keep their numbers.
    const end = source.indexOf('\n');
    source = end < 0 ? '' : source.slice(end);
  }
  if (source.trim() === '') return refused(text('fileEmpty'), []);

  let records: ParsedRecord[];
  try {
    records = parse(source, {
      delimiter: hinted ?? detectDelimiter(source),
      record_delimiter: '\n',
      info: true,
      raw: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell (12" wheel) is unambiguous; take it as source.
      relax_quotes: true,
      skip_empty_lines: true,
      // The typings do not follow `info` and `raw`, which wrap each record.
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const fault = csvFault(error);
    if (fault) return refused(text('notCsv'), [fault]);
    throw error;
  }

  const [header, ...body] = records;
  if (!header) return refused(text('fileEmpty'), []);
  const cells = header.record.map((cell) => cell.trim().toLowerCase());
  const named = cells.flatMap((name, at) => (name === '' ? [] : [at]));
  // A row may stop after the last named column; without columns of no name, that is the header's.
  const fewest = (named.at(-1) ?? -1) + 1;
  const rows: { line: number; cells: string[] }[] = [];
  const errors: CsvLineError[] = [];
  for (const { record, info, raw } of body) {
    // Spreadsheets save formatted but empty rows as a line of bare delimiters.
    if (record.every((cell) => cell.trim() === '')) continue;
    const line = firstLineOf(info.lines, raw);
    if (record.length > cells.length || record.length < fewest) {
      errors.push({
        line,
        reason: text('rowCellCount', { found: record.length, expected: cells.length }),
      });
      continue;
    }
    const unnamed = record.findIndex((cell, at) => cells[at] === '' && cell.trim() !== '');
    if (unnamed >= 0) {
      errors.push({
        line,
        reason: text('cellUnderEmptyHeader', {
          column: unnamed + 1,
          value: excerpt(record[unnamed] ?? ''),
        }),
      });
      continue;
    }
    rows.push({ line, cells: named.map((at) => unescapeFormula(record[at] ?? '')) });
  }
  return {
    ok: true,
    header: named.map((at) => cells[at] as string),
    headerLine: firstLineOf(header.info.lines, header.raw),
    rows,
    errors,
  };
}

/** A cell as an error message quotes it: trimmed, and cut short past 40 characters. */
function excerpt(cell: string): string {
  const characters = [...cell.trim()];
  return characters.length > 40 ? `${characters.slice(0, 39).join('')}…` : characters.join('');
}

/**
 * Reads a questions CSV (see readCsvRecords for the file's shape), columns in any order and
 * case, translations in `…@xx` columns. Every row is checked; the result lists every bad line,
 * so the caller can refuse the whole file. Photo names are checked against the store by the
 * caller. Translation columns of `courseLanguage`, the course's own, are refused at the header's
 * line beside the rows' faults (without one, any language is read). A file of a header alone is
 * refused unless `headerAlone` allows it: a bank package whose topics file brings what it holds
 * (the export of a course whose questions were all deleted).
 */
export function readQuestionsCsv(
  data: Buffer,
  {
    headerAlone = false,
    courseLanguage,
  }: { headerAlone?: boolean; courseLanguage?: ContentLanguage } = {},
): QuestionsCsv {
  const read = readCsvRecords(data);
  if (!read.ok) return read;
  const { headerLine } = read;
  const columns = readHeader(read.header, courseLanguage);
  if (!columns.ok) return refused(columns.detail, [{ line: headerLine, reason: columns.detail }]);

  const rows: CsvQuestionRow[] = [];
  const errors: CsvLineError[] = [...read.errors];
  // The course's questions are written in its language: their own fields hold it.
  if (courseLanguage !== undefined && columns.languages.includes(courseLanguage)) {
    errors.push({
      line: headerLine,
      reason: text('translationInCourseLanguage', { language: courseLanguage }),
    });
  }
  for (const { line, cells: record } of read.rows) {
    const cells = new Map(read.header.map((name, index) => [name, record[index] as string]));
    const sixth = columns.beyond.find((name) => trimText(cells.get(name) ?? '') !== '');
    if (sixth !== undefined) {
      errors.push({ line, reason: text('tooManyAnswerColumns', { column: sixth }) });
      continue;
    }
    const pointsText = cells.get('points')?.trim() ?? '';
    const points = pointsText === '' ? undefined : pointsOfText(pointsText);
    if (Number.isNaN(points)) {
      errors.push({
        line,
        reason: text('pointsNotWhole', { value: pointsText, max: QUESTION_LIMITS.points }),
      });
      continue;
    }
    const tickets = ticketNumbers(cells.get(TICKET_COLUMN));
    if (!tickets.ok) {
      errors.push({
        line,
        reason: text('ticketNumberInvalid', { value: tickets.value, max: MAX_TICKET_NUMBER }),
      });
      continue;
    }
    const checked = checkQuestion({
      question_text: cells.get('question_text') ?? '',
      answer_1: cells.get('answer_1') ?? '',
      answer_2: cells.get('answer_2') ?? '',
      answer_3: cells.get('answer_3'),
      answer_4: cells.get('answer_4'),
      answer_5: cells.get('answer_5'),
      right_answers: cells.get('right_answers') ?? '',
      points,
      photo: photoOfCell(cells.get('photo')),
      photo_alt: cells.get('photo_alt'),
      explanation: cells.get('explanation'),
    });
    if (!checked.ok) {
      errors.push({ line, reason: checked.reason });
      continue;
    }
    const translations = readRowTranslations(cells, columns.languages, checked.question);
    if (!translations.ok) {
      errors.push({ line, reason: translationProblemText(translations.problem) });
      continue;
    }
    rows.push({
      line,
      question: checked.question,
      topics: topicNames(cells.get(TOPICS_COLUMN)),
      tickets: tickets.numbers,
      translations: translations.translations,
    });
  }

  if (errors.length > 0) return { ...refusedRows(errors), rows };
  if (rows.length === 0 && !headerAlone) return refused(text('noQuestionsInFile'), []);
  return { ok: true, rows };
}

/** The 422 answer for a file with bad rows. */
export function refusedRows(errors: CsvLineError[]): QuestionsCsv & { ok: false } {
  const sorted = [...errors].sort((a, b) => a.line - b.line);
  const count = sorted.length;
  return refused(text('badRows', { count }), sorted);
}

function refused(detail: Text, errors: CsvLineError[]): QuestionsCsv & { ok: false } {
  return { ok: false, detail, errors };
}

/**
 * Where and why csv-parse gave up on a file, worded for the reader rather than in the parser's
 * English; undefined for an error that is not the parser's.
 */
export function csvFault(error: unknown): { line: number; reason: Text } | undefined {
  if (!(error instanceof CsvError)) return undefined;
  const line = (error as CsvError & { lines?: unknown }).lines;
  return {
    line: typeof line === 'number' ? line : 1,
    reason: text(error.code === 'CSV_QUOTE_NOT_CLOSED' ? 'csvQuoteNotClosed' : 'malformedCsv'),
  };
}

/**
 * The delimiter Excel's first line `sep=;` names (`sep=,`, `sep=` and a tab...), undefined
 * when the file starts otherwise. The delimiter may repeat after it, as a spreadsheet that took
 * the line for a row of cells saves it again (`sep=;;;`).
 */
export function separatorHint(text: string): string | undefined {
  const firstLine = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/, 1)[0] ?? '';
  const hint = /^sep=([^\sA-Za-z0-9"]|\t)\1*[ \t]*$/i.exec(firstLine);
  return hint?.[1];
}

/**
 * A tab when the header line has more tabs than commas and semicolons; `;` when it has more
 * semicolons than commas (as spreadsheets in many locales save); else `,`.
 */
export function detectDelimiter(text: string): ',' | ';' | '\t' {
  const headerLine = text.split(/\r\n|\r|\n/, 1)[0] ?? '';
  const count = (char: string) => headerLine.split(char).length - 1;
  // Tab-separated: Excel's "Unicode Text" and "Text (Tab delimited)", a copy out of a sheet.
  if (count('\t') > Math.max(count(','), count(';'))) return '\t';
  return count(';') > count(',') ? ';' : ',';
}

type Header =
  | {
      ok: true;
      names: Column[];
      languages: ContentLanguage[];
      /** Columns of answers past the fifth (`answer_6`), which a row may only leave empty. */
      beyond: string[];
    }
  | { ok: false; detail: Text };

const BEYOND_FIVE_ANSWERS = /^answer_([6-9]|\d{2,})$/;

/**
 * A row's translations: for each of `languages` whose cells are not all blank, the translation
 * they make, checked against the row's question (the first problem when one does not fit).
 */
export function readRowTranslations(
  cells: ReadonlyMap<string, string>,
  languages: readonly ContentLanguage[],
  question: Parameters<typeof readTranslation>[1]['question'],
): { ok: true; translations: Translations } | { ok: false; problem: TranslationProblem } {
  const translations: Translations = {};
  for (const language of languages) {
    const draft: TranslationDraft = Object.fromEntries(
      TRANSLATED_FIELDS.map((field) => [field, cells.get(translationColumn(field, language))]),
    );
    if (isBlankTranslation(draft)) continue;
    const read = readTranslation(draft, { language, question });
    if (!read.ok) return { ok: false, problem: read.problems[0] as TranslationProblem };
    translations[language] = read.translation;
  }
  return { ok: true, translations };
}

/** The languages a header's `…@xx` columns name, in the order of CONTENT_LANGUAGES. */
export function languagesOfHeader(names: readonly string[]): ContentLanguage[] {
  const named = new Set(names.flatMap((name) => readTranslationColumn(name)?.language ?? []));
  return CONTENT_LANGUAGES.filter((language) => named.has(language));
}

function readHeader(names: string[], courseLanguage: ContentLanguage | undefined): Header {
  const known = new Set<string>(KNOWN_COLUMNS);
  const unread = names.filter((name) => !known.has(name) && !readTranslationColumn(name));
  // Older banks give some questions 6 answers ("Mark three answers"): the app takes 5. Their
  // columns are read, to refuse the rows that fill them; left empty, they are no matter.
  const beyond = unread.filter((name) => BEYOND_FIVE_ANSWERS.test(name));
  const unknown = unread.filter((name) => !BEYOND_FIVE_ANSWERS.test(name));
  if (unknown.length > 0) {
    return {
      ok: false,
      detail: text('unknownColumns', {
        count: unknown.length,
        columns: unknown.map((name) => `"${name}"`).join(', '),
        expected: `${KNOWN_COLUMNS.join(', ')}, ${translationColumnsExpected(courseLanguage)}`,
      }),
    };
  }
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  if (repeated.length > 0)
    return { ok: false, detail: text('repeatedColumn', { column: repeated[0] ?? '' }) };
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0) {
    return {
      ok: false,
      detail: text('missingColumns', { count: missing.length, columns: missing.join(', ') }),
    };
  }
  return { ok: true, names: names as Column[], languages: languagesOfHeader(names), beyond };
}

/**
 * csv-parse reports the line where a record ends; its raw text (which also carries the breaks
 * of skipped blank lines before it) tells how many lines the record spans.
 */
function firstLineOf(endLine: number, raw: string): number {
  const own = raw.replace(/^\n+/, '').replace(/\n$/, '');
  return endLine - (own.split('\n').length - 1);
}

/** The names a `topics` cell lists: split at `|`, trimmed, blanks dropped, each name once. */
function topicNames(cell: string | undefined): string[] {
  const names = new Map<string, string>();
  for (const part of (cell ?? '').split('|')) {
    const name = trimText(part);
    if (name !== '' && !names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/**
 * The ticket numbers a `ticket` cell lists: split at `|`, blanks dropped, each once; a part that
 * is not a whole number from 1 to MAX_TICKET_NUMBER is named as the fault.
 */
function ticketNumbers(
  cell: string | undefined,
): { ok: true; numbers: number[] } | { ok: false; value: string } {
  const numbers = new Set<number>();
  for (const part of (cell ?? '').split('|')) {
    const value = trimText(part);
    if (value === '') continue;
    const number = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
    if (!(number >= 1 && number <= MAX_TICKET_NUMBER)) return { ok: false, value };
    numbers.add(number);
  }
  return { ok: true, numbers: [...numbers] };
}

/**
 * The photo a `photo` cell names: banks made beside a folder of pictures write its path
 * (`images/1_1.jpg`, `.\img\1_1.jpg`), and a package's photos are found by their names in any
 * folder, so the name after the last slash or backslash is the photo's (composed, as stored).
 */
function photoOfCell(cell: string | undefined): string | undefined {
  if (cell === undefined) return undefined;
  const name = cell.trim().split(/[\\/]/).pop() ?? '';
  return name === '' ? cell : photoNameOf(name);
}
