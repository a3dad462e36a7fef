import type { Kysely } from 'kysely';
import { type AuditEvent, detailsOf, summarize } from './audit-events';
import type { AppDatabase } from './db/database';
import { precompiledFor } from './db/precompiled';
import type { Database } from './db/schema';
import type { Caller } from './http/operations';
import type { TokenService } from './http/tokens';
import type { QuestionBank } from './modules/questions/question-bank';

export interface AuditLog {
  /** Writes through `into` when given: a transaction that must hold the entry with its change. */
  record(caller: Caller | null, event: AuditEvent, into?: Kysely<Database>): Promise<void>;
}

// Every exam submission writes an entry: the insert is built once per dialect. Parameters: user
// id, username, action, summary, details, time.
const insertEntryOf = precompiledFor((db) =>
  db.insertInto('audit_log').values({
    user_id: 0,
    username: '',
    action: '',
    summary: '',
    details: '',
    created_at: '',
  }),
);

export function createAuditLog(db: Kysely<Database>, now: () => Date): AuditLog {
  return {
    async record(caller, event, into = db) {
      await insertEntryOf(
        into,
        caller?.id ?? null,
        caller?.username ?? null,
        event.action,
        summarize(event).slice(0, 500),
        JSON.stringify(detailsOf(event)),
        now().toISOString(),
      );
    },
  };
}

/** What every module's handlers are built from. */
export interface AppDeps {
  db: Kysely<Database>;
  database: AppDatabase;
  dataDir: string;
  tokens: TokenService;
  /** The question bank as this process keeps it, checked against the database on each use. */
  bank: QuestionBank;
  audit: AuditLog;
  now(): Date;
  startedAt: Date;
}
