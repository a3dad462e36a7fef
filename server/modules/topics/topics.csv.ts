import { type Info, parse } from 'csv-parse/sync';
import { ValidationError } from '../../http/errors';
import { unstorableInFile, uploadedText } from '../../http/uploads';
import { csvFault, detectDelimiter } from '../questions/questions.csv';
import { parseQuestionIds } from '../questions/questions.model';
import { MAX_TOPIC_NAME_LENGTH, withoutRepeats } from './topics.model';
import { trimText } from '../../http/text-characters';
import { text, type Text } from '../../i18n/text';

/** A bad line of an uploaded file; the header is line 1. */
export interface CsvProblem {
  line: number;
  /** A string only for the CSV parser's own message, which stays in English. */
  reason: Text | string;
}

export interface TopicCsvRow {
  line: number;
  name: string;
  questionIds: number[];
}

interface RecordWithInfo {
  record: string[];
  info: Info;
}

const HEADER = ['name', 'question_ids'] as const;

// A spreadsheet runs a cell starting with one of these as a formula. A run of leading single
// quotes is included so that a name which itself starts with `'=` survives the round trip.
const FORMULA_START = /^'*[=+\-@\t\r]/;

/**
 * Reads a topics file: UTF-8 (BOM allowed), RFC 4180, `,` or `;` as the header line shows.
 * File-level faults throw a ValidationError; faults of single rows come back as `problems`
 * so the caller can add its own (unknown question ids) and report them all at once.
 */
export function parseTopicsCsv(content: Buffer): { rows: TopicCsvRow[]; problems: CsvProblem[] } {
  const source = decodeUtf8(content);
  let records: RecordWithInfo[];
  try {
    // csv-parse's types ignore `info: true`, which wraps each record as {record, info}.
    records = parse(source, {
      delimiter: detectDelimiter(source),
      info: true,
      relax_column_count: true,
      // A stray quote inside an unquoted cell is taken literally rather than failing the file.
      relax_quotes: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
    }) as unknown as RecordWithInfo[];
  } catch (error) {
    throw new ValidationError(text('notCsv'), {
      errors: [csvFault(error) ?? { line: 1, reason: text('malformedCsv') }],
    });
  }

  const [headerRecord, ...dataRecords] = records;
  // Said as the questions' import says it.
  if (headerRecord === undefined) throw new ValidationError(text('fileEmpty'), { errors: [] });
  const header = headerRecord.record.map((cell) => cell.trim().toLowerCase());
  const nameColumn = header.indexOf(HEADER[0]);
  const idsColumn = header.indexOf(HEADER[1]);
  if (nameColumn < 0 || idsColumn < 0) {
    throw new ValidationError(text('noTopicsHeader'), {
      errors: [{ line: 1, reason: text('headerMustName', { columns: HEADER.join(', ') }) }],
    });
  }

  const rows: TopicCsvRow[] = [];
  const problems: CsvProblem[] = [];
  const firstLineOfName = new Map<string, number>();
  for (const { record, info } of dataRecords) {
    const line = startLine(record, info.lines);
    if (record.length !== header.length) {
      problems.push({
        line,
        reason: text('cellCount', { expected: header.length, found: record.length }),
      });
      continue;
    }
    const name = trimText(unescapeCell(record[nameColumn] ?? ''));
    const questionIds = parseQuestionIds(unescapeCell(record[idsColumn] ?? ''));
    if (name === '') {
      problems.push({ line, reason: text('nameEmpty') });
    } else if (name.length > MAX_TOPIC_NAME_LENGTH) {
      problems.push({
        line,
        reason: text('nameTooLong', { max: MAX_TOPIC_NAME_LENGTH }),
      });
    } else if (!questionIds) {
      problems.push({
        line,
        reason: text('questionIdsFormat'),
      });
    } else if (questionIds.length === 0) {
      // As the topic form: a topic without questions would offer learners nothing to train on.
      problems.push({ line, reason: text('questionIdsEmpty') });
    } else {
      const key = name.toLowerCase();
      const earlier = firstLineOfName.get(key);
      if (earlier !== undefined) {
        problems.push({ line, reason: text('nameUsedOnLine', { name, line: earlier }) });
      } else {
        firstLineOfName.set(key, line);
        rows.push({ line, name, questionIds: withoutRepeats(questionIds) });
      }
    }
  }
  return { rows, problems };
}

/** The topics as a CSV file a spreadsheet opens safely: BOM, CRLF, formula cells escaped. */
export function formatTopicsCsv(topics: readonly { name: string; question_ids: string }[]): string {
  const lines = [HEADER, ...topics.map((topic) => [topic.name, topic.question_ids])].map((cells) =>
    cells.map(formatCell).join(','),
  );
  // The BOM makes spreadsheet programs read the file as UTF-8 rather than a local code page.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function formatCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Undoes formatCell's formula escape, and only that: other leading quotes are data. */
function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

function decodeUtf8(content: Buffer): string {
  const decoded = uploadedText(content);
  if (decoded.ok) return decoded.text;
  if (decoded.problem === 'character') {
    const refusal = unstorableInFile(decoded.character);
    throw new ValidationError(refusal.detail, {
      errors: [{ line: decoded.line, reason: refusal.reason }],
    });
  }
  throw new ValidationError(text('notUtf8'), {
    errors: [{ line: 1, reason: text('saveAsUtf8') }],
  });
}

/** The line a record starts on: csv-parse reports where it ends, after any quoted line breaks. */
function startLine(record: readonly string[], endLine: number): number {
  const breaks = record.reduce((sum, cell) => sum + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
  return endLine - breaks;
}
