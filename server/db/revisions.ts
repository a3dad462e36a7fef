import { type Kysely, sql } from 'kysely';
import { precompiled } from './precompiled';
import type { Database } from './schema';

/** Data sets whose changes move a counter in `cache_revisions` (migrations 0004 and 0006). */
export type CachedSet = 'bank' | 'settings';

export type Revisions = Record<CachedSet, number>;

/** What a query selecting REVISION_COLUMNS gets, besides its own columns. */
export interface RevisionColumns {
  bank_revision: number | string | null;
  settings_revision: number | string | null;
}

/**
 * Every cached set's revision as a column, for a query that reads them with something else:
 * per request, one statement costs about as much as the data it reads, so the caller's row and
 * the revisions come together. Each changes whenever its set's tables do, whoever writes them.
 */
export const REVISION_COLUMNS = [
  sql<
    RevisionColumns['bank_revision']
  >`(select revision from cache_revisions where name = 'bank')`.as('bank_revision'),
  sql<
    RevisionColumns['settings_revision']
  >`(select revision from cache_revisions where name = 'settings')`.as('settings_revision'),
] as const;

/** The revisions a row selected with REVISION_COLUMNS carries (0 where a counter is missing). */
export function revisionsOf(row: RevisionColumns): Revisions {
  return { bank: Number(row.bank_revision ?? 0), settings: Number(row.settings_revision ?? 0) };
}

/** Reads the current revision of every cached data set in one statement. */
export function revisionsReader(db: Kysely<Database>): () => Promise<Revisions> {
  const read = precompiled(db, () => db.selectNoFrom(REVISION_COLUMNS));
  return async () => {
    const [row] = await read();
    return row ? revisionsOf(row) : { bank: 0, settings: 0 };
  };
}
