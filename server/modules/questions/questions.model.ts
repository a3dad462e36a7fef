import { type Kysely, sql } from 'kysely';
import { parseQuestionIds } from '../../../domain/question-ids';
import type { Database, QuestionRecord } from '../../db/schema';
import { QUESTION_CSV_COLUMNS } from './questions.csv';
import { photoUrlOf } from './questions.images';
import type { Schema } from '../../http/operations';
import { text, type Text } from '../../i18n/text';

export type Question = Schema<'Question'>;

/** The API view of a stored question. */
/** The columns of a `QuestionRecord`, for selects that need no search index. */
export const QUESTION_RECORD_COLUMNS = [
  'id',
  ...QUESTION_CSV_COLUMNS,
  'created_at',
] as const satisfies readonly (keyof QuestionRecord)[];

/**
 * The entity tag of a question's photo, selected beside its columns: its URL carries it, so a
 * replaced photo is fetched again at once (see photoUrlOf). Null without a photo.
 */
export const PHOTO_ETAG = sql<
  string | null
>`(select etag from images where images.name = ${sql.ref('questions.photo')})`.as('photo_etag');

/** A stored question, with its photo's entity tag when the query selected PHOTO_ETAG. */
export type QuestionRecordWithPhoto = QuestionRecord & { photo_etag?: string | null };

export function toQuestion(row: QuestionRecordWithPhoto): Question {
  const question: Question = {
    id: row.id,
    question_text: row.question_text,
    answer_1: row.answer_1,
    answer_2: row.answer_2,
    answer_3: row.answer_3,
    answer_4: row.answer_4,
    answer_5: row.answer_5,
    right_answers: row.right_answers,
    points: row.points,
    photo: row.photo,
    photo_alt: row.photo_alt,
    explanation: row.explanation,
  };
  // Only with a photo, so a question without one reads as it did before photos had versions.
  if (row.photo !== null) question.photo_url = photoUrlOf(row.photo, row.photo_etag);
  return question;
}

/**
 * How many answers a question offers, computed by the database: answers are filled in order,
 * so answers 1 to this number. Blank text counts as empty, as the learner's screen leaves it out.
 */
export const answerCount = sql<number>`case
  when coalesce(trim(${sql.ref('questions.answer_3')}), '') = '' then 2
  when coalesce(trim(${sql.ref('questions.answer_4')}), '') = '' then 3
  when coalesce(trim(${sql.ref('questions.answer_5')}), '') = '' then 4
  else 5 end`;

/**
 * What is wrong with choices naming answers the question does not have (above its answer
 * count), such as `question #12 has 4 answers, not answer 5`; undefined when all exist.
 */
export function choicesBeyond(
  questionId: number,
  selected: readonly number[],
  answerCount: number,
): Text | undefined {
  const beyond = [...new Set(selected.filter((n) => n > answerCount))].sort((a, b) => a - b);
  if (beyond.length === 0) return undefined;
  return text('choicesBeyond', {
    question: questionId,
    answers: answerCount,
    named: beyond.join(', '),
    count: beyond.length,
  });
}

/** A 422 detail for the problems choicesBeyond found; undefined when there are none. */
export function choicesBeyondDetail(found: readonly (Text | undefined)[]): Text | undefined {
  const problems = found.filter((problem) => problem !== undefined);
  if (problems.length === 0) return undefined;
  const shown = problems.slice(0, 10);
  const more = problems.length - shown.length;
  return text('choicesUnknown', {
    problems: more > 0 ? text('andMore', { shown, more }) : shown,
  });
}

// How a ticket's or topic's list of question ids is read is the SPA's rule too (domain/).
export { parseQuestionIds };

/** Loads questions by id, keeping the order of `ids` and skipping ids that no longer exist. */
export async function questionsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<QuestionRecordWithPhoto[]> {
  if (ids.length === 0) return [];
  const byId = new Map<number, QuestionRecordWithPhoto>();
  // Chunks keep each statement under SQLite's bound-parameter limit.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('questions')
      .select([...QUESTION_RECORD_COLUMNS, PHOTO_ETAG])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) byId.set(row.id, row);
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

// Tickets and topics refer to questions through a JSON id list.
// Keeps each statement under SQLite's bound-parameter limit, as questionsByIds does.
const CHUNK = 500;

/** The ids a stored `question_ids` text names; a damaged value reads as no questions. */
export function storedQuestionIds(text: string): number[] {
  return parseQuestionIds(text) ?? [];
}

/** id -> points for those of `ids` that still exist, in one query per 500 distinct ids. */
export async function pointsOfExistingQuestions(
  db: Kysely<Database>,
  ids: Iterable<number>,
): Promise<Map<number, number>> {
  const distinct = [...new Set(ids)];
  const points = new Map<number, number>();
  for (let i = 0; i < distinct.length; i += CHUNK) {
    const rows = await db
      .selectFrom('questions')
      .select(['id', 'points'])
      .where('id', 'in', distinct.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) points.set(row.id, row.points);
  }
  return points;
}

/** The number and total points of those of `ids` found in `points`. */
export function existingSummary(
  ids: readonly number[],
  points: ReadonlyMap<number, number>,
): { count: number; maxPoints: number } {
  let count = 0;
  let maxPoints = 0;
  for (const id of ids) {
    const value = points.get(id);
    if (value === undefined) continue;
    count += 1;
    maxPoints += value;
  }
  return { count, maxPoints };
}
