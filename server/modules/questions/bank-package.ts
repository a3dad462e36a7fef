import { unzipSync } from 'fflate';
import { etagOf } from '../../http/entity-tags';
import { HttpError } from '../../http/errors';
import { text, type Text } from '../../i18n/text';
import { parseTopicsCsv, type TopicsNamedBy } from '../topics/topics.csv';
import { MAX_TOPIC_NAME_LENGTH } from '../topics/topics.model';
import { searchTextOf } from './question-search';
import { type CsvLineError, readQuestionsCsv, separatorHint } from './questions.csv';
import { detectImageKind, imageSizeOf, MAX_IMAGE_BYTES } from './questions.images';
import { photoNameOf, type QuestionFields } from './questions.validation';
import type { Translations } from './question-translations';
import type { ContentLanguage } from '../../../domain/question-languages';
import type { TopicTranslations } from '../../../domain/topic-names';

/**
 * Reading a bank package (issue 38): a zip, or the files sent side by side (a questions CSV,
 * its photos, a topics CSV), checked whole without the database. What only the database can
 * tell (photos already on the server, question ids, topics of the course) the caller checks.
 * Pure and synchronous: it runs in a worker thread for a large package (bank-package.worker.ts).
 */

/** One file of the upload or of the zip: its path and bytes. */
export interface PackageEntry {
  path: string;
  data: Uint8Array;
  /** The path as other code pages read it, for a zip's name not marked UTF-8 (`entryPaths`). */
  otherPaths?: string[];
}

/** A refused line; `file` names the topics CSV for its lines (none: the questions CSV). */
export interface PackageLineError extends CsvLineError {
  file?: string;
}

export interface PackagePhoto {
  name: string;
  contentType: string;
  etag: string;
  data: Uint8Array;
}

export interface PackageQuestion {
  line: number;
  question: QuestionFields;
  searchText: string;
  /** Topic names from the `topics` column. */
  topics: string[];
  /** Official ticket numbers from the `ticket` column. */
  tickets: number[];
  /** Its translations, from the `…@xx` columns. */
  translations: Translations;
}

export interface PackageTopics {
  file: string;
  namedBy: TopicsNamedBy;
  /** For `question_rows`, indexes into `questions` (0-based); for `question_ids`, ids. */
  rows: { line: number; name: string; refs: number[]; translations: TopicTranslations }[];
  /** The languages of its `name@…` columns (see namesAfterFile). */
  languages: ContentLanguage[];
}

export interface ReadPackage {
  /** A refusal of the whole upload (no questions CSV, not a zip...): nothing else is said. */
  refusal?: { detail: Text; errors: PackageLineError[] };
  errors: PackageLineError[];
  questions: PackageQuestion[];
  /** The package's photos that its questions name, each once. */
  photos: PackagePhoto[];
  /** Photos the questions name that the package lacks: the server may hold them. */
  elsewhere: { name: string; lines: number[] }[];
  topics?: PackageTopics;
  /** What the upload was, for the audit log: `bank.zip`, or the questions CSV's name. */
  source: string;
  /** Whether it came as more than a lone CSV (a zip, or a CSV with photos). */
  isPackage: boolean;
}

/** The most a zip may unpack to: 200 MB of photos and CSV with room to spare. */
export const MAX_UNPACKED_BYTES = 512 * 1024 * 1024;

const PHOTO_EXTENSION = /\.(png|jpe?g|gif|webp)$/i;

/** Whether a file of this name is read as a photo (by its extension): SVG, say, is not. */
export const isPhotoFileName = (name: string): boolean => PHOTO_EXTENSION.test(name);
const CSV_EXTENSION = /\.(csv|tsv)$/i;

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? path;
const isZip = (data: Uint8Array) =>
  data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && (data[2] === 3 || data[2] === 5);
/** Files a zip program adds beside the real ones (macOS forks, hidden files, folders). */
const isNoise = (path: string) =>
  path.endsWith('/') || /(^|\/)__MACOSX\//.test(path) || baseName(path).startsWith('.');

