import type { Kysely } from 'kysely';
import { precompiled } from './precompiled';
import type { Database } from './schema';

/** Data sets whose changes move a counter in `cache_revisions` (migrations 0004 and 0006). */
export type CachedSet = 'bank' | 'settings';

export type Revisions = Record<CachedSet, number>;

/**
 * Reads the current revision of every cached data set in one query (a table of two rows: as
 * cheap as reading one); each changes whenever its set's tables do, whoever writes them.
 */
export function revisionsReader(db: Kysely<Database>): () => Promise<Revisions> {
  const read = precompiled(db, () => db.selectFrom('cache_revisions').select(['name', 'revision']));
  return async () => {
    const revisions: Revisions = { bank: 0, settings: 0 };
    for (const row of await read()) {
      if (row.name === 'bank' || row.name === 'settings')
        revisions[row.name] = Number(row.revision);
    }
    return revisions;
  };
}
