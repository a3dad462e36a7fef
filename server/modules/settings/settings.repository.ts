import type { Kysely, Insertable, Updateable } from 'kysely';
import type { Database, SettingRow, SettingsTable } from '../../db/schema';
import { whereUnchanged } from '../../db/unchanged';
import { SETTING_FIELDS } from './settings.model';

/** Data access for settings; accepts a transaction too. */
export function createSettingsRepository(db: Kysely<Database>) {
  return {
    list(filter: { publicOnly: boolean }): Promise<SettingRow[]> {
      let query = db.selectFrom('settings').selectAll();
      if (filter.publicOnly) query = query.where('is_public', '=', 1);
      return query.orderBy('key').execute();
    },

    byId: (id: number) =>
      db.selectFrom('settings').selectAll().where('id', '=', id).executeTakeFirst(),

    byKey: (key: string) =>
      db.selectFrom('settings').selectAll().where('key', '=', key).executeTakeFirst(),

    insert: (setting: Insertable<SettingsTable>): Promise<SettingRow> =>
      db.insertInto('settings').values(setting).returningAll().executeTakeFirstOrThrow(),

    /** Undefined when the setting is gone, or (given `unchanged`) no longer has those fields. */
    update: (
      id: number,
      changes: Updateable<SettingsTable>,
      unchanged?: Pick<SettingRow, (typeof SETTING_FIELDS)[number]>,
    ) =>
      whereUnchanged(
        db.updateTable('settings').set(changes).where('id', '=', id),
        SETTING_FIELDS,
        unchanged,
      )
        .returningAll()
        .executeTakeFirst(),

    delete: async (id: number) =>
      (await db.deleteFrom('settings').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
