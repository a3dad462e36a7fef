import { useRef } from 'react';
import { CONTENT_LANGUAGES } from '../../../domain/question-languages';
import { LANGUAGE_TAGS } from '../../i18n/config';
import { useTranslation } from '../../i18n/react';
import { joinItems, joinSentences } from '../../i18n/sentences';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { Button } from '../../ui/button/Button';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { useNotify } from '../../ui/notifications/Notifications';
import { DataTable, type Column } from '../../ui/table/DataTable';
import {
  courseQuery,
  dateStamp,
  downloadTopicsCsv,
  saveBlob,
  TopicsShrinkError,
  uploadTopicsCsv,
  type Topic,
  type TopicStats,
} from './admin-api';
import * as styles from './admin.css';
import type { EditTarget } from './admin-search';
import { CSV_IMPORT, CsvImportPanel } from './CsvImportPanel';
import { DangerZone, ListEmptyState, RowActions, StatCard } from './parts';
import { useNumberFormats } from '../../i18n/numbers';
import { TopicFormModal } from './TopicFormModal';
import { useCourseLanguage } from './course-language';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import { parseQuestionIds } from './validation';

/** The administrator kept the topics as they are: nothing was imported, and nothing failed. */
class ImportDeclined extends Error {}

/** Training topics: stats, CSV import and export, add, edit, refresh, delete and delete all. */
export function TopicsTab({
  courseId,
  editing,
  onEditingChange,
}: {
  /** The course whose topics this shows and changes; null for the only one there is. */
  courseId: number | null;
  /** The topic whose form is open (kept in the URL). */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  // The name columns of the languages a topic is translated into: not the course's own, which
  // the `name` column holds (the server refuses its column).
  const courseLanguage = useCourseLanguage(courseId);
  const translationColumns = CONTENT_LANGUAGES.filter(
    (language) => language !== courseLanguage,
  ).map((language) => `name@${language}`);
  const api = useApi();
  const notify = useNotify();
  const { number } = useNumberFormats();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const emptyText = useRef<HTMLSpanElement>(null);
  const { confirm, dialog } = useConfirm();
  const query = courseQuery(courseId);

  /**
   * Imports the chosen file; one that would take questions away from topics (a file written to
   * add their names in other languages, say) is asked about first, naming each topic.
   */
  const uploadAskingToShrink = async (file: Blob) => {
    try {
      return await uploadTopicsCsv(api, file, courseId);
    } catch (error) {
      if (!(error instanceof TopicsShrinkError)) throw error;
      const confirmed = await confirm({
        title: t('topics.shrinkTitle', { count: error.topics.length }),
        message: t('topics.shrinkMessage', {
          topics: joinItems(
            i18n.language,
            error.topics.map((topic) =>
              t('topics.shrinkTopic', {
                name: topic.name,
                now: number(topic.questions),
                after: number(topic.questions - topic.removed),
              }),
            ),
          ),
        }),
        confirmLabel: t('topics.shrinkConfirm'),
        cancelLabel: t('actions.cancel'),
      });
      if (!confirmed) throw new ImportDeclined();
      return uploadTopicsCsv(api, file, courseId, { replace: true });
    }
  };
  const topics = useAdminData(
    'topics',
    async (signal) => {
      const listed = unwrap(api.GET('/training-topics', { params: { query }, signal }));
      // The stats call knows no course: a chosen course's are counted from its list.
      if (courseId !== null) {
        const list = await listed;
        return { stats: topicStatsOf(list), list };
      }
      const [stats, list] = await Promise.all([
        unwrap(api.GET('/training-topics/stats/info', { signal })),
        listed,
      ]);
      return { stats, list };
    },
    () => notify.error(t('errors.fetchTopics')),
  );

  const list = topics.data?.list ?? [];

  const exportCsv = () =>
    run(
      'export',
      async () => {
        const blob = await downloadTopicsCsv(api, courseId);
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
      message: joinSentences(i18n.language, [
        t('confirm.deleteAllTopics', { count: list.length }),
        t('confirm.cannotBeUndone'),
      ]),
      confirmLabel: t('actions.deleteAll'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const deleteAll = () =>
      unwrap(api.DELETE('/training-topics/all/delete', { params: { query } }));
    const result = await run('deleteAll', deleteAll, {
      success: () => t('success.allTopicsDeleted'),
      error: (error) => failure('errors.deleteAllTopics', error),
    });
    if (result.ok) topics.reload();
  };

  const columns: Column<Topic>[] = [
    {
      key: 'name',
      header: t('topics.name'),
      cell: (topic) => (
        <>
          <strong className={styles.breakAnywhere}>{topic.name}</strong>
          <OtherNames translations={topic.translations} />
        </>
      ),
    },
    {
      key: 'count',
      header: t('topics.questionCount'),
      cell: (topic) => number(topic.question_count),
    },
    {
      key: 'ids',
      header: t('topics.questionIds'),
      cell: (topic) => <QuestionIdList stored={topic.question_ids} />,
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
          hint={t('topics.availableHint')}
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
      </div>
      <CsvImportPanel
        title={t('topics.importTitle')}
        header="name,question_ids"
        note={joinSentences(i18n.language, [
          t('topics.importNames', {
            columns: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
              translationColumns,
            ),
          }),
          t('topics.importReplaces'),
        ])}
        upload={uploadAskingToShrink}
        onImported={(result) => {
          // Topics of a name already stored are replaced, not added: said, so the total adds up.
          const replaced = result.replaced ?? 0;
          const key = replaced > 0 ? 'success.topicsImportedReplaced' : 'success.topicsImported';
          notify.success(t(key, { count: result.imported, replaced }), CSV_IMPORT);
          topics.reload();
        }}
        onFailed={(error) => {
          if (error instanceof ImportDeclined) notify.info(t('topics.shrinkDeclined'), CSV_IMPORT);
          else notify.error(failure('errors.uploadTopicsCsv', error), CSV_IMPORT);
        }}
        testId="topics-import"
      />
      <DataTable
        caption={t('topics.caption')}
        rows={list}
        columns={columns}
        rowKey={(topic) => topic.id}
        empty={<ListEmptyState list={topics} empty={t('topics.empty')} textRef={emptyText} />}
        busy={topics.loading}
        testId="topics-table"
      />
      <DangerZone
        label={t('topics.deleteAll')}
        onDelete={() => void removeAll()}
        deleting={busy === 'deleteAll'}
        nothingToDelete={list.length === 0 ? t('topics.noneToDelete') : undefined}
        emptied={emptyText}
      />
      <TopicFormModal
        target={editing}
        courseId={courseId}
        onClose={() => onEditingChange(null)}
        onSaved={() => {
          onEditingChange(null);
          topics.reload();
        }}
        onGone={() => topics.reload()}
      />
      {dialog}
    </div>
  );
}

/** The stats of a list of topics, as the server counts them: available with a question left. */
const topicStatsOf = (list: readonly Topic[]): TopicStats => ({
  total_topics: list.length,
  topics_available: list.filter((topic) => topic.question_count > 0).length,
});

/** How many of a topic's ids show in the list before the rest are counted. */
const IDS_SHOWN = 8;

/** A topic's question ids as a reader takes them in: '125, 126, 127, … and 9 more'. */
function QuestionIdList({ stored }: { stored: string }) {
  const { t } = useTranslation('admin');
  const parsed = parseQuestionIds(stored);
  const ids = parsed.ok ? parsed.ids : [];
  if (ids.length === 0) return <span className={styles.muted}>{t('topics.noIds')}</span>;
  const shown = ids.slice(0, IDS_SHOWN).join(', ');
  const more = ids.length - IDS_SHOWN;
  // Not clipped: shortened already, and the count of the rest must stay in view on a phone too.
  return (
    <span className={styles.mono} title={ids.join(', ')}>
      {more > 0 ? t('topics.idsMore', { ids: shown, count: more }) : shown}
    </span>
  );
}

/** A topic's names in other languages, under its own, each marked with its language. */
function OtherNames({ translations }: { translations: Topic['translations'] }) {
  const names = CONTENT_LANGUAGES.flatMap((language) => {
    const name = translations?.[language];
    return name === undefined ? [] : [{ language, name }];
  });
  if (names.length === 0) return null;
  return (
    <span className={styles.otherNames}>
      {names.map(({ language, name }) => (
        <span key={language} lang={LANGUAGE_TAGS[language]} className={styles.breakAnywhere}>
          {name}
        </span>
      ))}
    </span>
  );
}
