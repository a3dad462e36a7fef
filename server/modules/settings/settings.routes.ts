import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';

export type SettingsOperations = 'listSettings' | 'createSetting' | 'getSetting' | 'updateSetting' | 'deleteSetting' | 'getSettingByKey' | 'updateSettingByKey' | 'bulkUpdateSettings' | 'getSystemStatus' | 'clearCache' | 'backupDatabase' | 'downloadBackup' | 'restoreDatabase' | 'exportData' | 'initializeDefaultSettings' | 'listMaintenanceActions';

const unfinished = async (): Promise<never> => {
  throw new HttpError(501, 'Not implemented yet');
};

/** Handlers of the settings operations. */
export function createSettingsHandlers(_deps: AppDeps): Pick<OperationHandlers, SettingsOperations> {
  return {
    listSettings: unfinished,
    createSetting: unfinished,
    getSetting: unfinished,
    updateSetting: unfinished,
    deleteSetting: unfinished,
    getSettingByKey: unfinished,
    updateSettingByKey: unfinished,
    bulkUpdateSettings: unfinished,
    getSystemStatus: unfinished,
    clearCache: unfinished,
    backupDatabase: unfinished,
    downloadBackup: unfinished,
    restoreDatabase: unfinished,
    exportData: unfinished,
    initializeDefaultSettings: unfinished,
    listMaintenanceActions: unfinished,
  };
}
