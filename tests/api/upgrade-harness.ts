import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgSchema, dropPgSchema } from '../../bench/server-process';
import { Migrator } from 'kysely';
import { MIGRATIONS, migrateTo, openDatabase } from '../../server/db/database';
import { createTestApp, type DatabaseKind, type TestApp } from './helpers';

/**
 * An upgrade test's databases: one made by an earlier version (migrated only up to a given
 * migration, in a data directory or PostgreSQL schema of its own), then the app of today started
 * on it, and both removed by `cleanUp` (call it from afterEach).
 */
export function upgradeScenario(kind: DatabaseKind) {
  const url = String(process.env.TEST_DATABASE_URL);
  let dataDir: string | undefined;
  let pgSchema: string | undefined;
  let app: TestApp | undefined;
  return {
    /** The database as the version ending at `migration` made it. */
    async openBefore(migration: string, schemaLabel: string) {
      const old = await this.openEmpty(schemaLabel);
      await migrateTo(old.db, migration, pgSchema);
      return old;
    },
    /** The database as a version that had exactly the migrations `names` made it. */
    async openWith(names: readonly string[], schemaLabel: string) {
      const old = await this.openEmpty(schemaLabel);
      const chosen = Object.fromEntries(names.map((name) => [name, MIGRATIONS[name]!]));
      const { error } = await new Migrator({
        db: old.db,
        provider: { getMigrations: async () => chosen },
        ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
      }).migrateToLatest();
      if (error) throw error;
      return old;
    },
    async openEmpty(schemaLabel: string) {
      dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-upgrade-'));
      if (kind === 'postgres') pgSchema = await createPgSchema(url, schemaLabel);
      return openDatabase({
        dataDir,
        pgSchema,
        databaseUrl: kind === 'postgres' ? url : undefined,
      });
    },
    /** Today's app on that database: it runs the migrations since. */
    async upgrade(): Promise<TestApp> {
      app = await createTestApp(kind, { dataDir, pgSchema, seedDemo: false });
      return app;
    },
    async cleanUp() {
      await app?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      if (pgSchema) await dropPgSchema(url, pgSchema);
    },
  };
}

/**
 * Questions of two answers (the first right) written straight into a database an earlier
 * version made, in columns every version has had; their ids, in order.
 */
export async function insertOldQuestions(
  // Frozen in time like the migrations: the database as that version left it.
  db: any,
  texts: readonly string[],
  createdAt = '2026-11-01T08:00:00.000Z',
): Promise<number[]> {
  const ids: number[] = [];
  for (const text of texts) {
    const row = await db
      .insertInto('questions')
      .values({
        question_text: text,
        answer_1: 'A',
        answer_2: 'B',
        right_answers: '1',
        points: 1,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(Number(row.id));
  }
  return ids;
}
