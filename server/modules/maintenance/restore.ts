import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { isDataError } from '../../db/data-errors';
import { ValidationError } from '../../http/errors';
import { searchTextOf } from '../questions/question-search';
import { ensureDefaultCourse } from '../courses/courses.model';
import { insertMissingDefaults } from '../settings/settings.defaults';
import { restoredRowProblem, upgradedRow } from './restore-rows';
import {
  type ColumnKind,
  columnList,
  expectedTables,
  quoteIdentifier,
  type Row,
  type TableShape,
} from './table-copy';
import { text, type Text } from '../../i18n/text';

// Rows per insert statement are bounded by bound parameters: SQLite takes 32766, PostgreSQL 65535.
const PARAMETERS_PER_STATEMENT = 10_000;

/**
 * Replaces every table's rows with those of the backup file at `file`, in one transaction on
 * the live database: a file that is not a backup of this app, or whose rows do not fit,
 * changes nothing. Returns the rows restored per table.
 */
export async function restoreFromFile(
  deps: Pick<AppDeps, 'db' | 'database' | 'now'>,
  file: string,
): Promise<Record<string, number>> {
  const tables = await expectedTables();
  const { backup, absent } = openBackup(file, tables);
  try {
    const counts: Record<string, number> = {};
    try {
      await deps.db.transaction().execute(async (trx) => {
        // Children first, so no foreign key points at a deleted parent.
        for (const table of [...tables].reverse()) await trx.deleteFrom(table.name).execute();
        for (const table of tables) {
          let restored = 0;
          const rowsPerStatement = Math.max(
            1,
            Math.floor(PARAMETERS_PER_STATEMENT / table.columns.length),
          );
          const missing = new Set([
            ...(absent.get(table.name) ?? []),
            // Derived from the other columns: never taken from a file, worked out below.
            ...(table.name === 'questions' ? ['search_text'] : []),
          ]);
          // A table made since the backup: nothing of it to bring over.
          if (missing.size === table.columns.length) {
            counts[table.name] = 0;
            continue;
          }
          for (const rows of readBackupTable(backup, table, missing, rowsPerStatement)) {
            // So the first search after a restore reads the column rather than fills it.
            if (table.name === 'questions') for (const row of rows) withSearchText(row);
            await sql`insert into ${sql.table(table.name)} (${sql.join(table.columns.map((c) => sql.ref(c)))})
              values ${sql.join(rows.map((row) => sql`(${sql.join(table.columns.map((c) => row[c] ?? null))})`))}`.execute(
              trx,
            );
            restored += rows.length;
          }
          counts[table.name] = restored;
        }
        // A backup made before courses: its rows went into the default course (their column's
        // default), which is made here as the upgrade makes it, from the exam settings.
        await ensureDefaultCourse(trx, deps.now());
        // A backup made before a setting was added lacks it: the app's pages read it.
        await insertMissingDefaults(trx, deps.now());
        // Restoring a backup nobody could administer would lock everyone out of this page.
        const { admins } = await trx
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number | string>().as('admins'))
          .where('is_admin', '=', 1)
          .where('is_active', '=', 1)
          .executeTakeFirstOrThrow();
        if (Number(admins) === 0) {
          throw new ValidationError(text('backupWithoutAdmin'));
        }
        if (deps.database.dialect === 'postgres') {
          // Rows came with their ids: move each identity sequence past them so new rows fit, but
          // never back. An id handed out since the backup is never reused, as with SQLite's
          // AUTOINCREMENT, so a token of a user the restore removed cannot name a new user.
          // (greatest() skips nulls: an empty table with an unused sequence stays at 1, uncalled.)
          for (const table of tables.filter((t) => t.columns.includes('id'))) {
            await sql`select setval(s.seq, coalesce(greatest(m.max_id, pg_sequence_last_value(s.seq)), 1),
                greatest(m.max_id, pg_sequence_last_value(s.seq)) is not null)
              from (select pg_get_serial_sequence(${table.name}, 'id')::regclass as seq) s,
                (select max(id) as max_id from ${sql.table(table.name)}) m`.execute(trx);
          }
        }
      });
    } catch (error) {
      if (isDataError(error)) {
        // The database's own message names the rule; it stays in English.
        throw new ValidationError(text('backupRowsDoNotFit', { reason: (error as Error).message }));
      }
      throw error;
    }
    return counts;
  } finally {
    backup.close();
  }
}

/**
 * Opens the file read-only and checks it holds every table with every expected column, except
 * tables and columns (nullable or with a default) added since the backup was made; answers
 * those, per table (a table it lacks as a whole, with every column).
 */
