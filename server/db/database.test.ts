import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from './database';

describe('SQLite rows through the statement cache', () => {
  let dataDir: string;
  let database: AppDatabase;
  // The tables here are not the app's: the test speaks to the statement cache alone.
  let db: Kysely<any>;

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-db-'));
    database = openDatabase({ dataDir });
    db = database.db as Kysely<any>;
  });
  afterEach(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers rows as plain objects with every column, nulls and duplicate names as SQLite gives them', async () => {
    await sql`create table t (id integer primary key, name text, score real)`.execute(db);
    await sql`insert into t (id, name, score) values (1, 'a', 1.5), (2, null, 2)`.execute(db);
    const { rows } = await sql`select * from t order by id`.execute(db);
    expect(rows).toEqual([
      { id: 1, name: 'a', score: 1.5 },
      { id: 2, name: null, score: 2 },
    ]);
    expect(Object.getPrototypeOf(rows[0])).toBe(Object.prototype);
    // Two columns of one name: the later one, as better-sqlite3's own rows have it.
    const { rows: twice } = await sql`select 1 as x, 2 as x`.execute(db);
    expect(twice).toEqual([{ x: 2 }]);
    // A write answering rows (RETURNING) is a reading statement too, and still counts as a write.
    const writes = database.ownWrites?.() ?? 0;
    const { rows: returned } =
      await sql`insert into t (id, name, score) values (3, 'c', 0) returning id, name`.execute(db);
    expect(returned).toEqual([{ id: 3, name: 'c' }]);
    expect(database.ownWrites?.()).toBe(writes + 1);
  });

  it('reads the columns a schema change leaves, not those a kept statement knew before it', async () => {
    await sql`create table t (id integer primary key, old_name text)`.execute(db);
    await sql`insert into t (id, old_name) values (1, 'a')`.execute(db);
    const read = () => sql`select * from t`.execute(db).then((result) => result.rows);
    expect(await read()).toEqual([{ id: 1, old_name: 'a' }]);
    await sql`alter table t rename column old_name to new_name`.execute(db);
    expect(await read()).toEqual([{ id: 1, new_name: 'a' }]);
    await sql`alter table t add column extra integer`.execute(db);
    expect(await read()).toEqual([{ id: 1, new_name: 'a', extra: null }]);
  });
});
