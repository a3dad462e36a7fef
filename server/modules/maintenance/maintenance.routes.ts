import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { NotFoundError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';
import { readUploadedFile } from '../../http/uploads';
import { text } from '../../i18n/text';
import { createBackup, findBackup } from './backup';
import { exportData, MAINTENANCE_ACTIONS, systemStatus } from './maintenance';
import { restoreFromFile } from './restore';

export type MaintenanceOperations =
  | 'getSystemStatus'
  | 'clearCache'
  | 'backupDatabase'
  | 'downloadBackup'
  | 'restoreDatabase'
  | 'exportData'
  | 'listMaintenanceActions';

/**
 * Handlers of the maintenance operations: the system's status, clearing the bank the process
 * keeps, backups and their download, restoring a backup, and exporting the data. Administrators
 * only (the contract's security says so; server/http/authenticate.ts holds to it).
 */
export function createMaintenanceHandlers(
  deps: AppDeps,
): Pick<OperationHandlers, MaintenanceOperations> {
  return {
    async getSystemStatus() {
      return systemStatus(deps);
    },

    async clearCache({ caller }) {
      const cleared = deps.bank.clear();
      await deps.audit.record(caller, { action: 'maintenance.clear_cache', count: cleared });
      return { message: 'Cache cleared successfully', cleared_entries: cleared };
    },

    async backupDatabase({ caller }) {
      const backup = await createBackup(deps);
      await deps.audit.record(caller, { action: 'maintenance.backup', filename: backup.filename });
      return {
        message: 'Database backup initiated',
        filename: backup.filename,
        download_url: `/settings/maintenance/backups/${backup.filename}`,
        size_bytes: backup.sizeBytes,
        created_at: backup.createdAt,
      };
    },

    async downloadBackup({ params, reply }) {
      const file = findBackup(deps.dataDir, params.filename);
      if (!file) throw new NotFoundError(text('backupNotFound'));
      return reply
        .header('content-type', 'application/vnd.sqlite3')
        .header('content-disposition', `attachment; filename="${params.filename}"`)
        .header('content-length', statSync(file).size)
        .header('cache-control', 'no-store')
        .send(createReadStream(file));
    },

    async restoreDatabase({ request, caller }) {
      const upload = await readUploadedFile(request);
      const dir = mkdtempSync(path.join(tmpdir(), 'trainer-restore-'));
      try {
        const file = path.join(dir, 'upload.sqlite');
        writeFileSync(file, upload.data);
        const tables = await restoreFromFile(deps, file);
        const total = Object.values(tables).reduce((sum, n) => sum + n, 0);
        await deps.audit.record(caller, {
          action: 'maintenance.restore',
          rows: total,
          filename: upload.filename,
        });
        return { message: 'Database restored successfully', tables };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },

    async exportData({ caller }) {
      const data = await exportData(deps);
      await deps.audit.record(caller, { action: 'maintenance.export_data' });
      return { message: 'Data export initiated', exported_at: deps.now().toISOString(), data };
    },

    async listMaintenanceActions() {
      return MAINTENANCE_ACTIONS;
    },
  };
}
