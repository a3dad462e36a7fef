import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase, openSqliteFile } from './database';

describe('SQLite group commit', () => {
  let dataDir: string;
  let database: AppDatabase;
  // The tables here are not the app's: the test speaks to the connection alone.
  let db: Kysely<any>;
  const file = () => path.join(dataDir, 'trainer.sqlite');

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-group-commit-'));
    database = openDatabase({ dataDir });
    db = database.db as Kysely<any>;
    await sql`create table note (id integer primary key, body text not null unique)`.execute(db);
  });
  afterEach(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const insertNote = (body: string) =>
    db.transaction().execute((trx) => trx.insertInto('note').values({ body }).execute());
  const bodies = async () =>
    (await db.selectFrom('note').select('body').orderBy('id').execute()).map((row) => row.body);
  /** The rows as a fresh connection reads the file once the app has closed it. */
  const storedBodies = async () => {
    await database.close();
    const reader = openSqliteFile(file());
    try {
      return (reader.prepare('select body from note order by id').all() as { body: string }[]).map(
        (row) => row.body,
      );
    } finally {
      reader.close();
      database = openDatabase({ dataDir });
      db = database.db as Kysely<any>;
    }
  };
  /** Until a transaction has begun this turn's shared one. */
  const turnOpen = async () => {
    for (let hops = 0; !database.uncommitted(); hops++) {
      if (hops > 1000) throw new Error('no transaction began');
      await Promise.resolve();
    }
  };
  const walBytes = () => statSync(`${file()}-wal`).size;

  it('writes the log once for the transactions of one turn, not once each', async () => {
    const concurrent = walBytes();
    await Promise.all(Array.from({ length: 50 }, (_, i) => insertNote(`together ${i}`)));
    const togetherGrowth = walBytes() - concurrent;
    const sequential = walBytes();
    for (let i = 0; i < 50; i++) await insertNote(`apart ${i}`);
    const apartGrowth = walBytes() - sequential;
    // Each commit writes the table's changed page (4 KiB) again: fifty commits against one.
    expect(apartGrowth).toBeGreaterThanOrEqual(50 * 4096);
    expect(togetherGrowth).toBeLessThanOrEqual(4 * 4120);
    expect(await storedBodies()).toHaveLength(100);
  });

  it("answers each transaction once its turn's commit is done", async () => {
    const settled: (Promise<void> | undefined)[] = [];
    await Promise.all(
      ['a', 'b', 'c'].map((body) =>
        insertNote(body).then(() => {
          settled.push(database.uncommitted());
        }),
      ),
    );
    expect(settled).toEqual([undefined, undefined, undefined]);
    // A statement outside a transaction joins the open turn, whose commit tells when it is stored.
    const joined = insertNote('inside');
    await turnOpen();
    await db.insertInto('note').values({ body: 'outside' }).execute();
    const commit = database.uncommitted();
    expect(commit).toBeInstanceOf(Promise);
    await commit;
    await joined;
    expect(database.uncommitted()).toBeUndefined();
    expect(await storedBodies()).toEqual(['a', 'b', 'c', 'inside', 'outside']);
  });

  it('rolls back a failed transaction alone, keeping the others of its turn', async () => {
    const results = await Promise.allSettled([
      insertNote('first'),
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ body: 'undone' }).execute();
        throw new Error('the handler failed');
      }),
      // The database refuses this one (the body is taken): its own statement fails.
      db.transaction().execute(async (trx) => {
        await trx.insertInto('note').values({ body: 'also undone' }).execute();
        await trx.insertInto('note').values({ body: 'first' }).execute();
      }),
      insertNote('last'),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect(await storedBodies()).toEqual(['first', 'last']);
  });

  it('refuses every transaction of a turn whose commit fails, and keeps none of it', async () => {
    await sql`create table parent (id integer primary key)`.execute(db);
    await sql`create table child (id integer primary key, parent_id integer not null references parent (id) deferrable initially deferred)`.execute(
      db,
    );
    const results = await Promise.allSettled([
      insertNote('kept back'),
      // Checked at COMMIT only: a child of no parent.
      db.transaction().execute((trx) => trx.insertInto('child').values({ parent_id: 7 }).execute()),
      insertNote('kept back too'),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
    expect(await bodies()).toEqual([]);
    // The connection goes on: the next turn commits.
    await insertNote('after');
    expect(await storedBodies()).toEqual(['after']);
  });

  it('commits the open turn before a statement that cannot run inside a transaction', async () => {
    const written = insertNote('before the checkpoint');
    const { rows } = await sql<{
      busy: number;
      log: number;
      checkpointed: number;
    }>`pragma wal_checkpoint(passive)`.execute(db);
    await written;
    // Outside any transaction, the checkpoint copies every frame of the log, the note's included.
    expect(rows[0]?.busy).toBe(0);
    expect(rows[0]?.log).toBeGreaterThan(0);
    expect(rows[0]?.checkpointed).toBe(rows[0]?.log);
    expect(await bodies()).toEqual(['before the checkpoint']);
  });

  it('commits what is still open when the database closes', async () => {
    const written = insertNote('at close');
    await turnOpen();
    const stored = await storedBodies();
    await written;
    expect(stored).toEqual(['at close']);
  });
});
