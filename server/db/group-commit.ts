import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/**
 * Group commit for the app's one SQLite connection: the transactions that begin before the
 * event loop's next turn share one real transaction and one COMMIT.
 *
 * A commit costs about as much as an exam's forty memory rows (`bench/database-alone.ts`):
 * SQLite writes each changed page to the write-ahead log again, and every thousand pages it
 * checkpoints, on the event-loop thread. Requests that arrive together (ten submissions, a
 * hundred practice answers) mostly change the same pages: the learner's memory, the end of the
 * results and audit tables. Committed together, those pages are written once per turn.
 *
 * Each Kysely transaction runs in a savepoint of the shared one: its failure rolls back its own
 * work only. Its `execute()` resolves once the shared transaction has committed, and rejects
 * when that commit fails, so nothing is acknowledged before it is durable (the same as a
 * transaction of its own: a committed write survives the process being killed). Statements
 * outside a transaction run in the open shared one too; `uncommitted()` tells a caller when what
 * they wrote or read is committed (the API's replies wait for it: server/app.ts).
 */
export interface GroupCommit {
  /**
   * The commit still to come of what has run so far (it rejects if that commit fails), or
   * undefined when everything is committed.
   */
  uncommitted(): Promise<void> | undefined;
}

/** The shared transaction of one turn, and its members' wait for its commit. */
interface Batch {
  committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** Statements that must not run inside a transaction: the open one is committed first. */
const OUTSIDE_TRANSACTION = /^\s*(pragma|vacuum|attach|detach)\b/i;

/** Each transaction's savepoint in the shared transaction (one runs at a time). */
const MEMBER = CompiledQuery.raw('savepoint group_member');
const RELEASE_MEMBER = CompiledQuery.raw('release group_member');
const ROLLBACK_MEMBER = CompiledQuery.raw('rollback to group_member');
const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * One use of the connection, from acquiring it to releasing it. A transaction gives the
 * connection back when its savepoint is released, before it waits for the commit, so the next
 * one can join the same turn's batch: the lease remembers that it already did.
 */
class Lease implements DatabaseConnection {
  /** Inside a transaction's savepoint. */
  member = false;
  released = false;

  constructor(
    readonly connection: DatabaseConnection,
    private readonly beforeStatement: (query: CompiledQuery) => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    await this.beforeStatement(query);
    try {
      return await this.connection.executeQuery<R>(query);
    } catch (error) {
      this.onError(error);
      throw error;
    }
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.connection.streamQuery<R>(query, chunkSize);
  }
}

class GroupCommitDriver implements Driver, GroupCommit {
  readonly #driver: SqliteDriver;
  readonly #inTransaction: () => boolean;
  readonly #onFlushError: (error: unknown) => void;
  #batch: Batch | undefined;
  /** The last statement's failure: why SQLite may have rolled a batch back by itself. */
  #lastError: unknown;

  constructor(driver: SqliteDriver, options: GroupCommitOptions) {
    this.#driver = driver;
    this.#inTransaction = options.inTransaction;
    this.#onFlushError = options.onFlushError;
  }

