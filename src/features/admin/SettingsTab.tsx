import { useTranslation } from '../../i18n/react';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { resetPublicSettings } from '../../lib/public-settings';
import { Button } from '../../ui/button/Button';
import { Badge } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { useNotify } from '../../ui/notifications/Notifications';
import { DataTable, type Column } from '../../ui/table/DataTable';
import type { Setting } from './admin-api';
import * as styles from './admin.css';
import { MaintenancePanel } from './MaintenancePanel';
import { ListEmptyState, RowActions, YesNo } from './parts';
import type { EditTarget } from './admin-search';
import { SettingFormModal } from './SettingFormModal';
import { useAdminData } from './use-admin-data';
import { breakableAfter } from '../../ui/table/breakable';
import { useAdminTask, useFailureMessage } from './use-admin-task';

/**
 * A value as the table shows it: JSON on one line with a space after each comma and colon, so it
 * wraps between its parts and not inside a word, and in full, indented, as the cell's title
 * (the cell shows two lines at most).
 */
function shownValue(setting: Pick<Setting, 'value' | 'data_type'>): {
  short: string;
  full: string;
} {
  if (setting.data_type !== 'json') return { short: setting.value, full: setting.value };
  let parsed: unknown;
  try {
    parsed = JSON.parse(setting.value);
  } catch {
    return { short: setting.value, full: setting.value };
  }
  return {
    short: JSON.stringify(parsed, null, 1).replace(/\n\s*/g, ' '),
    full: JSON.stringify(parsed, null, 2),
  };
}

/** Settings: the table with add, edit and delete, and the maintenance actions. */
export function SettingsTab({
  editing,
  onEditingChange,
}: {
  /** The setting whose form is open (kept in the URL). */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const { confirm, dialog } = useConfirm();
  // Read again in a new language: built-in settings' descriptions come in the reader's words.
  const settings = useAdminData(
    `settings:${i18n.resolvedLanguage ?? ''}`,
    (signal) => unwrap(api.GET('/settings', { signal })),
    () => notify.error(t('errors.fetchSettings')),
  );

  const changed = () => {
    resetPublicSettings();
    settings.reload();
  };

  /** The confirmation's words: a built-in setting says what takes its place. */
  const deleteMessage = ({ key, rule, data_type }: Pick<Setting, 'key' | 'rule' | 'data_type'>) => {
    if (!rule) return t('confirm.deleteSetting', { key });
    if (rule.default === undefined) return t('confirm.deleteCourseRuleSetting', { key });
    const value =
      rule.kind === 'boolean'
        ? t(rule.default === 'true' ? 'common.yes' : 'common.no')
        : shownValue({ value: rule.default, data_type }).short;
    return t('confirm.deleteBuiltInSetting', { key, value });
  };

  const remove = async (setting: Pick<Setting, 'id' | 'key' | 'rule' | 'data_type'>) => {
    const confirmed = await confirm({
      title: t('settings.deleteTitle'),
      message: deleteMessage(setting),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return false;
    const result = await run(
      `delete:${setting.id}`,
      () => unwrap(api.DELETE('/settings/{id}', { params: { path: { id: setting.id } } })),
      {
        success: () => t('success.settingDeleted'),
        error: (error) => failure('errors.deleteSetting', error),
      },
    );
    if (result.ok) changed();
    return result.ok;
  };

  const columns: Column<Setting>[] = [
    {
      key: 'key',
      header: t('settings.key'),
      cell: (setting) => (
        <strong className={styles.wholeParts}>{breakableAfter(setting.key, '_')}</strong>
      ),
    },
    {
      key: 'value',
      header: t('settings.value'),
      cell: (setting) => {
        // A switch is read as one, in the reader's language, as the form shows it.
        if (setting.data_type === 'boolean' && ['true', 'false'].includes(setting.value))
          return <YesNo value={setting.value === 'true'} />;
        const shown = shownValue(setting);
        return (
          <span className={styles.settingValue} title={shown.full}>
            {shown.short}
          </span>
        );
      },
    },
    {
      key: 'description',
      header: t('settings.description'),
      cell: (setting) => (
        <span className={styles.clip} title={setting.description ?? undefined}>
          {setting.description ?? '—'}
        </span>
      ),
    },
    {
      key: 'type',
      header: t('settings.type'),
      cell: (setting) => <Badge>{t(`settings.types.${setting.data_type}`)}</Badge>,
    },
    {
      key: 'public',
      header: t('settings.public'),
      cell: (setting) => <YesNo value={setting.is_public} />,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (setting) => (
        <RowActions
          editLabel={t('settings.editNamed', { key: setting.key })}
          deleteLabel={t('settings.deleteNamed', { key: setting.key })}
          onEdit={() => onEditingChange(setting.id)}
          onDelete={() => void remove(setting)}
          deleting={busy === `delete:${setting.id}`}
        />
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Button onClick={() => onEditingChange('new')}>{t('settings.add')}</Button>
        <Button variant="secondary" onClick={settings.reload} loading={settings.loading}>
          {t('actions.refresh')}
        </Button>
      </div>
      <DataTable
        caption={t('settings.caption')}
        rows={settings.data ?? []}
        columns={columns}
        rowKey={(setting) => setting.id}
        empty={<ListEmptyState list={settings} empty={t('settings.empty')} />}
        busy={settings.loading}
        testId="settings-table"
      />
      <MaintenancePanel onDataChanged={changed} />
      <SettingFormModal
        target={editing}
        onClose={() => onEditingChange(null)}
        onSaved={() => {
          onEditingChange(null);
          changed();
        }}
        onGone={changed}
        onDelete={async (setting) => {
          if (await remove(setting)) onEditingChange(null);
        }}
      />
      {dialog}
    </div>
  );
}
