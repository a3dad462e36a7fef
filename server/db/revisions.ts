import type { Kysely } from 'kysely';
import { precompiled } from './precompiled';
import type { Database } from './schema';

/** Data sets whose changes move a counter in `cache_revisions` (see migration 0004). */
export type CachedSet = 'bank';

/** Reads the current revision of a cached data set; it changes whenever the set's tables do. */
export function revisionReader(db: Kysely<Database>, name: CachedSet): () => Promise<number> {
  const read = precompiled(db, () =>
    db.selectFrom('cache_revisions').select('revision').where('name', '=', name),
  );
  return async () => Number((await read(name))[0]?.revision ?? 0);
}
