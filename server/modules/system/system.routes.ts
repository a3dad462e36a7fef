import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';
import { text } from '../../i18n/text';

export type SystemOperations = 'getHealth';

/** Handlers of the system operations. */
export function createSystemHandlers(deps: AppDeps): Pick<OperationHandlers, SystemOperations> {
  return {
    async getHealth() {
      try {
        await sql`select 1`.execute(deps.db);
      } catch {
        throw new HttpError(503, text('databaseUnavailable'));
      }
      return { status: 'ok', database: deps.database.dialect };
    },
  };
}
