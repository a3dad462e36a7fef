import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
  type SqliteDatabase as SqliteDatabaseLike,
} from 'kysely';
import pg from 'pg';
import { BoundedMap } from '../bounded-map';
import { GroupCommitSqliteDialect } from './group-commit';
import { OwnSchemaPostgresDialect } from './own-schema-introspector';
import * as initial from './migrations/0001_initial';
import * as examClientId from './migrations/0002_exam_client_id';
import * as questionsIdIndex from './migrations/0003_questions_id_index';
import * as cacheRevisions from './migrations/0004_cache_revisions';
import * as auditDetails from './migrations/0005_audit_details';
import * as settingsRevision from './migrations/0006_settings_revision';
import * as userActivity from './migrations/0007_user_activity';
import * as sessionRevision from './migrations/0008_session_revision';
import * as questionSearchText from './migrations/0009_question_search_text';
import * as answerKey from './migrations/0010_answer_key';
import * as recentAnswerKeys from './migrations/0011_recent_answer_keys';
import * as photoAlt from './migrations/0012_photo_alt';
import * as courses from './migrations/0013_courses';
import * as healthProbe from './migrations/0014_health_probe';
import * as revokedTokens from './migrations/0015_revoked_tokens';
import * as rateLimits from './migrations/0016_rate_limits';
import * as imageRevisions from './migrations/0017_image_revisions';
import * as examIntegrity from './migrations/0018_exam_integrity';
import * as readiness from './migrations/0020_readiness';
import * as bookmarks from './migrations/0021_bookmarks';
import * as trainingCounts from './migrations/0022_training_counts';
import * as questionTranslations from './migrations/0023_question_translations';
import * as memoryActivityPerStatement from './migrations/0024_memory_activity_per_statement';
import * as preparedExams from './migrations/0025_prepared_exams';
import * as trainingSessionKeys from './migrations/0026_training_session_keys';
import * as examSettingsFollow from './migrations/0027_exam_settings_follow';
import * as topicTranslations from './migrations/0028_topic_translations';
import * as searchYoAsYe from './migrations/0029_search_yo_as_ye';
import * as examsEndWhenFailed from './migrations/0030_exams_end_when_failed';
import * as percentPassMarksFromOne from './migrations/0031_percent_pass_marks_from_one';
import { createDataDir, privateFile } from './private-files';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseOptions {
  /** A postgres:// URL; without it the embedded SQLite file in `dataDir` is used. */
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  pgSchema?: string | undefined;
  dataDir: string;
  /** SQLite file name inside dataDir. */
  sqliteFile?: string;
  /**
   * Told of a PostgreSQL connection that broke (the server restarted, failed over or ended it):
   * the pool drops it and opens another when next needed.
   */
  onConnectionError?: (error: Error) => void;
  /** Told when SQLite could neither commit a group of transactions nor roll it back. */
  onCommitError?: (error: unknown) => void;
}

export interface AppDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite file, when the database is SQLite. */
  sqlitePath: string | undefined;
  /** The PostgreSQL schema the app lives in, when not the default one. */
  pgSchema: string | undefined;
  /**
   * Where this process is the database's only writer (SQLite, held exclusively): how many
   * writing statements it has run so far. A read stays true for as long as this is unchanged.
   * Undefined where other processes write too (PostgreSQL).
   */
  ownWrites: (() => number) | undefined;
  /**
   * The commit still to come of everything run so far (it rejects if that commit fails), or
   * undefined when all of it is committed. On SQLite the transactions of one turn of the
   * event loop commit together (db/group-commit.ts); PostgreSQL commits each as it ends.
   */
  uncommitted(): Promise<void> | undefined;
  close(): Promise<void>;
}

/** How long a request waits for a new PostgreSQL connection before it fails. */
const CONNECT_TIMEOUT_MS = 5000;