function refused(detail: Text, source: string, errors: PackageLineError[] = []): ReadPackage {
  return {
    refusal: { detail, errors },
    errors: [],
    questions: [],
    photos: [],
    elsewhere: [],
    source,
    isPackage: false,
  };
}

/**
 * Reads an upload for a course written in `courseLanguage` (which its questions CSV may not
 * carry as a translation): one CSV, one zip, or a CSV with its photos (and a topics CSV).
 */
export function readBankPackage(
  upload: readonly PackageEntry[],
  courseLanguage: ContentLanguage,
): ReadPackage {
  const first = upload[0];
  if (!first) return refused(text('noFileUploaded'), '');
  let entries: PackageEntry[] = [...upload];
  let isPackage = upload.length > 1;
  const source = upload.length === 1 ? first.path : '';
  if (upload.some((entry) => isZip(entry.data) || /\.zip$/i.test(entry.path))) {
    if (upload.length > 1) return refused(text('packageNotAlone'), source);
    const unpacked = unzip(first.data);
    if (!unpacked) return refused(text('notZip'), source);
    if (unpacked === 'too large') {
      return refused(
        text('packageTooLarge', { megabytes: MAX_UNPACKED_BYTES / (1024 * 1024) }),
        source,
      );
    }
    entries = unpacked;
    isPackage = true;
  }
  entries = entries.filter((entry) => !isNoise(entry.path));

  const csvs = entries.filter((entry) => CSV_EXTENSION.test(entry.path));
  const questionFiles = csvs.filter((entry) => csvKind(entry.data) === 'questions');
  const topicFiles = csvs.filter((entry) => csvKind(entry.data) === 'topics');
  const unknown = csvs.filter((entry) => csvKind(entry.data) === undefined);
  const [questionsFile] = questionFiles;
  // A lone CSV keeps the questions import's own words for a bad header.
  if (upload.length === 1 && !isPackage && first) {
    return readEntries(first, [], [], source, courseLanguage);
  }
  if (unknown.length > 0 && (questionFiles.length > 0 || unknown.length > 1)) {
    return refused(
      text('unknownCsv', { files: unknown.map((entry) => entry.path).join(', ') }),
      source,
    );
  }
  if (questionFiles.length > 1) {
    return refused(
      text('manyQuestionsCsv', { files: questionFiles.map((entry) => entry.path).join(', ') }),
      source,
    );
  }
  if (topicFiles.length > 1) {
    return refused(
      text('manyTopicsCsv', { files: topicFiles.map((entry) => entry.path).join(', ') }),
      source,
    );
  }
  // One CSV of unknown shape among photos is the questions CSV with a bad header: say so.
  const questions = questionsFile ?? unknown[0];
  if (!questions) return refused(text('noQuestionsCsv'), source);
  const photos = entries.filter((entry) => PHOTO_EXTENSION.test(entry.path));
  const read = readEntries(questions, photos, topicFiles, source || questions.path, courseLanguage);
  return { ...read, isPackage };
}

type CsvKind = 'questions' | 'topics' | undefined;

/** What a CSV holds, told by the names in its header line. */
function csvKind(data: Uint8Array): CsvKind {
  const head = Buffer.from(data.subarray(0, 64 * 1024))
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  // The header is the first line, or the second after Excel's `sep=;`.
  const [first = '', second = ''] = head.split(/\r\n|\r|\n/, 2);
  const header = separatorHint(first) === undefined ? first : second;
  const cells = header
    .split(/[,;\t|]/)
    .map((cell) => cell.trim().replace(/^"|"$/g, '').trim().toLowerCase());
  if (cells.includes('question_text')) return 'questions';
  if (cells.includes('name') && (cells.includes('question_ids') || cells.includes('question_rows')))
    return 'topics';
  return undefined;
}

