/**
 * Servers and tests sharing one PostgreSQL database, each in a schema of its own: one dropping its
 * schema must not break another's start-up. Kysely's stock introspection read every schema and
 * failed with `schema "…" does not exist` when one went away mid-query, failing a migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgSchema, dropPgSchema, queryPostgres } from '../../bench/server-process';
import { type AppDatabase, migrateToLatest, openDatabase } from '../../server/db/database';
import { DATABASES } from './helpers';

const databaseUrl = process.env.TEST_DATABASE_URL;

const run = (statement: string) => queryPostgres(String(databaseUrl), statement);

/** Another server's life in the same database, over and over: its schema made, filled, dropped. */
function churnOtherSchemas(loops: number) {
  let stopped = false;
  let cycles = 0;
  const loop = async () => {
    while (!stopped) {
      const schema = await createPgSchema(String(databaseUrl), 'other');
      await run(`create table ${schema}.kysely_migration (name text primary key, id serial)`);
      await dropPgSchema(String(databaseUrl), schema);
      cycles += 1;
    }
  };
  const running = Array.from({ length: loops }, loop);
  return {
    async stop() {
      stopped = true;
      await Promise.all(running);
      return cycles;
    },
  };
}

// PostgreSQL's own case: without TEST_DATABASE_URL (CI sets it) there is no such database to share.
describe.skipIf(!DATABASES.includes('postgres'))('one postgres database shared by schemas', () => {
  let schema: string;
  let database: AppDatabase;

  beforeAll(async () => {
    schema = await createPgSchema(String(databaseUrl), 'shared');
    database = openDatabase({ dataDir: '', databaseUrl, pgSchema: schema });
  });
  afterAll(async () => {
    await database.close();
    await dropPgSchema(String(databaseUrl), schema);
  });

  it('sees its own tables alone, not another schema’s of the same name', async () => {
    const other = await createPgSchema(String(databaseUrl), 'other');
    try {
      await run(`create table ${other}.kysely_migration (name text primary key)`);
      await run(`create table ${other}.questions (id serial primary key)`);
      await run(`create table ${schema}.notes (id serial primary key, body text not null, at int)`);
      const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(tables).toEqual([
        {
          name: 'notes',
          schema,
          isView: false,
          columns: [
            expect.objectContaining({
              name: 'id',
              dataType: 'int4',
              isNullable: false,
              isAutoIncrementing: true,
              hasDefaultValue: true,
            }),
            expect.objectContaining({
              name: 'body',
              dataType: 'text',
              isNullable: false,
              isAutoIncrementing: false,
              hasDefaultValue: false,
            }),
            expect.objectContaining({
              name: 'at',
              dataType: 'int4',
              isNullable: true,
              isAutoIncrementing: false,
            }),
          ],
        },
      ]);
    } finally {
      await run(`drop table if exists ${schema}.notes`);
      await dropPgSchema(String(databaseUrl), other);
    }
  });

  it('migrates, and keeps reading its tables, while other schemas come and go', async () => {
    const churn = churnOtherSchemas(3);
    try {
      await migrateToLatest(database.db, schema);
      for (let read = 0; read < 150; read += 1) {
        const tables = await database.db.introspection.getTables({
          withInternalKyselyTables: true,
        });
        expect(tables.map((table) => table.name)).toContain('kysely_migration');
      }
    } finally {
      // Other schemas really were dropped meanwhile, or the test proved nothing.
      expect(await churn.stop()).toBeGreaterThan(10);
    }
  });
});