function openBackup(
  file: string,
  tables: readonly TableShape[],
): { backup: SqliteDatabase.Database; absent: Map<string, Set<string>> } {
  let backup: SqliteDatabase.Database | undefined;
  const absent = new Map<string, Set<string>>();
  try {
    backup = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    // Views or triggers in an uploaded file must not run functions marked unsafe.
    backup.pragma('trusted_schema = OFF');
    const present = new Set(
      backup
        .prepare<[], { name: string }>(`select name from sqlite_master where type = 'table'`)
        .all()
        .map((row) => row.name),
    );
    for (const table of tables) {
      if (!present.has(table.name) && table.createdLater) {
        absent.set(table.name, new Set(table.columns));
        continue;
      }
      if (!present.has(table.name)) throw notABackup(text('tableMissing', { table: table.name }));
      const columns = new Set(
        backup
          .prepare<[string], { name: string }>('select name from pragma_table_info(?)')
          .all(table.name)
          .map((row) => row.name),
      );
      const missing = table.columns.filter((column) => !columns.has(column));
      const required = missing.filter((column) => !table.addedLater.includes(column));
      if (required.length > 0) {
        throw notABackup(text('tableLacks', { table: table.name, columns: required.join(', ') }));
      }
      if (missing.length > 0) absent.set(table.name, new Set(missing));
    }
    return { backup, absent };
  } catch (error) {
    backup?.close();
    if (error instanceof ValidationError) throw error;
    // Any other failure here means SQLite could not read the file as a database.
    throw notABackup(text('notSqlite'));
  }
}

const notABackup = (reason: Text) => new ValidationError(text('notABackup', { reason }));

/** `id 5` or `user_id 2, question_id 7`: which row, for error details. */
function keyOf(table: TableShape, row: Row): string {
  return table.key.map((name) => `${name} ${String(row[name])}`).join(', ');
}

/** Refuses a row the app's own checks would not have let in (see restore-rows.ts). */
function assertAllowed(table: TableShape, row: Row): void {
  const problem = restoredRowProblem(table.name, row);
  if (problem) {
    throw new ValidationError(
      text('backupRowRefused', { table: table.name, row: keyOf(table, row), problem }),
    );
  }
}

/** What kind of value this is, as a column would hold it; undefined when it fits none. */
function kindOfValue(value: unknown): ColumnKind | 'null' | undefined {
  if (value === null) return 'null';
  if (typeof value === 'string') return 'text';
  if (Buffer.isBuffer(value)) return 'blob';
  if (typeof value === 'number') return Number.isSafeInteger(value) ? 'integer' : 'real';
  return undefined;
}

/**
 * Refuses a row a column of which holds a value of the wrong kind: SQLite would store `abc`
 * as a question's points and the app would then serve it, where PostgreSQL refuses it. Text
 * holding U+0000 is refused too, as PostgreSQL would.
 */
function assertFits(table: TableShape, row: Row): void {
  const refuse = (column: string, problem: string) =>
    new ValidationError(
      text('backupCellDoesNotFit', {
        cell: `${table.name}.${column}`,
        row: keyOf(table, row),
        problem,
      }),
    );
  for (const column of table.columns) {
    const value = row[column];
    const expected = table.kinds[column];
    if (!expected) continue;
    const actual = kindOfValue(value);
    const fits =
      actual === expected.kind ||
      (actual === 'null' && expected.nullable) ||
      (actual === 'integer' && expected.kind === 'real');
    if (!fits) {
      throw refuse(
        column,
        `holds ${actual === 'null' ? 'null' : `a ${actual ?? typeof value} value`}, not ${expected.kind}`,
      );
    }
    if (typeof value === 'string' && value.includes('\u0000')) {
      throw refuse(column, 'holds a NUL character (U+0000)');
    }
  }
}

/** Gives a restored question the search text of its (already checked) columns. */
function withSearchText(row: Row): void {
  row.search_text = searchTextOf(row as Parameters<typeof searchTextOf>[0]);
}

/** The backup's rows in batches; a damaged file is the uploader's problem (422), not ours. */
function* readBackupTable(
  backup: SqliteDatabase.Database,
  table: TableShape,
  absent: ReadonlySet<string>,
  batchSize: number,
): Generator<Row[]> {
  const selected = table.columns
    .map((column) =>
      absent.has(column)
        ? `${table.defaults[column] ?? 'null'} as ${quoteIdentifier(column)}`
        : quoteIdentifier(column),
    )
    .join(', ');
  let rows: Iterator<Row>;
  try {
    rows = backup
      .prepare<[], Row>(
        `select ${selected} from ${quoteIdentifier(table.name)} order by ${columnList(table.key)}`,
      )
      .iterate();
  } catch {
    throw notABackup(text('tableUnreadable', { table: table.name }));
  }
  let batch: Row[] = [];
  try {
    for (;;) {
      let next: IteratorResult<Row>;
      try {
        next = rows.next();
      } catch {
        throw notABackup(text('tableDamaged', { table: table.name }));
      }
      if (next.done) break;
      const row = upgradedRow(table.name, next.value);
      assertFits(table, row);
      assertAllowed(table, row);
      batch.push(row);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    // An open statement keeps the connection busy; close it even when the caller stops early.
    rows.return?.();
  }
}
