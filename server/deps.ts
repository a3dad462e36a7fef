import type { Kysely } from 'kysely';
import { type AuditEvent, detailsOf, summarize } from './audit-events';
import type { AppDatabase } from './db/database';
import type { Database } from './db/schema';
import type { Caller } from './http/operations';
import type { TokenService } from './http/tokens';
import type { QuestionBank } from './modules/questions/question-bank';

export interface AuditLog {
  /** Writes through `into` when given: a transaction that must hold the entry with its change. */
  record(caller: Caller | null, event: AuditEvent, into?: Kysely<Database>): Promise<void>;
}

export function createAuditLog(db: Kysely<Database>, now: () => Date): AuditLog {
  return {
    async record(caller, event, into = db) {
      await into
        .insertInto('audit_log')
        .values({
          user_id: caller?.id ?? null,
          username: caller?.username ?? null,
          action: event.action,
          summary: summarize(event).slice(0, 500),
          details: JSON.stringify(detailsOf(event)),
          created_at: now().toISOString(),
        })
        .execute();
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
