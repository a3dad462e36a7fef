import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { migrateToLatest, openSqliteFile } from '../../db/database';
import { createDataDir } from '../../db/private-files';
import type { Database } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { columnList, expectedTables, quoteIdentifier, readInBatches } from './table-copy';

const BATCH_SIZE = 1000;
/**
 * Backups kept in `<dataDir>/backups`; each new one removes those beyond this, oldest first.
 * Every backup is a whole copy of the database (photos included) and is downloaded as it is
 * made, so the server only needs the latest few.
 */
export const BACKUPS_KEPT = 20;
// Mirrors the contract's pattern for downloadBackup: no separators, no dots but the extension.
const BACKUP_NAME = /^backup-[0-9A-Za-z-]+\.sqlite$/;

export interface BackupFile {
  filename: string;
  sizeBytes: number;
  createdAt: string;
}

export function backupsDir(dataDir: string): string {
  return path.resolve(dataDir, 'backups');
}

/**
 * Writes every table into a new SQLite file under `<dataDir>/backups`, whatever the live
 * database is, so one file format restores into either. All tables are read inside one
 * transaction, so the copy is a single consistent snapshot.
 */
export async function createBackup(
  deps: Pick<AppDeps, 'db' | 'database' | 'dataDir' | 'now'>,
): Promise<BackupFile> {
  const dir = backupsDir(deps.dataDir);
  createDataDir(dir);
  const createdAt = deps.now();
  const stamp = createdAt.toISOString().replace(/[:.]/g, '-');
  const filename = `backup-${stamp}-${randomBytes(4).toString('hex')}.sqlite`;
  const finalPath = path.join(dir, filename);
  // Written under a name the download pattern refuses, and renamed only once complete.
  const partialPath = `${finalPath}.partial`;

  const sqlite = openSqliteFile(partialPath);
  const target = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    // The same migrations give the backup exactly the live schema (and its migration record).
    await migrateToLatest(target);
    const tables = await expectedTables();
    sqlite.exec('begin');
    // Rows the migrations made (the default course) give way to the live ones.
    for (const table of [...tables].reverse())
      sqlite.exec(`delete from ${quoteIdentifier(table.name)}`);
    await deps.db.transaction().execute(async (trx) => {
      if (deps.database.dialect === 'postgres') {
        // Must be the transaction's first statement: every later read sees the same snapshot.
        await sql`set transaction isolation level repeatable read, read only`.execute(trx);
      }
      // SQLite in WAL mode: the snapshot is taken at the first read and held until commit.
      for (const table of tables) {
        const insert = sqlite.prepare(
          `insert into ${quoteIdentifier(table.name)} (${columnList(table.columns)}) values (${table.columns.map(() => '?').join(', ')})`,
        );
        for await (const rows of readInBatches(trx, table, BATCH_SIZE)) {
          for (const row of rows) insert.run(...table.columns.map((column) => row[column] ?? null));
        }
      }
    });
    sqlite.exec('commit');
    // A single self-contained file: no -wal or -shm beside it when downloaded.
    sqlite.pragma('journal_mode = DELETE');
    await target.destroy();
    renameSync(partialPath, finalPath);
  } catch (error) {
    await target.destroy().catch(() => undefined);
    if (sqlite.open) sqlite.close();
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      rmSync(`${partialPath}${suffix}`, { force: true });
    throw error;
  }
  pruneBackups(dir);
  return { filename, sizeBytes: statSync(finalPath).size, createdAt: createdAt.toISOString() };
}

/** Removes the oldest backups beyond BACKUPS_KEPT (names start with their creation time). */
function pruneBackups(dir: string): void {
  const backups = readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort();
  for (const name of backups.slice(0, Math.max(0, backups.length - BACKUPS_KEPT)))
    rmSync(path.join(dir, name), { force: true });
}

/** The path of an existing backup by its name, or undefined; never a path outside the backups folder. */
export function findBackup(dataDir: string, filename: string): string | undefined {
  if (!BACKUP_NAME.test(filename)) return undefined;
  const dir = backupsDir(dataDir);
  const file = path.resolve(dir, filename);
  if (path.dirname(file) !== dir) return undefined;
  return existsSync(file) && statSync(file).isFile() ? file : undefined;
}
