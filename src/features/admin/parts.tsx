import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button/Button';
import { Notice } from '../../ui/card/Card';
import { tableStyles } from '../../ui/table/DataTable';
import * as styles from './admin.css';
import type { AdminData } from './use-admin-data';

/** One number with its label (overview counts, ticket and topic stats). */
export function StatCard({
  label,
  value,
  tone = 'primary',
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  tone?: keyof typeof styles.statTone;
  testId?: string;
}) {
  return (
    <div className={cx(styles.stat, styles.statTone[tone])} data-testid={testId}>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value}</p>
    </div>
  );
}

/** Yes or No, coloured. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className={value ? styles.flag.yes : styles.flag.no}>
      {value ? t('common.yes') : t('common.no')}
    </span>
  );
}

/** The edit and delete buttons of a table row, labelled with what they act on. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting,
  cannotDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  /** Why this row cannot be deleted (the administrator's own account): delete is off. */
  cannotDelete?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={tableStyles.actions}>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={editLabel}>
        {t('actions.edit')}
      </Button>
      <Button
        size="sm"
        variant="danger"
        onClick={onDelete}
        loading={deleting}
        aria-label={deleteLabel}
        disabled={cannotDelete !== undefined}
        title={cannotDelete}
      >
        {t('actions.delete')}
      </Button>
    </div>
  );
}

/**
 * What a list with nothing to show says: that it is loading, that it could not be loaded (with
 * a retry: an empty list's own text would claim there is nothing stored), or its empty text.
 */
export function ListEmptyState({
  list,
  empty,
}: {
  list: Pick<AdminData<unknown>, 'loading' | 'failed' | 'reload'>;
  empty: ReactNode;
}) {
  const { t } = useTranslation('admin');
  if (list.loading) return <>{t('common.loading')}</>;
  if (!list.failed) return <>{empty}</>;
  return (
    <Notice tone="error" text={t('common.loadFailed')} testId="list-load-failed">
      <Button size="sm" variant="secondary" onClick={list.reload}>
        {t('edit.retry')}
      </Button>
    </Notice>
  );
}