/** The zip's files, or undefined when it is no zip, or 'too large' past MAX_UNPACKED_BYTES. */
function unzip(data: Uint8Array): PackageEntry[] | 'too large' | undefined {
  let declared = 0;
  try {
    const files = unzipSync(data, {
      // Only what an import reads is unpacked; the sizes the zip declares are added up first.
      filter: (file) => {
        if (isNoise(file.name)) return false;
        if (!CSV_EXTENSION.test(file.name) && !PHOTO_EXTENSION.test(file.name)) return false;
        declared += file.originalSize;
        if (declared > MAX_UNPACKED_BYTES) throw new RangeError('too large');
        return true;
      },
    });
    return Object.entries(files).map(([path, bytes]) => ({ ...entryPaths(path), data: bytes }));
  } catch (error) {
    if (error instanceof RangeError && error.message === 'too large') return 'too large';
    return undefined;
  }
}

/** The code pages Windows writes a zip's names in, unmarked, in Russian, Chinese and Korean. */
const WINDOWS_CODE_PAGES = ['ibm866', 'gbk', 'euc-kr'] as const;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * A zip entry's path. A name its zip does not mark as UTF-8 comes from fflate byte by byte. It
 * is UTF-8 all the same when its bytes read so (Info-ZIP and many libraries leave the mark
 * out); else it is in the code page of the Windows that wrote it, unknown here, so each of the
 * app's languages' is kept beside it and a photo is found by whichever one the CSV names.
 */
function entryPaths(read: string): Pick<PackageEntry, 'path' | 'otherPaths'> {
  // eslint-disable-next-line no-control-regex -- the bytes read one to a character
  if (!/[\x80-\xff]/.test(read) || /[^\x00-\xff]/.test(read)) return { path: read };
  const bytes = Buffer.from(read, 'latin1');
  try {
    return { path: strictUtf8.decode(bytes) };
  } catch {
    const otherPaths = WINDOWS_CODE_PAGES.map((page) => new TextDecoder(page).decode(bytes));
    return { path: read, otherPaths };
  }
}

function readEntries(
  questionsFile: PackageEntry,
  photoFiles: readonly PackageEntry[],
  topicFiles: readonly PackageEntry[],
  source: string,
  courseLanguage: ContentLanguage,
): ReadPackage {
  // With a topics file, a package may hold no questions: the topics are what it brings.
  const csv = readQuestionsCsv(Buffer.from(questionsFile.data), {
    headerAlone: topicFiles.length > 0,
    courseLanguage,
  });
  if (!csv.ok && csv.rows === undefined) return refused(csv.detail, source, csv.errors);
  const errors: PackageLineError[] = csv.ok ? [] : [...csv.errors];
  const rows = csv.rows ?? [];

  const questions: PackageQuestion[] = [];
  for (const row of rows) {
    const long = row.topics.find((name) => name.length > MAX_TOPIC_NAME_LENGTH);
    if (long !== undefined) {
      errors.push({
        line: row.line,
        reason: text('topicNameTooLong', { name: long, max: MAX_TOPIC_NAME_LENGTH }),
      });
      continue;
    }
    questions.push({
      line: row.line,
      question: row.question,
      searchText: searchTextOf(row.question, row.translations),
      topics: row.topics,
      tickets: row.tickets,
      translations: row.translations,
    });
  }

  // Photos by file name, wherever they sit; the same name twice must be the same bytes.
  const byName = new Map<string, PackageEntry[]>();
  for (const entry of photoFiles) {
    const names = new Set(
      [entry.path, ...(entry.otherPaths ?? [])].map((path) => photoNameOf(baseName(path))),
    );
    for (const name of names) byName.set(name, [...(byName.get(name) ?? []), entry]);
  }
  const linesOf = new Map<string, number[]>();
  for (const row of rows) {
    const { photo } = row.question;
    if (photo !== null) linesOf.set(photo, [...(linesOf.get(photo) ?? []), row.line]);
  }
  // A bank made on a system that ignores case may name `Sign1.JPG` for the file `sign1.jpg`:
  // a name found only so, and only once, is that file (stored under the CSV's name).
  const namesIgnoringCase = new Map<string, string[]>();
  for (const name of byName.keys()) {
    const key = name.toLowerCase();
    namesIgnoringCase.set(key, [...(namesIgnoringCase.get(key) ?? []), name]);
  }
  const filesNamed = (name: string) => {
    const exact = byName.get(name);
    if (exact) return exact;
    const alike = namesIgnoringCase.get(name.toLowerCase());
    return alike?.length === 1 ? byName.get(alike[0]!) : undefined;
  };
  const photos: PackagePhoto[] = [];
  const elsewhere: ReadPackage['elsewhere'] = [];
  for (const [name, lines] of linesOf) {
    const found = filesNamed(name);
    if (!found?.[0]) {
      elsewhere.push({ name, lines });
      continue;
    }
    const checked = checkPhoto(name, found);
    if ('reason' in checked) {
      for (const line of lines) errors.push({ line, reason: checked.reason });
    } else {
      photos.push(checked);
    }
  }

  // Each bad row of the questions CSV is said once: the rows, good and bad, a topics CSV numbers.
  const dataRows = rows.length + (csv.ok ? 0 : csv.errors.length);
  const [topicsFile] = topicFiles;
  const topics = topicsFile ? readTopics(topicsFile, dataRows, errors) : undefined;
  // Rows are named by their place among the questions: a bad one elsewhere shifts nothing,
  // but it is refused all the same, so the numbers are only ever read against a whole file.
  return {
    errors,
    questions,
    photos,
    elsewhere,
    ...(topics ? { topics } : {}),
    source,
    isPackage: false,
  };
}

