import { type Kysely, sql } from 'kysely';
import { foldForSearch } from '../../../domain/text';
import type { Database } from '../../db/schema';
import { readTranslations, translationWords, type Translations } from './question-translations';
import type { QuestionFields } from './questions.validation';

const ANSWER_COLUMNS = ['answer_1', 'answer_2', 'answer_3', 'answer_4', 'answer_5'] as const;
/** What a search looks in: the question, its answers and its explanation. */
const SEARCHED_COLUMNS = ['question_text', ...ANSWER_COLUMNS, 'explanation'] as const;

type Searchable = Pick<QuestionFields, (typeof SEARCHED_COLUMNS)[number]>;

// Rows filled per statement when search_text is missing (see migration 0009).
const FILL_CHUNK = 500;
// Ids in the contract's integer range; a longer number cannot be an id.
const MAX_ID = 2147483647;

/**
 * What a question's search matches: its text, answers and explanation, then those of its
 * translations (a learner searches in the language they read), folded, one per line.
 */
export function searchTextOf(question: Searchable, translations?: Translations): string {
  return foldForSearch(
    [...SEARCHED_COLUMNS.map((column) => question[column]), ...translationWords(translations)]
      .filter((part): part is string => Boolean(part))
      .join('\n'),
  );
}

/** Writes the search text of `ids` again, from each question and its translations as stored. */
export async function refreshSearchText(db: Kysely<Database>, ids: readonly number[]) {
  for (let i = 0; i < ids.length; i += FILL_CHUNK) {
    const chunk = ids.slice(i, i + FILL_CHUNK);
    const [rows, translations] = await Promise.all([
      db
        .selectFrom('questions')
        .select(['id', ...SEARCHED_COLUMNS])
        .where('id', 'in', chunk)
        .execute(),
      readTranslations(db, chunk),
    ]);
    for (const row of rows) {
      await db
        .updateTable('questions')
        .set({ search_text: searchTextOf(row, translations.get(row.id)) })
        .where('id', '=', row.id)
        .execute();
    }
  }
}

/**
 * Fills search_text where it is missing (rows from before migration 0009, a restored backup,
 * the demo seed), so every later search reads one column. Answers whether it wrote anything.
 */
export async function fillSearchText(db: Kysely<Database>): Promise<boolean> {
  let wrote = false;
  for (;;) {
    const rows = await db
      .selectFrom('questions')
      .select(['id', ...SEARCHED_COLUMNS])
      .where('search_text', 'is', null)
      .orderBy('id')
      .limit(FILL_CHUNK)
      .execute();
    if (rows.length === 0) return wrote;
    const translations = await readTranslations(
      db,
      rows.map((row) => row.id),
    );
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        await trx
          .updateTable('questions')
          .set({ search_text: searchTextOf(row, translations.get(row.id)) })
          .where('id', '=', row.id)
          .execute();
      }
    });
    wrote = true;
  }
}

/**
 * The ids of the questions whose words contain `search` (case-insensitively in any script),
 * ascending, after the question whose id it is when it is a whole number, alone or after `#`:
 * whoever types a question's number is looking for that question first.
 */
export async function searchQuestionIds(db: Kysely<Database>, search: string): Promise<Int32Array> {
  // Both sides are folded already, so LIKE's own (ASCII-only) case rules never come into it.
  const pattern = `%${foldForSearch(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // NFKC: a full-width ＃１３７, as a Chinese or Korean keyboard types it, is #137.
  const idText = /^#?\s*(\d{1,10})$/.exec(search.normalize('NFKC'))?.[1];
  const id = idText === undefined ? undefined : Number(idText);
  const rows = await db
    .selectFrom('questions')
    .select('id')
    .where((eb) =>
      eb.or([
        sql<boolean>`search_text like ${pattern} escape '\\'`,
        ...(id !== undefined && id <= MAX_ID ? [eb('id', '=', id)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
  const found = Int32Array.from(rows, (row) => row.id);
  const at = id === undefined ? -1 : found.indexOf(id);
  if (at > 0) {
    found.copyWithin(1, 0, at);
    found[0] = id as number;
  }
  return found;
}

/** The ids of page `page` (from 1) of `limit` questions out of `ids`. */
export function pageOfIds(ids: Int32Array, page: number, limit: number): number[] {
  const start = (page - 1) * limit;
  return start >= ids.length ? [] : Array.from(ids.subarray(start, start + limit));
}
