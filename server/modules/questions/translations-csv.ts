import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CONTENT_LANGUAGES,
  readTranslationColumn,
  TRANSLATED_FIELDS,
  translationColumn,
} from '../../../domain/question-languages';
import type { CourseRow, Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { csvFile } from '../../http/csv-cells';
import { ValidationError } from '../../http/errors';
import type { Caller, Schema } from '../../http/operations';
import { readUploadedFile } from '../../http/uploads';
import { text } from '../../i18n/text';
import { refreshSearchText } from './question-search';
import {
  languageOfCourse,
  putTranslations,
  readTranslations,
  translationProblemText,
  type TranslationRow,
} from './question-translations';
import {
  type CsvLineError,
  languagesOfHeader,
  readCsvRecords,
  readRowTranslations,
  translationColumnsExpected,
} from './questions.csv';

/**
 * The translations CSV (issue 42): a course's questions by id with their translations, for a
 * translator to fill in and an administrator to import, apart from the bank package.
 */

const ID_COLUMN = 'question_id';
// Rows of the course's questions read per statement: under SQLite's bound-parameter limit.
const CHUNK = 500;

type TranslationImportResult = Schema<'TranslationImportResult'>;

/**
 * Imports a translations CSV into a course: each row's cells of a language replace that
 * question's translation into it (all of them blank: left as it is). Checked whole first; one
 * bad line and nothing changes.
 */
export async function importTranslationsCsv(
  deps: AppDeps,
  request: FastifyRequest,
  course: CourseRow,
  caller: Caller | null,
): Promise<TranslationImportResult> {
  const { data, filename } = await readUploadedFile(request);
  const read = readCsvRecords(data);
  if (!read.ok) throw new ValidationError(read.detail, { errors: read.errors });
  const refuse = (errors: CsvLineError[]) => {
    const sorted = [...errors].sort((a, b) => a.line - b.line);
    return new ValidationError(text('badRows', { count: sorted.length }), { errors: sorted });
  };
  const header = (detail: ReturnType<typeof text>) =>
    new ValidationError(detail, { errors: [{ line: read.headerLine, reason: detail }] });

  const { header: names } = read;
  const courseLanguage = languageOfCourse(course);
  const reference = new Set<string>(TRANSLATED_FIELDS);
  const unknown = names.filter(
    (name) => name !== ID_COLUMN && !reference.has(name) && !readTranslationColumn(name),
  );
  if (unknown.length > 0) {
    throw header(
      text('unknownColumns', {
        count: unknown.length,
        columns: unknown.map((name) => `"${name}"`).join(', '),
        expected: `${ID_COLUMN}, ${translationColumnsExpected(courseLanguage)}`,
      }),
    );
  }
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined) throw header(text('repeatedColumn', { column: repeated }));
  if (!names.includes(ID_COLUMN)) {
    throw header(text('missingColumns', { count: 1, columns: ID_COLUMN }));
  }
  const languages = languagesOfHeader(names);
  if (languages.length === 0) throw header(text('noTranslationColumns'));
  if (languages.includes(courseLanguage)) {
    throw header(text('translationInCourseLanguage', { language: courseLanguage }));
  }

  const errors: CsvLineError[] = [...read.errors];
  const rows: { line: number; id: number; cells: Map<string, string> }[] = [];
  const lineOf = new Map<number, number>();
  for (const { line, cells } of read.rows) {
    const byName = new Map(names.map((name, at) => [name, cells[at] as string]));
    const idText = (byName.get(ID_COLUMN) ?? '').trim();
    const id = /^#?\d{1,10}$/.test(idText) ? Number(idText.replace('#', '')) : NaN;
    if (!Number.isSafeInteger(id) || id < 1) {
      errors.push({ line, reason: text('questionIdNotNumber', { value: idText }) });
      continue;
    }
    const earlier = lineOf.get(id);
    if (earlier !== undefined) {
      errors.push({ line, reason: text('questionIdRepeated', { id, line: earlier }) });
      continue;
    }
    lineOf.set(id, line);
    rows.push({ line, id, cells: byName });
  }

  const questions = await questionsOfCourse(
    deps.db,
    course.id,
    rows.map((row) => row.id),
  );
  const translations: TranslationRow[] = [];
  for (const row of rows) {
    const question = questions.get(row.id);
    if (!question) {
      errors.push({ line: row.line, reason: text('questionNotInCourse', { id: row.id }) });
      continue;
    }
    const found = readRowTranslations(row.cells, languages, question);
    if (!found.ok) {
      errors.push({ line: row.line, reason: translationProblemText(found.problem) });
      continue;
    }
    for (const language of CONTENT_LANGUAGES) {
      const fields = found.translations[language];
      if (fields) translations.push({ question_id: row.id, language, ...fields });
    }
  }
  if (errors.length > 0) throw refuse(errors);
  if (translations.length === 0)
    throw new ValidationError(text('noTranslationsInFile'), { errors: [] });

  const ids = [...new Set(translations.map((row) => row.question_id))];
  await deps.db.transaction().execute(async (trx) => {
    await putTranslations(trx, translations);
    await refreshSearchText(trx, ids);
    await deps.audit.record(
      caller,
      {
        action: 'question.import_translations',
        count: ids.length,
        translations: translations.length,
        filename,
        course: course.name,
      },
      trx,
    );
  });
  return {
    message: 'Translations imported successfully',
    questions: ids.length,
    translations: translations.length,
  };
}

/** Those of `ids` that are the course's questions, with what their translations must fit. */
async function questionsOfCourse(db: Kysely<Database>, courseId: number, ids: readonly number[]) {
  const found = new Map<
    number,
    {
      answer_1: string;
      answer_2: string;
      answer_3: string | null;
      answer_4: string | null;
      answer_5: string | null;
      photo: string | null;
    }
  >();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .selectFrom('questions')
      .select(['id', 'answer_1', 'answer_2', 'answer_3', 'answer_4', 'answer_5', 'photo'])
      .where('course_id', '=', courseId)
      .where('id', 'in', ids.slice(i, i + CHUNK))
      .execute();
    for (const { id, ...question } of rows) found.set(id, question);
  }
  return found;
}

/**
 * A course's questions by id, each in its own language (to read, never imported back) and then
 * in every other language, filled where translated and blank where still to be written.
 */
export async function exportTranslationsCsv(
  db: Kysely<Database>,
  course: CourseRow,
): Promise<string> {
  const own = languageOfCourse(course);
  const others = CONTENT_LANGUAGES.filter((language) => language !== own);
  const questions = await db
    .selectFrom('questions')
    .select(['id', ...TRANSLATED_FIELDS])
    .where('course_id', '=', course.id)
    .orderBy('id')
    .execute();
  const translations = await readTranslations(
    db,
    questions.map((question) => question.id),
  );
  return csvFile([
    [
      ID_COLUMN,
      ...TRANSLATED_FIELDS,
      ...others.flatMap((language) =>
        TRANSLATED_FIELDS.map((field) => translationColumn(field, language)),
      ),
    ],
    ...questions.map((question) => {
      const translated = translations.get(question.id);
      return [
        String(question.id),
        ...TRANSLATED_FIELDS.map((field) => question[field] ?? ''),
        ...others.flatMap((language) =>
          TRANSLATED_FIELDS.map((field) => translated?.[language]?.[field] ?? ''),
        ),
      ];
    }),
  ]);
}