// Bigint ids and counts arrive from pg as strings; they always fit a JS number here.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** Opens SQLite (WAL, foreign keys on) or PostgreSQL, as the options say. */
export function openDatabase(options: DatabaseOptions): AppDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // While the server is down a request fails soon (503) instead of queueing for ever.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // A connection a firewall or failover silently dropped is noticed, not waited on.
      keepAlive: true,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // A connection the server ends (restart, failover, pg_terminate_backend) emits 'error': on
    // the pool while idle, on its client while checked out. Unheard, either event ends the
    // process; heard, the pool drops the broken client and the request using it fails (503).
    const lost = (error: Error) => options.onConnectionError?.(error);
    pool.on('error', lost);
    pool.on('connect', (client) => client.on('error', lost));
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      sqlitePath: undefined,
      pgSchema: options.pgSchema,
      ownWrites: undefined,
      uncommitted: () => undefined,
      close: () => db.destroy(),
    };
  }
  createDataDir(options.dataDir);
  const sqlitePath = path.join(options.dataDir, options.sqliteFile ?? 'trainer.sqlite');
  // One process owns the file, so what it caches can only go stale by its own writes; a second
  // server started on the same DATA_DIR fails at start-up instead of serving stale answers.
  const file = openOwnedSqliteFile(sqlitePath);
  const sqlite = withStatementCache(file);
  const dialect = new GroupCommitSqliteDialect(
    { database: sqlite },
    {
      inTransaction: () => file.inTransaction,
      onFlushError: (error) => options.onCommitError?.(error),
    },
  );
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: 'sqlite',
    sqlitePath,
    pgSchema: undefined,
    ownWrites: () => sqlite.writes,
    uncommitted: () => dialect.uncommitted(),
    close: () => db.destroy(),
  };
}

/** The live database file, held by this process alone; a clear error when another holds it. */
function openOwnedSqliteFile(file: string): SqliteDatabase.Database {
  try {
    return openSqliteFile(file, { exclusive: true });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'SQLITE_BUSY') throw error;
    throw new Error(
      `${file} is in use by another process. One server owns a SQLite database; to run several, give them one PostgreSQL database (DATABASE_URL).`,
      { cause: error },
    );
  }
}

/**
 * A better-sqlite3 handle set up the way the app relies on; `exclusive` keeps every other
 * connection (and process) out for as long as it is open.
 */
export function openSqliteFile(
  file: string,
  { exclusive = false }: { exclusive?: boolean } = {},
): SqliteDatabase.Database {
  // Every copy of the data (the live file, its WAL, a backup) holds password hashes.
  privateFile(file, ['-wal', '-shm', '-journal']);
  const sqlite = new SqliteDatabase(file);
  // Before WAL is first used: held exclusively, the WAL index lives in this process's memory.
  if (exclusive) sqlite.pragma('locking_mode = EXCLUSIVE');
  sqlite.pragma('journal_mode = WAL');
  // NORMAL in WAL mode: a committed write survives a crash of the process (not a power loss).
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own lower() folds ASCII letters only; PostgreSQL's folds every script, which the
  // Users search needs for names (usernames and e-mails are ASCII, so their indexes read alike).
  sqlite.function('lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
  return sqlite;
}

const STATEMENT_CACHE_SIZE = 500;

/** Statements that change the schema: a reading statement's columns may differ after one. */
const SCHEMA_CHANGE = /^\s*(create|alter|drop)\b/i;

/**
 * A reading statement whose rows better-sqlite3 hands over as arrays (its `raw` mode), made
 * into objects here. better-sqlite3 builds each row object property by property in C++, which
 * took twice as long as the read itself (forty rows of a learner's memory: about 520 µs against
 * 250 µs as arrays, and 265 µs as arrays made objects by this loop): every row built here takes
 * the same keys in the same order, which V8 handles as one shape. The column names are read
 * once, when the statement is prepared.
 */
function withObjectRows(statement: SqliteDatabase.Statement): SqliteDatabase.Statement {
  const names = statement.columns().map((column) => column.name);
  const raw = statement.raw(true);
  const toObject = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) row[names[index] as string] = values[index];
    return row;
  };
  return {
    reader: true,
    readonly: statement.readonly,
    all: (parameters: unknown[]) => (raw.all(parameters) as unknown[][]).map(toObject),
    run: (parameters: unknown[]) => raw.run(parameters),
    *iterate(parameters: unknown[]) {
      for (const values of raw.iterate(parameters) as IterableIterator<unknown[]>) {
        yield toObject(values);
      }
    },
  } as unknown as SqliteDatabase.Statement;
}

