import { sql, type UpdateQueryBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * Narrows an update to the row whose `fields` still hold `unchanged`'s values (null-safe), so
 * that checking a version and changing the row are one statement: a change made in between
 * leaves nothing to update. Without `unchanged` the update is left as it is.
 */
export function whereUnchanged<TB extends keyof Database, O, K extends string>(
  query: UpdateQueryBuilder<Database, TB, TB, O>,
  fields: readonly K[],
  unchanged: { readonly [F in K]: unknown } | undefined,
): UpdateQueryBuilder<Database, TB, TB, O> {
  if (!unchanged) return query;
  return fields.reduce(
    (narrowed, field) =>
      narrowed.where(sql<boolean>`${sql.ref(field)} is not distinct from ${unchanged[field]}`),
    query,
  );
}
