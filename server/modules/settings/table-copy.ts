import SqliteDatabase from 'better-sqlite3';
import { Kysely, type RawBuilder, sql, SqliteDialect } from 'kysely';
import { migrateToLatest } from '../../db/database';
import { type Database, TABLES_IN_ORDER } from '../../db/schema';

/** Shared by backup and restore: which tables and columns a copy of this app's data holds. */

export type TableName = (typeof TABLES_IN_ORDER)[number];
export type Row = Record<string, unknown>;

export interface TableShape {
  name: TableName;
  columns: string[];
  /** Primary-key columns, in key order: rows are read in this order, batch after batch. */
  key: string[];
  /** Columns that may hold null: a backup made before one of them was added reads it as null. */
  nullable: string[];
}

let shapes: Promise<TableShape[]> | undefined;

/**
 * Every table's columns as this version's migrations create them. Read from a throw-away
 * in-memory SQLite database so the list can never drift from the migrations.
 */
export function expectedTables(): Promise<TableShape[]> {
  shapes ??= (async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    try {
      await migrateToLatest(db);
      const result: TableShape[] = [];
      for (const name of TABLES_IN_ORDER) {
        const info = await sql<{
          name: string;
          pk: number;
          notnull: number;
        }>`select name, pk, "notnull" from pragma_table_info(${name})`.execute(db);
        const key = info.rows
          .filter((column) => column.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((column) => column.name);
        const nullable = info.rows
          .filter((column) => column.pk === 0 && column.notnull === 0)
          .map((column) => column.name);
        result.push({ name, columns: info.rows.map((column) => column.name), key, nullable });
      }
      return result;
    } finally {
      await db.destroy();
    }
  })();
  return shapes;
}

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** A `"a", "b"` column list for hand-written statements (the names come from migrations). */
export function columnList(columns: readonly string[]): string {
  return columns.map(quote).join(', ');
}

export function quoteIdentifier(identifier: string): string {
  return quote(identifier);
}

/**
 * Reads a table in primary-key order, `batchSize` rows at a time. Keyset paging (`where key >
 * last`) keeps each batch as cheap as the first, where an offset would rescan every earlier row.
 */
export async function* readInBatches(
  db: Kysely<Database>,
  table: TableShape,
  batchSize: number,
): AsyncGenerator<Row[]> {
  const key = sql.join(table.key.map((column) => sql.ref(column)));
  let last: Row | undefined;
  for (;;) {
    const after: RawBuilder<unknown> = last
      ? sql`where (${key}) > (${sql.join(table.key.map((column) => (last as Row)[column]))})`
      : sql``;
    const { rows } =
      await sql<Row>`select ${sql.join(table.columns.map((column) => sql.ref(column)))}
      from ${sql.table(table.name)} ${after} order by ${key} limit ${batchSize}`.execute(db);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    last = rows[rows.length - 1];
  }
}

/**
 * Whether a database error says the data itself does not fit (a constraint, a wrong type),
 * as opposed to the database being unreachable: the first is the caller's fault (422).
 */
export function isDataError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  // PostgreSQL SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation).
  if (/^2[23][0-9A-Z]{3}$/.test(code)) return true;
  return (
    code.startsWith('SQLITE_CONSTRAINT') || code === 'SQLITE_MISMATCH' || code === 'SQLITE_TOOBIG'
  );
}
