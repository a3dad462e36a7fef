import type { AppDeps } from '../../deps';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors';
import type { Caller, OperationHandlers } from '../../http/operations';
import { type DataType, insertMissingDefaults } from './settings.defaults';
import {
  dataTypeName,
  descriptionToStore,
  isDataType,
  settingProblem,
  settingTagOf,
  toSetting,
  type Setting,
} from './settings.model';
import { assertIfMatch, ifMatchOf, tagReply } from '../../http/entity-tags';
import { createSettingsRepository } from './settings.repository';
import { isUniqueViolation } from '../../db/data-errors';
import { type Language, requestLanguage } from '../../i18n/language';
import { text } from '../../i18n/text';

export type SettingsOperations =
  | 'listSettings'
  | 'createSetting'
  | 'getSetting'
  | 'updateSetting'
  | 'deleteSetting'
  | 'getSettingByKey'
  | 'updateSettingByKey'
  | 'bulkUpdateSettings'
  | 'initializeDefaultSettings';

const keyTaken = (key: string) =>
  new ConflictError(text('settingKeyTaken', { key }), { field: 'key' });

/** For the operations a guest may call: only an administrator gets past (401 guest, 403 learner). */
function requireAdmin(caller: Caller | null): Caller {
  if (!caller) throw new UnauthorizedError();
  if (!caller.isAdmin) throw new ForbiddenError();
  return caller;
}

function assertValueFits(key: string, value: string, dataType: DataType) {
  const problem = settingProblem(key, value, dataType);
  if (problem) {
    throw new ValidationError(
      text('invalidSetting', { key, type: dataTypeName(dataType), problem }),
      {
        field: 'value',
      },
    );
  }
}

/** The settings anyone may read, as GET /settings?public_only=true answers them (the SPA's page carries them too). */
export function publicSettingsReader(db: AppDeps['db']) {
  const settings = createSettingsRepository(db);
  return async (language: Language): Promise<Setting[]> =>
    (await settings.list({ publicOnly: true })).map((row) => toSetting(row, language));
}

/** Handlers of the settings operations (backup, restore and export: server/modules/maintenance). */
export function createSettingsHandlers(deps: AppDeps): Pick<OperationHandlers, SettingsOperations> {
  const settings = createSettingsRepository(deps.db);
  const publicSettings = publicSettingsReader(deps.db);

  return {
    async listSettings({ query, caller, request }) {
      const language = requestLanguage(request);
      if (query.public_only === true) return publicSettings(language);
      requireAdmin(caller);
      return (await settings.list({ publicOnly: false })).map((row) => toSetting(row, language));
    },

    async createSetting({ body, caller, request }) {
      const language = requestLanguage(request);
      const dataType = body.data_type ?? 'string';
      // A taken key is the first thing to say: its value's type is the stored setting's business.
      if (await settings.byKey(body.key)) throw keyTaken(body.key);
      assertValueFits(body.key, body.value, dataType);
      let created;
      try {
        created = await settings.insert({
          key: body.key,
          value: body.value,
          description: descriptionToStore(body.key, body.description ?? null, language),
          data_type: dataType,
          is_public: body.is_public ? 1 : 0,
          updated_at: deps.now().toISOString(),
        });
      } catch (error) {
        // Another request took the key between the check and the insert.
        if (isUniqueViolation(error)) throw keyTaken(body.key);
        throw error;
      }
      await deps.audit.record(caller, { action: 'setting.create', key: created.key });
      return toSetting(created, language);
    },

    async getSetting({ params, request, reply }) {
      const row = await settings.byId(params.id);
      if (!row) throw new NotFoundError(text('settingNotFound'));
      tagReply(reply, settingTagOf(row));
      return toSetting(row, requestLanguage(request));
    },

    async updateSetting({ params, body, caller, request, reply }) {
      const language = requestLanguage(request);
      const existing = await settings.byId(params.id);
      if (!existing) throw new NotFoundError(text('settingNotFound'));
      const dataType =
        body.data_type ?? (isDataType(existing.data_type) ? existing.data_type : 'string');
      // A new type must fit the value that stays, as much as a new value must fit the type.
      assertValueFits(existing.key, body.value ?? existing.value, dataType);
      const changed = text('settingChanged');
      assertIfMatch(request, settingTagOf(existing), changed);
      // Checked again as it is written: another save may have come in since it was read.
      const updated = await settings.update(
        existing.id,
        {
          ...(body.value !== undefined ? { value: body.value } : {}),
          ...(body.description !== undefined
            ? { description: descriptionToStore(existing.key, body.description, language) }
            : {}),
          ...(body.is_public !== undefined ? { is_public: body.is_public ? 1 : 0 } : {}),
          data_type: dataType,
          updated_at: deps.now().toISOString(),
        },
        ifMatchOf(request) === undefined ? undefined : existing,
      );
      if (!updated) {
        if (await settings.byId(existing.id)) throw new PreconditionFailedError(changed);
        throw new NotFoundError(text('settingNotFound'));
      }
      await deps.audit.record(caller, { action: 'setting.update', key: updated.key });
      tagReply(reply, settingTagOf(updated));
      return toSetting(updated, language);
    },

    async deleteSetting({ params, caller }) {
      const existing = await settings.byId(params.id);
      if (!existing || !(await settings.delete(existing.id)))
        throw new NotFoundError(text('settingNotFound'));
      await deps.audit.record(caller, { action: 'setting.delete', key: existing.key });
      return { message: 'Setting deleted successfully' };
    },

    async getSettingByKey({ params, caller, request }) {
      const row = await settings.byKey(params.key);
      if (!row) throw new NotFoundError(text('settingKeyNotFound', { key: params.key }));
      if (!row.is_public) requireAdmin(caller);
      return toSetting(row, requestLanguage(request));
    },

    async updateSettingByKey({ params, body, caller, request }) {
      const existing = await settings.byKey(params.key);
      if (!existing) throw new NotFoundError(text('settingKeyNotFound', { key: params.key }));
      assertValueFits(
        existing.key,
        body.value,
        isDataType(existing.data_type) ? existing.data_type : 'string',
      );
      const updated = await settings.update(existing.id, {
        value: body.value,
        updated_at: deps.now().toISOString(),
      });
      if (!updated) throw new NotFoundError(text('settingKeyNotFound', { key: params.key }));
      await deps.audit.record(caller, { action: 'setting.update', key: updated.key });
      return toSetting(updated, requestLanguage(request));
    },

    async bulkUpdateSettings({ body, caller }) {
      // The last value given for a key wins, as if the changes were applied one by one.
      const values = new Map(body.settings.map((item) => [item.key, item.value]));
      const now = deps.now().toISOString();
      await deps.db.transaction().execute(async (trx) => {
        const inTransaction = createSettingsRepository(trx);
        for (const [key, value] of values) {
          const existing = await inTransaction.byKey(key);
          if (!existing) throw new NotFoundError(text('settingKeyNotFound', { key }));
          assertValueFits(
            key,
            value,
            isDataType(existing.data_type) ? existing.data_type : 'string',
          );
          await inTransaction.update(existing.id, { value, updated_at: now });
        }
      });
      await deps.audit.record(caller, {
        action: 'setting.bulk_update',
        keys: [...values.keys()].join(', '),
      });
      return { message: 'Settings updated successfully', updated: values.size };
    },

    async initializeDefaultSettings({ caller }) {
      const created = await insertMissingDefaults(deps.db, deps.now());
      await deps.audit.record(caller, { action: 'setting.initialize_defaults', count: created });
      return { message: 'Default settings initialized successfully', created };
    },
  };
}
