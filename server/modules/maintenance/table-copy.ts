import SqliteDatabase from 'better-sqlite3';
import { Kysely, type RawBuilder, sql, SqliteDialect } from 'kysely';
import { MIGRATION_NAMES, migrateTo } from '../../db/database';
import { type Database, TABLES_IN_ORDER } from '../../db/schema';

/** Shared by backup and restore: which tables and columns a copy of this app's data holds. */

export type TableName = (typeof TABLES_IN_ORDER)[number];
export type Row = Record<string, unknown>;

/** What a column holds, as its declared type says; a value of another kind does not fit. */
export type ColumnKind = 'integer' | 'real' | 'text' | 'blob';

export interface TableShape {
  name: TableName;
  columns: string[];
  /** Per column: the kind of value it holds and whether it takes null. */
  kinds: Record<string, { kind: ColumnKind; nullable: boolean }>;
  /** Primary-key columns, in key order: rows are read in this order, batch after batch. */
  key: string[];
  /**
   * Columns a later migration added to the table, nullable or with a default: a backup made
   * before that migration lacks them and reads them as null or their default. Any other column
   * missing from a backup refuses it.
   */
  addedLater: string[];
  /** Each column's default as SQL text (from our own migrations), or null. */
  defaults: Record<string, string | null>;
  /** Made by a migration after the first: a backup made before it lacks the whole table. */
  createdLater: boolean;
}

let shapes: Promise<TableShape[]> | undefined;

/**
 * Every table's columns as this version's migrations create them. Read from a throw-away
 * in-memory SQLite database, migrated one step at a time, so the lists can never drift from
 * the migrations.
 */
export function expectedTables(): Promise<TableShape[]> {
  shapes ??= (async () => {
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    try {
      const columnsWhenCreated = new Map<TableName, Set<string>>();
      const createdLater = new Set<TableName>();
      let columns = new Map<TableName, ColumnInfo[]>();
      for (const [step, migration] of MIGRATION_NAMES.entries()) {
        await migrateTo(db, migration);
        columns = await readColumns(db);
        for (const [name, info] of columns) {
          if (!columnsWhenCreated.has(name) && info.length > 0) {
            columnsWhenCreated.set(name, new Set(info.map((column) => column.name)));
            if (step > 0) createdLater.add(name);
          }
        }
      }
      return TABLES_IN_ORDER.map((name) => {
        const info = columns.get(name) ?? [];
        const original = columnsWhenCreated.get(name) ?? new Set();
        return {
          name,
          columns: info.map((column) => column.name),
          kinds: Object.fromEntries(
            info.map((column) => [
              column.name,
              // A primary key's columns are never null, whatever SQLite's notnull flag says.
              { kind: kindOf(column.type), nullable: column.notnull === 0 && column.pk === 0 },
            ]),
          ),
          key: info
            .filter((column) => column.pk > 0)
            .sort((a, b) => a.pk - b.pk)
            .map((column) => column.name),
          addedLater: info
            .filter(
              (column) =>
                (column.notnull === 0 || column.dflt_value !== null) && !original.has(column.name),
            )
            .map((column) => column.name),
          defaults: Object.fromEntries(info.map((column) => [column.name, column.dflt_value])),
          createdLater: createdLater.has(name),
        };
      });
    } finally {
      await db.destroy();
    }
  })();
  return shapes;
}

interface ColumnInfo {
  name: string;
  type: string;
  pk: number;
  notnull: number;
  dflt_value: string | null;
}

/** SQLite's rules for a declared type's affinity, down to the four kinds this app stores. */
function kindOf(declared: string): ColumnKind {
  const type = declared.toLowerCase();
  if (type.includes('int')) return 'integer';
  if (/char|clob|text/.test(type)) return 'text';
  if (type === '' || type.includes('blob')) return 'blob';
  return 'real';
}

async function readColumns(db: Kysely<Database>): Promise<Map<TableName, ColumnInfo[]>> {
  const columns = new Map<TableName, ColumnInfo[]>();
  for (const name of TABLES_IN_ORDER) {
    const info = await sql<ColumnInfo>`select name, type, pk, "notnull", dflt_value
      from pragma_table_info(${name})`.execute(db);
    columns.set(name, info.rows);
  }
  return columns;
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