/**
 * Kysely prepares every query anew; better-sqlite3 statements are reusable, and the app runs
 * the same few hundred SQL texts over and over, so prepared statements are kept by their text
 * (reading ones through withObjectRows). A statement that changes the schema drops them all:
 * SQLite prepares a kept statement again by itself, but the column names kept beside it would
 * be those from before. Kysely prepares each query right before running it, so counting the
 * writing ones as they are prepared counts the writes.
 */
function withStatementCache(
  sqlite: SqliteDatabase.Database,
): SqliteDatabaseLike & { readonly writes: number } {
  const statements = new BoundedMap<string, SqliteDatabase.Statement>(STATEMENT_CACHE_SIZE);
  let writes = 0;
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = sqlite.prepare(text);
        if (statement.reader) statement = withObjectRows(statement);
        statements.set(text, statement);
      }
      if (!statement.reader && SCHEMA_CHANGE.test(text)) {
        statements.clear();
        statements.set(text, statement);
      }
      if (!statement.readonly) writes += 1;
      return statement;
    },
    get writes() {
      return writes;
    },
  };
}

/** Every migration by name, oldest first. */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001_initial': initial,
  '0002_exam_client_id': examClientId,
  '0003_questions_id_index': questionsIdIndex,
  '0004_cache_revisions': cacheRevisions,
  '0005_audit_details': auditDetails,
  '0006_settings_revision': settingsRevision,
  '0007_user_activity': userActivity,
  '0008_session_revision': sessionRevision,
  '0009_question_search_text': questionSearchText,
  '0010_answer_key': answerKey,
  '0011_recent_answer_keys': recentAnswerKeys,
  '0012_photo_alt': photoAlt,
  '0013_courses': courses,
  '0014_health_probe': healthProbe,
  '0015_revoked_tokens': revokedTokens,
  '0016_rate_limits': rateLimits,
  '0017_image_revisions': imageRevisions,
  '0018_exam_integrity': examIntegrity,
  '0020_readiness': readiness,
  '0021_bookmarks': bookmarks,
  '0022_training_counts': trainingCounts,
  '0023_question_translations': questionTranslations,
  '0024_memory_activity_per_statement': memoryActivityPerStatement,
  '0025_prepared_exams': preparedExams,
  '0026_training_session_keys': trainingSessionKeys,
  '0027_exam_settings_follow': examSettingsFollow,
  '0028_topic_translations': topicTranslations,
  '0029_search_yo_as_ye': searchYoAsYe,
  '0030_exams_end_when_failed': examsEndWhenFailed,
  '0031_percent_pass_marks_from_one': percentPassMarksFromOne,
};

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/** The migrations' names, oldest first. */
export const MIGRATION_NAMES = Object.keys(MIGRATIONS);

/** Brings the schema up to date; throws with the failing migration's error. */
export function migrateToLatest(db: Kysely<Database>, pgSchema?: string): Promise<void> {
  // Kysely looks for its lock table in any schema unless told which one is ours.
  const migrator = new Migrator({
    db,
    provider,
    // One version (76b223f) shipped 0021 before 0020 existed: a database it made has 0021 run
    // and 0020 not, and must still upgrade. Each migration stands alone, so order is not needed.
    allowUnorderedMigrations: true,
    ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
  });
  return checked(migrator.migrateToLatest());
}

/** Runs the migrations up to and including `name` (one of MIGRATION_NAMES). */
export function migrateTo(db: Kysely<Database>, name: string, pgSchema?: string): Promise<void> {
  return checked(
    new Migrator({
      db,
      provider,
      ...(pgSchema ? { migrationTableSchema: pgSchema } : {}),
    }).migrateTo(name),
  );
}

async function checked(run: Promise<MigrationResultSet>): Promise<void> {
  const { error, results } = await run;
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(
      failed
        ? `Migration ${failed.migrationName} failed: ${reason}`
        : `Migrations failed: ${reason}`,
    );
  }
}
