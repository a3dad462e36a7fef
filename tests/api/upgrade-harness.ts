import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPgSchema, dropPgSchema } from '../../bench/server-process';
import { migrateTo, openDatabase } from '../../server/db/database';
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
      dataDir = mkdtempSync(path.join(tmpdir(), 'trainer-upgrade-'));
      if (kind === 'postgres') pgSchema = await createPgSchema(url, schemaLabel);
      const old = openDatabase({
        dataDir,
        pgSchema,
        databaseUrl: kind === 'postgres' ? url : undefined,
      });
      await migrateTo(old.db, migration, pgSchema);
      return old;
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
