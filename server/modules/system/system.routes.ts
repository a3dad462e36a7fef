import { sql } from 'kysely';
import type { AppDeps } from '../../deps';
import { sendDetail } from '../../http/error-handler';
import type { OperationHandlers } from '../../http/operations';
import { text } from '../../i18n/text';

export type SystemOperations = 'getHealth';

/** Handlers of the system operations. */
export function createSystemHandlers(deps: AppDeps): Pick<OperationHandlers, SystemOperations> {
  const database = deps.database.dialect;
  return {
    async getHealth({ request, reply }) {
      try {
        await sql`select 1`.execute(deps.db);
      } catch (error) {
        request.log.warn({ err: error }, 'health: the database does not answer');
        return sendDetail(request, reply, 503, text('databaseUnavailable'), {
          status: 'unavailable',
          database,
          read: false,
          write: false,
        });
      }
      try {
        await writeProbe(deps);
      } catch (error) {
        request.log.warn({ err: error }, 'health: the database refuses writes');
        return sendDetail(request, reply, 503, text('databaseRefusesWrites'), {
          status: 'degraded',
          database,
          read: true,
          write: false,
        });
      }
      return { status: 'ok', database, read: true, write: true };
    },
  };
}

/**
 * Rewrites the probe row: a committed write, so a full disk or a read-only database (file,
 * mount or server) fails it where a read would still pass.
 */
async function writeProbe(deps: Pick<AppDeps, 'db' | 'now'>): Promise<void> {
  const checkedAt = deps.now().toISOString();
  const updated = await deps.db
    .updateTable('health_probe')
    .set({ checked_at: checkedAt })
    .where('id', '=', 1)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) {
    // The row is gone (removed by hand): put it back, which is a write all the same.
    await deps.db
      .insertInto('health_probe')
      .values({ id: 1, checked_at: checkedAt })
      .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: checkedAt }))
      .execute();
  }
}