function checkPhoto(name: string, found: readonly PackageEntry[]): PackagePhoto | { reason: Text } {
  const first = found[0] as PackageEntry;
  const data = Buffer.from(first.data.buffer, first.data.byteOffset, first.data.byteLength);
  const etag = etagOf(data);
  const other = found.find((entry) => etagOf(Buffer.from(entry.data)) !== etag);
  if (other) {
    return {
      reason: text('photoNamedTwice', { photo: name, paths: `${first.path}, ${other.path}` }),
    };
  }
  if (data.length > MAX_IMAGE_BYTES) {
    return {
      reason: text('photoTooLarge', { photo: name, megabytes: MAX_IMAGE_BYTES / (1024 * 1024) }),
    };
  }
  const kind = detectImageKind(data);
  if (!kind) return { reason: text('photoNotImage', { photo: name }) };
  if (!imageSizeOf(data, kind)) {
    return { reason: text('photoDamaged', { photo: name, format: kind.format }) };
  }
  return { name, contentType: kind.contentType, etag, data: first.data };
}

function readTopics(
  file: PackageEntry,
  questionCount: number,
  errors: PackageLineError[],
): PackageTopics | undefined {
  let parsed: ReturnType<typeof parseTopicsCsv>;
  try {
    // Its course's language is checked by the import, which knows the course.
    parsed = parseTopicsCsv(Buffer.from(file.data), { inPackage: true, courseLanguage: undefined });
  } catch (error) {
    // A file-level fault (not CSV, no header): said at its line, with the file's name.
    if (!(error instanceof HttpError)) throw error;
    const listed = (error.extra?.errors ?? []) as CsvLineError[];
    const lines = listed.length > 0 ? listed : [{ line: 1, reason: error.detail }];
    for (const entry of lines) errors.push({ ...entry, file: file.path });
    return undefined;
  }
  for (const problem of parsed.problems) errors.push({ ...problem, file: file.path });
  const rows: PackageTopics['rows'] = [];
  for (const row of parsed.rows) {
    const named = { line: row.line, name: row.name, translations: row.translations };
    if (parsed.namedBy === 'question_rows') {
      const beyond = row.questionIds.filter((number) => number > questionCount);
      if (beyond.length > 0) {
        errors.push({
          line: row.line,
          file: file.path,
          reason: text('questionRowsUnknown', {
            rows: beyond.join(', '),
            count: questionCount,
          }),
        });
        continue;
      }
      rows.push({ ...named, refs: row.questionIds.map((n) => n - 1) });
    } else {
      rows.push({ ...named, refs: row.questionIds });
    }
  }
  return { file: file.path, namedBy: parsed.namedBy, rows, languages: parsed.languages };
}
