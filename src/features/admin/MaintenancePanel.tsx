import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button, type ButtonVariant } from '../../ui/button/Button';
import { Card } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { FileField } from '../../ui/form/FileField';
import { dateStamp, downloadBackup, restoreDatabase, saveBlob } from './admin-api';
import * as styles from './admin.css';
import { useAdminTask, useFailureReason } from './use-admin-task';
import { readBytes } from '../../lib/read-bytes';

export const MAINTENANCE_ACTIONS = [
  'backup_database',
  'export_data',
  'clear_cache',
  'initialize_defaults',
] as const;
export type MaintenanceAction = (typeof MAINTENANCE_ACTIONS)[number];

const VARIANTS: Record<MaintenanceAction, ButtonVariant> = {
  backup_database: 'primary',
  export_data: 'outline',
  clear_cache: 'warning',
  initialize_defaults: 'secondary',
};

/** A backup the server made and keeps, whose download failed. */
class BackupNotDownloaded extends Error {
  constructor(
    readonly filename: string,
    cause: unknown,
  ) {
    super(`backup ${filename} not downloaded`, { cause });
  }
}

/** Backup (downloaded), export (downloaded as JSON), clear cache, initialize defaults, and restore. */
export function MaintenancePanel({ onDataChanged }: { onDataChanged: () => void }) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const { busy, run } = useAdminTask();
  const { confirm, dialog } = useConfirm();
  const [backupFile, setBackupFile] = useState<File | null>(null);
  const [notBackup, setNotBackup] = useState<string | null>(null);
  const [restores, setRestores] = useState(0);

  const reasonOf = useFailureReason();
  // The action in words ('Restoring from a backup'), never its API name.
  const failed = (action: MaintenanceAction | 'restore_database', error: unknown) =>
    t('errors.maintenance', {
      action: t(`maintenance.actionNames.${action}`),
      detail: reasonOf(error) ?? t('errors.unknown'),
    });

  const perform = async (action: string) => {
    switch (action) {
      case 'backup_database':
        return run(
          action,
          async () => {
            const backup = await unwrap(api.POST('/settings/maintenance/backup_database'));
            const blob = await downloadBackup(api, backup.download_url, backup.filename).catch(
              (error: unknown) => Promise.reject(new BackupNotDownloaded(backup.filename, error)),
            );
            saveBlob(blob, backup.filename);
          },
          {
            success: () => t('success.backup'),
            // The server made the backup and keeps it (server/modules/settings/backup.ts): only
            // the download failed, and saying the backup failed would be untrue.
            error: (error) =>
              error instanceof BackupNotDownloaded
                ? t('errors.backupNotDownloaded', {
                    filename: error.filename,
                    detail: reasonOf(error.cause) ?? t('errors.unknown'),
                  })
                : failed(action, error),
          },
        );
      case 'export_data':
        return run(
          action,
          async () => {
            const exported = await unwrap(api.POST('/settings/maintenance/export_data'));
            const blob = new Blob([JSON.stringify(exported, null, 2)], {
              type: 'application/json',
            });
            saveBlob(blob, `theory_trainer_export_${dateStamp()}.json`);
          },
          { success: () => t('success.export'), error: (error) => failed(action, error) },
        );
      case 'clear_cache':
        return run(action, () => unwrap(api.POST('/settings/maintenance/clear_cache')), {
          success: () => t('success.cacheCleared'),
          error: (error) => failed(action, error),
        });
      case 'initialize_defaults': {
        const result = await run(action, () => unwrap(api.POST('/settings/initialize-defaults')), {
          // How many were missing: none is worth saying too (the button changed nothing).
          success: ({ created }) =>
            created === 0
              ? t('success.defaultsPresent')
              : t('success.defaultsInitialized', { count: created }),
          error: () => t('errors.initializeDefaults'),
        });
        if (result.ok) onDataChanged();
        return result;
      }
      default:
        return run(action, () => Promise.reject(new Error(action)), {
          error: () => t('errors.unknownAction'),
        });
    }
  };

  // Read before anything is asked: a file that is no SQLite database cannot be a backup, and
  // confirming the loss of all data for it would be asking for nothing.
  const chooseBackup = async (file: File | null) => {
    setBackupFile(null);
    setNotBackup(null);
    if (!file) return;
    if (await isSqliteFile(file)) {
      setBackupFile(file);
    } else {
      setNotBackup(t('maintenance.notBackup', { file: file.name }));
      // Not left showing as chosen: the picker empties again.
      setRestores((count) => count + 1);
    }
  };

  const restore = async (event: FormEvent) => {
    event.preventDefault();
    if (!backupFile) return;
    const confirmed = await confirm({
      title: t('maintenance.restoreTitle'),
      message: t('confirm.restore', { file: backupFile.name }),
      confirmLabel: t('maintenance.restore'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const result = await run('restore_database', () => restoreDatabase(api, backupFile), {
      success: () => t('success.restored'),
      error: (error) => failed('restore_database', error),
    });
    if (result.ok) {
      setBackupFile(null);
      setRestores((count) => count + 1);
      onDataChanged();
    }
  };

  return (
    <Card>
      <h2 className={styles.sectionTitle}>{t('maintenance.title')}</h2>
      <p className={styles.muted}>{t('maintenance.subtitle')}</p>
      <div className={styles.maintenance}>
        {MAINTENANCE_ACTIONS.map((action) => (
          <div key={action} className={styles.maintenanceItem}>
            <p className={styles.maintenanceText}>{t(`maintenance.${action}.text`)}</p>
            <Button
              variant={VARIANTS[action]}
              onClick={() => void perform(action)}
              loading={busy === action}
              data-action={action}
            >
              {t(`maintenance.${action}.button`)}
            </Button>
          </div>
        ))}
      </div>
      <div className={styles.restore}>
        <h3 className={styles.subTitle}>{t('maintenance.restoreTitle')}</h3>
        <form
          onSubmit={restore}
          noValidate
          className={styles.fileForm}
          aria-label={t('maintenance.restoreTitle')}
        >
          <FileField
            key={restores}
            label={t('maintenance.restoreFile')}
            hint={t('maintenance.restoreHint')}
            accept=".sqlite,.db,application/vnd.sqlite3,application/x-sqlite3"
            onFile={(file) => void chooseBackup(file)}
            error={notBackup ?? undefined}
            action={
              <Button
                type="submit"
                variant="danger"
                disabled={!backupFile}
                loading={busy === 'restore_database'}
              >
                {t('maintenance.restore')}
              </Button>
            }
          />
        </form>
      </div>
      {dialog}
    </Card>
  );
}

// Every backup is a SQLite file (server/modules/settings/backup.ts), which starts so.
const SQLITE_HEADER = 'SQLite format 3\0';

/**
 * Whether the file starts as every SQLite database does; true when it cannot be read here, so
 * the server (which checks it too) has the last word.
 */
function isSqliteFile(file: Blob): Promise<boolean> {
  return readBytes(file.slice(0, SQLITE_HEADER.length)).then(
    (head) => String.fromCharCode(...head) === SQLITE_HEADER,
    () => true,
  );
}
