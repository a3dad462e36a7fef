import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { buildApp } from '../server/app';
import type { Database } from '../server/db/schema';
import { hashPassword } from '../server/http/passwords';

export const BENCH_JWT_SECRET = 'bench-secret-that-is-long-enough-0123456789';
export const BENCH_ADMIN_PASSWORD = 'bench-admin-password';

export interface PrepareOptions {
  /** PostgreSQL instead of SQLite in the DATA_DIR: the URL and a schema of the benchmark's own. */
  databaseUrl?: string | undefined;
  pgSchema?: string | undefined;
  /** More rows before the server starts, written through the migrated app's database. */
  fill?: (db: Kysely<Database>) => Promise<void>;
}

/**
 * A fresh DATA_DIR, migrated and seeded with the demo bank (in it on SQLite, in `pgSchema` on
 * PostgreSQL), ready for a server process.
 */
export async function prepareDataDir(label: string, options: PrepareOptions = {}): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `trainer-bench-${label}-`));
  const app = await buildApp({
    dataDir,
    jwtSecret: BENCH_JWT_SECRET,
    adminPassword: BENCH_ADMIN_PASSWORD,
    databaseUrl: options.databaseUrl,
    pgSchema: options.pgSchema,
    seedDemo: true,
    logger: false,
  });
  try {
    await options.fill?.(app.database.db);
  } finally {
    await app.close();
  }
  return dataDir;
}

/**
 * `count` learner accounts named `<prefix><n>` (n from 1) with the password `password`, in the
 * default course: one hash for all of them (argon2id is slow by design, and a sign-in checks
 * each account's hash the same way whoever shares it), written in batches.
 */
export async function addLearners(
  db: Kysely<Database>,
  { prefix, count, password }: { prefix: string; count: number; password: string },
): Promise<void> {
  const passwordHash = await hashPassword(password);
  const createdAt = new Date().toISOString();
  const BATCH = 500;
  for (let first = 1; first <= count; first += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - first + 1) }, (_, index) => ({
      username: `${prefix}${first + index}`,
      email: `${prefix}${first + index}@example.com`,
      password_hash: passwordHash,
      first_name: 'Bench',
      last_name: 'Learner',
      is_admin: 0,
      is_active: 1,
      created_at: createdAt,
      last_login: null,
    }));
    await db.insertInto('users').values(rows).execute();
  }
}

/** Fills the bank up to `total` questions: one transaction, one prepared statement. */
export function growBank(dataDir: string, total: number): { inserted: number; ms: number } {
  const started = performance.now();
  const sqlite = new SqliteDatabase(path.join(dataDir, 'trainer.sqlite'));
  try {
    const existing = (sqlite.prepare('select count(*) as n from questions').get() as { n: number })
      .n;
    const insert = sqlite.prepare(
      `insert into questions (question_text, answer_1, answer_2, answer_3, answer_4, answer_5,
         right_answers, points, photo, explanation, created_at)
       values (?, ?, ?, ?, null, null, ?, 1, null, ?, ?)`,
    );
    const createdAt = new Date().toISOString();
    const missing = Math.max(0, total - existing);
    sqlite.transaction(() => {
      for (let i = 0; i < missing; i++) {
        const n = existing + i + 1;
        insert.run(
          `Generated question ${n}: what is the safe following distance at ${30 + (n % 100)} km/h?`,
          `At least ${1 + (n % 4)} seconds`,
          'As close as traffic allows',
          'It depends on the colour of the car',
          String(1 + (n % 2)),
          'Keep a gap you can stop in.',
          createdAt,
        );
      }
    })();
    return { inserted: missing, ms: performance.now() - started };
  } finally {
    sqlite.close();
  }
}

/** A questions CSV in the import format with `rows` valid rows. */
export function questionsCsv(rows: number): string {
  const lines = [
    'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,explanation',
  ];
  for (let i = 1; i <= rows; i++) {
    const right = i % 5 === 0 ? '"1,3"' : String(1 + (i % 3));
    lines.push(
      `"Imported question ${i}: who gives way at junction ""${i % 40}""?",Car A,Car B,Both,,,${right},${1 + (i % 2)},,"Rule ${i}, explained."`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}
