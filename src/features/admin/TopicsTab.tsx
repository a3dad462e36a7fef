import { useTranslation } from 'react-i18next';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { useNotify } from '../../ui/notifications/Notifications';
import { DataTable, type Column } from '../../ui/table/DataTable';
import { dateStamp, downloadTopicsCsv, saveBlob, uploadTopicsCsv, type Topic } from './admin-api';
import * as styles from './admin.css';
import type { EditTarget } from './admin-search';
import { CsvImportPanel } from './CsvImportPanel';
import { ListEmptyState, RowActions, StatCard } from './parts';
import { useNumberFormats } from '../../i18n/numbers';
import { TopicFormModal } from './TopicFormModal';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage } from './use-admin-task';

/** Training topics: stats, CSV import and export, add, edit, refresh, delete and delete all. */
export function TopicsTab({
  editing,
  onEditingChange,
}: {
  /** The topic whose form is open (kept in the URL). */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const { number } = useNumberFormats();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const { confirm, dialog } = useConfirm();
  const topics = useAdminData(
    'topics',
    async (signal) => {
      const [stats, list] = await Promise.all([
        unwrap(api.GET('/training-topics/stats/info', { signal })),
        unwrap(api.GET('/training-topics', { signal })),
      ]);
      return { stats, list };
    },
    () => notify.error(t('errors.fetchTopics')),
  );

  const exportCsv = () =>
    run(
      'export',
      async () => {
        const blob = await downloadTopicsCsv(api);
        saveBlob(blob, `training_topics_${dateStamp()}.csv`);
      },
      {
        success: () => t('success.topicsExported'),
        error: (error) => failure('errors.exportTopics', error),
      },
    );

  const remove = async (topic: Topic) => {
    const confirmed = await confirm({
      title: t('topics.deleteTitle'),
      message: t('confirm.deleteTopic', { name: topic.name }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const result = await run(
      `delete:${topic.id}`,
      () => unwrap(api.DELETE('/training-topics/{id}', { params: { path: { id: topic.id } } })),
      {
        success: () => t('success.topicDeleted'),
        error: (error) => failure('errors.deleteTopic', error),
      },
    );
    if (result.ok) topics.reload();
  };

  const removeAll = async () => {
    const confirmed = await confirm({
      title: t('topics.deleteAllTitle'),
      message: t('confirm.deleteAllTopics'),
      confirmLabel: t('actions.deleteAll'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const result = await run('deleteAll', () => unwrap(api.DELETE('/training-topics/all/delete')), {
      success: () => t('success.allTopicsDeleted'),
      error: (error) => failure('errors.deleteAllTopics', error),
    });
    if (result.ok) topics.reload();
  };

  const columns: Column<Topic>[] = [
    { key: 'name', header: t('topics.name'), cell: (topic) => <strong>{topic.name}</strong> },
    {
      key: 'count',
      header: t('topics.questionCount'),
      cell: (topic) => number(topic.question_count),
    },
    {
      key: 'ids',
      header: t('topics.questionIds'),
      cell: (topic) => (
        // A space after each comma: the list wraps between ids, never inside one.
        <span className={`${styles.mono} ${styles.clip}`}>
          {topic.question_ids.split(',').join(', ')}
        </span>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (topic) => (
        <RowActions
          editLabel={t('topics.editNamed', { name: topic.name })}
          deleteLabel={t('topics.deleteNamed', { name: topic.name })}
          onEdit={() => onEditingChange(topic.id)}
          onDelete={() => void remove(topic)}
          deleting={busy === `delete:${topic.id}`}
        />
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.statsGrid}>
        <StatCard
          label={t('topics.total')}
          value={number(topics.data?.stats.total_topics)}
          testId="topics-total"
        />
        <StatCard
          label={t('topics.available')}
          value={number(topics.data?.stats.topics_available)}
          tone="success"
          testId="topics-available"
        />
      </div>
      <div className={styles.toolbar}>
        <Button onClick={() => onEditingChange('new')}>{t('topics.add')}</Button>
        <Button variant="outline" onClick={() => void exportCsv()} loading={busy === 'export'}>
          {t('topics.export')}
        </Button>
        <Button variant="secondary" onClick={topics.reload} loading={topics.loading}>
          {t('actions.refresh')}
        </Button>
        <div className={styles.toolbarEnd}>
          <Button variant="danger" onClick={() => void removeAll()} loading={busy === 'deleteAll'}>
            {t('topics.deleteAll')}
          </Button>
        </div>
      </div>
      <CsvImportPanel
        title={t('topics.importTitle')}
        header="name,question_ids"
        upload={(file) => uploadTopicsCsv(api, file)}
        onImported={(result) => {
          notify.success(t('success.topicsImported', { count: result.imported }));
          topics.reload();
        }}
        onFailed={(error) => notify.error(failure('errors.uploadTopicsCsv', error))}
        testId="topics-import"
      />
      <DataTable
        caption={t('topics.caption')}
        rows={topics.data?.list ?? []}
        columns={columns}
        rowKey={(topic) => topic.id}
        empty={<ListEmptyState list={topics} empty={t('topics.empty')} />}
        busy={topics.loading}
        testId="topics-table"
      />
      <TopicFormModal
        target={editing}
        onClose={() => onEditingChange(null)}
        onSaved={() => {
          onEditingChange(null);
          topics.reload();
        }}
      />
      {dialog}
    </div>
  );
}