  init(): Promise<void> {
    return this.#driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#driver.acquireConnection();
    const lease: Lease = new Lease(
      connection,
      async (query) => {
        if (!lease.member && this.#batch && OUTSIDE_TRANSACTION.test(query.sql))
          await this.#commit(connection);
      },
      (error) => {
        this.#lastError = error;
      },
    );
    return lease;
  }

  async beginTransaction(lease: DatabaseConnection): Promise<void> {
    const { connection } = lease as Lease;
    this.#noticeLostBatch();
    (lease as Lease).member = true;
    if (!this.#batch) {
      await connection.executeQuery(BEGIN);
      this.#batch = openBatch();
      setImmediate(() => {
        // Only the ROLLBACK after a failed COMMIT can throw here, when the connection is
        // unusable; the members have their own error already.
        this.#flush().catch(this.#onFlushError);
      });
    }
    await connection.executeQuery(MEMBER);
  }

  async commitTransaction(lease: DatabaseConnection): Promise<void> {
    const { connection } = lease as Lease;
    await connection.executeQuery(RELEASE_MEMBER);
    const batch = this.#batch;
    // SQLite rolled the whole transaction back by itself (a disk full, an I/O error): this
    // member's work is gone with it, whatever RELEASE said.
    if (!batch || !this.#inTransaction()) {
      this.#noticeLostBatch();
      throw this.#lostBatchError();
    }
    await this.#release(lease as Lease);
    await batch.committed;
  }

  async rollbackTransaction(lease: DatabaseConnection): Promise<void> {
    const { connection, released } = lease as Lease;
    // Released, it waited for a commit that failed: the batch is rolled back already, and the
    // connection may be another transaction's by now.
    if (released) return;
    if (!this.#batch || !this.#inTransaction()) {
      this.#noticeLostBatch();
      return;
    }
    await connection.executeQuery(ROLLBACK_MEMBER);
    await connection.executeQuery(RELEASE_MEMBER);
  }

  savepoint(
    lease: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#driver.savepoint((lease as Lease).connection, name, compileQuery);
  }

  rollbackToSavepoint(
    lease: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#driver.rollbackToSavepoint((lease as Lease).connection, name, compileQuery);
  }

  releaseSavepoint(
    lease: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.#driver.releaseSavepoint((lease as Lease).connection, name, compileQuery);
  }

  releaseConnection(lease: DatabaseConnection): Promise<void> {
    return this.#release(lease as Lease);
  }

  async destroy(): Promise<void> {
    await this.#flush();
    await this.#driver.destroy();
  }

  uncommitted(): Promise<void> | undefined {
    return this.#batch?.committed;
  }

  async #release(lease: Lease): Promise<void> {
    if (lease.released) return;
    lease.released = true;
    await this.#driver.releaseConnection();
  }

  /** Commits the turn's batch, once no transaction is half done (it holds the connection). */
  async #flush(): Promise<void> {
    if (!this.#batch) return;
    const connection = await this.#driver.acquireConnection();
    try {
      await this.#commit(connection);
    } finally {
      await this.#driver.releaseConnection();
    }
  }

  async #commit(connection: DatabaseConnection): Promise<void> {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    try {
      await connection.executeQuery(COMMIT);
      batch.resolve();
    } catch (error) {
      batch.reject(error);
      // A failed COMMIT (a deferred constraint, the disk) may leave the transaction open.
      if (this.#inTransaction()) await connection.executeQuery(ROLLBACK);
    }
  }

  /** The open batch, if SQLite has rolled it back by itself, fails: none of it was stored. */
  #noticeLostBatch(): void {
    const batch = this.#batch;
    if (!batch || this.#inTransaction()) return;
    this.#batch = undefined;
    batch.reject(this.#lostBatchError());
  }

  #lostBatchError(): Error {
    return new Error('SQLite rolled the transaction back', { cause: this.#lastError });
  }
}

function openBatch(): Batch {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // Members wait on it; a failed commit with no member waiting (statements outside a
  // transaction only) is reported by uncommitted() to whoever asks, not as an unhandled rejection.
  committed.catch(() => undefined);
  return { committed, resolve, reject };
}

export interface GroupCommitOptions {
  /** better-sqlite3's own flag, which also tells when SQLite ended a transaction by itself. */
  inTransaction: () => boolean;
  /** Told when rolling back after a failed commit failed too (the connection is unusable). */
  onFlushError: (error: unknown) => void;
}

/** Kysely's SQLite dialect with group commit. */
export class GroupCommitSqliteDialect extends SqliteDialect implements GroupCommit {
  readonly #config: SqliteDialectConfig;
  readonly #options: GroupCommitOptions;
  #driver: GroupCommitDriver | undefined;

  constructor(config: SqliteDialectConfig, options: GroupCommitOptions) {
    super(config);
    this.#config = config;
    this.#options = options;
  }

  override createDriver(): Driver {
    this.#driver = new GroupCommitDriver(new SqliteDriver(this.#config), this.#options);
    return this.#driver;
  }

  uncommitted(): Promise<void> | undefined {
    return this.#driver?.uncommitted();
  }
}
