import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * A query built and compiled once (on first use) and then run with new parameter values, for
 * the few queries every request makes: building a Kysely query costs more than SQLite takes to
 * answer a primary-key read. `parameters` replace the compiled ones by position, so only
 * queries with a fixed number of parameters fit.
 */
export function precompiled<Row>(db: Kysely<Database>, build: () => Compilable<Row>) {
  let compiled: CompiledQuery<Row> | undefined;
  return async (...parameters: readonly unknown[]): Promise<Row[]> => {
    compiled ??= build().compile();
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}

/**
 * As `precompiled`, for a statement run on whichever database or transaction is given: compiled
 * once per dialect, on first use.
 */
export function precompiledFor<Row>(build: (db: Kysely<Database>) => Compilable<Row>) {
  const byDialect = new WeakMap<DialectAdapter, CompiledQuery<Row>>();
  return async (db: Kysely<Database>, ...parameters: readonly unknown[]): Promise<Row[]> => {
    const adapter = db.getExecutor().adapter;
    let compiled = byDialect.get(adapter);
    if (!compiled) byDialect.set(adapter, (compiled = build(db).compile()));
    const result = await db.executeQuery<Row>({ ...compiled, parameters });
    return result.rows;
  };
}
