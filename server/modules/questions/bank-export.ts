import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { csvFile } from '../../http/csv-cells';
import { storedQuestionIds } from './questions.model';
import { QUESTION_CSV_COLUMNS, TICKET_COLUMN, TOPICS_COLUMN } from './questions.csv';
import {
  CONTENT_LANGUAGES,
  TRANSLATED_FIELDS,
  translationColumn,
} from '../../../domain/question-languages';
import { readTranslations } from './question-translations';
import { storedTopicTranslations } from '../../../domain/topic-names';
import { formatTopicsCsv } from '../topics/topics.csv';

/** The package's files, as the import looks for them. */
export const PACKAGE_FILES = {
  questions: 'questions.csv',
  topics: 'topics.csv',
  photosFolder: 'photos/',
} as const;

// Photos read per query: about 1 MB of a typical bank, a few milliseconds.
const PHOTOS_PER_READ = 20;
// The CSV is compressed in pieces of this size, each a millisecond or two.
const CSV_PIECE = 256 * 1024;

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A course's bank as a package (issue 38): questions.csv (with `photo`, `photo_alt`, `topics`,
 * `ticket` when the course has tickets, and the `…@xx` columns of every language a question is
 * translated into: a ticket's questions come back in the file's order), every photo its
 * questions name under photos/, and topics.csv naming its questions by row. Built piece by piece with turns of the event loop between them, so a large bank
 * keeps the server answering. Imported into an empty course, it gives the same bank.
 */
export async function exportBankPackage(db: Kysely<Database>, courseId: number): Promise<Buffer> {
  const questions = await db
    .selectFrom('questions')
    .select(['id', ...QUESTION_CSV_COLUMNS])
    .where('course_id', '=', courseId)
    .orderBy('id')
    .execute();
  const topics = await db
    .selectFrom('topics')
    .select(['name', 'question_ids', 'translations'])
    .where('course_id', '=', courseId)
    .orderBy('id')
    .execute();

  const tickets = await db
    .selectFrom('tickets')
    .select(['ticket_number', 'question_ids'])
    .where('course_id', '=', courseId)
    .orderBy('ticket_number')
    .execute();
  const ticketsOf = new Map<number, number[]>();
  for (const ticket of tickets) {
    for (const id of new Set(storedQuestionIds(ticket.question_ids))) {
      ticketsOf.set(id, [...(ticketsOf.get(id) ?? []), ticket.ticket_number]);
    }
  }

  const rowOf = new Map(questions.map((question, at) => [question.id, at + 1]));
  const topicRows = topics.map((topic) => ({
    name: topic.name,
    translations: storedTopicTranslations(topic.translations),
    rows: [...new Set(storedQuestionIds(topic.question_ids))].flatMap((id) => rowOf.get(id) ?? []),
  }));
  // A name holding `|` cannot stand in the topics column; topics.csv carries it all the same.
  const namesOf = new Map<number, string[]>();
  for (const topic of topicRows) {
    if (topic.name.includes('|')) continue;
    for (const row of topic.rows) namesOf.set(row, [...(namesOf.get(row) ?? []), topic.name]);
  }
  const translations = await readTranslations(
    db,
    questions.map((question) => question.id),
  );
  // Only the languages present: a bank without translations exports as it did before them.
  const languages = CONTENT_LANGUAGES.filter((language) =>
    [...translations.values()].some((translated) => translated[language]),
  );
  const questionsCsv = csvFile([
    [
      ...QUESTION_CSV_COLUMNS,
      TOPICS_COLUMN,
      ...(tickets.length > 0 ? [TICKET_COLUMN] : []),
      ...languages.flatMap((language) =>
        TRANSLATED_FIELDS.map((field) => translationColumn(field, language)),
      ),
    ],
    ...questions.map((question, at) => [
      ...QUESTION_CSV_COLUMNS.map((column) => String(question[column] ?? '')),
      (namesOf.get(at + 1) ?? []).join('|'),
      ...(tickets.length > 0 ? [(ticketsOf.get(question.id) ?? []).join('|')] : []),
      ...languages.flatMap((language) =>
        TRANSLATED_FIELDS.map((field) => translations.get(question.id)?.[language]?.[field] ?? ''),
      ),
    ]),
  ]);
  const topicsCsv = formatTopicsCsv(
    topicRows.map((topic) => ({ ...topic, questions: topic.rows.join(',') })),
    'question_rows',
  );

  const chunks: Uint8Array[] = [];
  const outcome: { failure?: Error } = {};
  const zip = new Zip((error, chunk) => {
    if (error) outcome.failure = error;
    else chunks.push(chunk);
  });
  await addText(zip, PACKAGE_FILES.questions, questionsCsv);
  await addText(zip, PACKAGE_FILES.topics, topicsCsv);

  const photos = [...new Set(questions.flatMap((question) => question.photo ?? []))];
  for (let i = 0; i < photos.length; i += PHOTOS_PER_READ) {
    const rows = await db
      .selectFrom('images')
      .select(['name', 'data'])
      .where('name', 'in', photos.slice(i, i + PHOTOS_PER_READ))
      .execute();
    for (const row of rows) {
      // Photos are compressed already: stored as they are, byte for byte.
      const file = new ZipPassThrough(`${PACKAGE_FILES.photosFolder}${row.name}`);
      zip.add(file);
      file.push(new Uint8Array(row.data), true);
    }
    await nextTurn();
  }
  zip.end();
  if (outcome.failure) throw outcome.failure;
  return Buffer.concat(chunks);
}

async function addText(zip: Zip, name: string, content: string): Promise<void> {
  const bytes = new TextEncoder().encode(content);
  const file = new ZipDeflate(name, { level: 6 });
  zip.add(file);
  for (let at = 0; at < bytes.length || at === 0; at += CSV_PIECE) {
    const end = Math.min(bytes.length, at + CSV_PIECE);
    file.push(bytes.subarray(at, end), end >= bytes.length);
    if (end >= bytes.length) break;
    await nextTurn();
  }
}
