import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { fromPromise } from 'xstate';
import { adminQuestionsMachine, pageCountOf } from '../../../machines/admin-questions.machine';
import {
  ADMIN_PAGE_SIZES,
  type AdminPageSize,
  type PageRequest,
  type QuestionPage,
} from '../../../machines/admin-questions.types';
import { unwrap, type ApiClient } from '../../api';
import { useApi } from '../../lib/api-context';
import { inspectOptions } from '../../lib/inspector';
import { Button } from '../../ui/button/Button';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { useNotify } from '../../ui/notifications/Notifications';
import { QuestionFilters } from '../../ui/question/QuestionFilters';
import { DataTable, type Column } from '../../ui/table/DataTable';
import {
  courseQuery,
  dateStamp,
  downloadBankPackage,
  saveBlob,
  uploadBank,
  type Question,
} from './admin-api';
import { photoUrl } from '../../ui/question/photo';
import * as styles from './admin.css';
import { DangerZone, ListEmptyState, ListPager, RowActions } from './parts';
import type { EditTarget } from './admin-search';
import { BANK_IMPORT, BankImportPanel } from './BankImportPanel';
import { CsvPhotos } from './CsvPhotos';
import { QuestionFormModal } from './QuestionFormModal';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import { CONTENT_LANGUAGES, isContentLanguage } from '../../../domain/question-languages';
import { LANGUAGE_NAMES } from '../../i18n/config';
import { refreshCourses, useCourses } from '../../lib/learner-course';
import { TranslationsCsv } from './TranslationsCsv';
import { announceBankChange } from './bank-changes';

const QUESTIONS_CSV_HEADER =
  'question_text,answer_1,answer_2,answer_3,answer_4,answer_5,right_answers,points,photo,explanation';

/** Where the list is: kept in the URL. */
export interface QuestionsView {
  page: number;
  pageSize: AdminPageSize;
  /** The search, trimmed; empty for none. */
  search: string;
  /** Only this topic's questions; null for all. */
  topicId: number | null;
}

/** A question's text short enough to name it in a sentence. */
/** A list of lines or ids in a notice: the first ten, then "…" for a long list. */
function listed(items: readonly string[]): string {
  return items.length > 10 ? `${items.slice(0, 10).join(', ')}, …` : items.join(', ');
}

function excerptOf(text: string, characters = 80): string {
  const letters = [...text];
  return letters.length <= characters ? text : `${letters.slice(0, characters - 1).join('')}…`;
}

/**
 * Questions: search, topic filter, paging with page sizes, CSV import, add, edit, delete and
 * delete all.
 */

export function QuestionsTab({
  courseId,
  initialView,
  onViewChange,
  editing,
  onEditingChange,
}: {
  /** The course whose bank this shows and changes; null for the only one there is. */
  courseId: number | null;
  initialView: QuestionsView;
  /** Told each page, size, search and topic shown, so the URL can keep them. */
  onViewChange: (view: QuestionsView) => void;
  /** The question whose form is open (kept in the URL). */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const emptyText = useRef<HTMLSpanElement>(null);
  const { confirm, dialog } = useConfirm();
  const query = courseQuery(courseId);
  const live = useRef({ api, notify, t, query });
  live.current = { api, notify, t, query };

  const [machine] = useState(() =>
    adminQuestionsMachine.provide({
      actors: {
        loadPage: fromPromise<QuestionPage, PageRequest>(({ input, signal }) =>
          unwrap(
            live.current.api.GET('/admin/questions', {
              params: { query: { ...input, ...live.current.query } },
              signal,
            }),
          ),
        ),
      },
      actions: {
        reportLoadFailure: () => live.current.notify.error(live.current.t('errors.fetchQuestions')),
      },
    }),
  );
  const [state, send] = useMachine(machine, { input: initialView, ...inspectOptions() });
  const { data, page, pageSize, search, topicId, missingLanguage } = state.context;
  // The course's own language (its questions are written in it) and the others to translate to.
  const courses = useCourses();
  const courseLanguage =
    courses?.find((course) => (courseId === null ? course.is_default : course.id === courseId))
      ?.language ?? data?.questions[0]?.language;
  const otherLanguages = CONTENT_LANGUAGES.filter((language) => language !== courseLanguage);
  const viewChanged = useRef(onViewChange);
  viewChanged.current = onViewChange;
  // Told again once a form closes: its close went back to the list's entry, which holds the
  // view from before it opened (a question just added shows on its own page).
  const formOpen = editing !== null;
  useEffect(
    () => viewChanged.current({ page, pageSize, search, topicId }),
    [page, pageSize, search, topicId, formOpen],
  );
  // Only the names, for the topic select; a failure leaves the select with "All topics".
  const topics = useAdminData(
    'questions:topics',
    (signal) => unwrap(api.GET('/training-topics', { params: { query }, signal })),
    () => {},
  );
  const topicName =
    topicId === null
      ? ''
      : (topics.data?.find((topic) => topic.id === topicId)?.name ?? `#${topicId}`);
  const filtered = search !== '' || topicId !== null || missingLanguage !== null;
  const loading = state.hasTag('status:loading');
  const failed = state.hasTag('status:failed');
  const reload = () => send({ type: 'list.reload' });
  // The bank's size or languages changed: the course picker and the courses' list say it too.
  const bankChanged = (event: 'list.reload' | 'list.added' = 'list.reload') => {
    send({ type: event });
    refreshCourses(api);
    announceBankChange();
  };

  const remove = async (question: Question) => {
    const confirmed = await confirm({
      title: t('questions.deleteTitle'),
      message: t('confirm.deleteQuestion', {
        id: question.id,
        text: excerptOf(question.question_text),
      }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const result = await run(
      `delete:${question.id}`,
      () => unwrap(api.DELETE('/admin/questions/{id}', { params: { path: { id: question.id } } })),
      {
        success: () => t('success.questionDeleted'),
        error: (error) => failure('errors.deleteQuestion', error),
      },
    );
    if (result.ok) bankChanged();
  };

  // Tickets are dealt from the bank and topics list its questions: both go with it, so the
  // question names what else is lost, counted now, and wants the count typed back.
  const removeAll = async () => {
    const counted = await run('deleteAll', () => bankCounts(api, courseId), {
      error: (error) => failure('errors.deleteAllQuestions', error),
    });
    if (!counted.ok) return;
    const { questions, tickets, topics } = counted.value;
    const confirmed = await confirm({
      title: t('questions.deleteAllTitle'),
      message: joinSentences(i18n.language, [
        t('confirm.deleteAllQuestions.questions', { count: questions }),
        tickets > 0 && t('confirm.deleteAllQuestions.tickets', { count: tickets }),
        topics > 0 && t('confirm.deleteAllQuestions.topics', { count: topics }),
        t('confirm.cannotBeUndone'),
      ]),
      confirmLabel: t('actions.deleteAll'),
      cancelLabel: t('actions.cancel'),
      typeToConfirm: {
        text: String(questions),
        label: t('confirm.typeCount', { count: questions }),
      },
    });
    if (!confirmed) return;
    const deleteAll = () =>
      unwrap(api.DELETE('/admin/questions/all/delete', { params: { query } }));
    const result = await run('deleteAll', deleteAll, {
      success: () => t('success.allQuestionsDeleted'),
      error: (error) => failure('errors.deleteAllQuestions', error),
    });
    if (result.ok) bankChanged();
  };
  // Known only unfiltered: a search that finds nothing says nothing about the bank.
  const bankEmpty = !filtered && data?.totalQuestions === 0;

  const columns: Column<Question>[] = [
    {
      key: 'id',
      header: t('questions.id'),
      cell: (question) => <span className={`${styles.mono} ${styles.nowrap}`}>#{question.id}</span>,
    },
    {
      key: 'photo',
      header: t('questions.photo'),
      cell: (question) =>
        question.photo ? (
          <img
            className={styles.thumb}
            src={photoUrl(question.photo, question.photo_url)}
            alt={question.photo_alt ?? t('questions.photoAlt', { id: question.id })}
            loading="lazy"
          />
        ) : (
          <span className={styles.noThumb}>{t('questions.noPhoto')}</span>
        ),
    },
    {
      key: 'text',
      header: t('questions.text'),
      cell: (question) => (
        <span className={styles.clip} title={question.question_text}>
          {question.question_text}
        </span>
      ),
    },
    {
      key: 'languages',
      header: t('questions.languages'),
      cell: (question) => <QuestionLanguages question={question} />,
    },
    {
      key: 'answers',
      header: t('questions.correct'),
      cell: (question) => <span className={styles.mono}>{question.right_answers}</span>,
    },
    { key: 'points', header: t('questions.points'), cell: (question) => question.points },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (question) => (
        <RowActions
          editLabel={t('questions.editNamed', { id: question.id })}
          deleteLabel={t('questions.deleteNamed', { id: question.id })}
          onEdit={() => onEditingChange(question.id)}
          onDelete={() => void remove(question)}
          deleting={busy === `delete:${question.id}`}
        />
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Button onClick={() => onEditingChange('new')}>{t('questions.add')}</Button>
        <Button variant="secondary" onClick={reload} loading={loading}>
          {t('actions.refresh')}
        </Button>
      </div>
      <BankImportPanel
        header={QUESTIONS_CSV_HEADER}
        upload={(files, options) => uploadBank(api, files, courseId, options)}
        onImported={(result) => {
          const imported = t('bank.imported', {
            questions: t('bank.questions', { count: result.imported }),
            photos: t('bank.photos', { count: result.photos }),
            topics: t('bank.topics', { count: result.topics }),
          });
          const renamed = result.renamed_photos;
          const edited = result.edited_rows;
          const updated = result.updated_rows;
          const translated = result.translated_rows;
          notify.success(
            joinSentences(i18n.language, [
              imported,
              result.skipped > 0 && t('bank.skipped', { count: result.skipped }),
              result.tickets > 0 && t('bank.tickets', { count: result.tickets }),
              renamed.length > 0 &&
                t('bank.renamed', {
                  count: renamed.length,
                  names: renamed.map((photo) => `${photo.from} → ${photo.to}`).join(', '),
                }),
              updated.length > 0 &&
                t('bank.updated', {
                  count: updated.length,
                  lines: listed(updated.map((row) => String(row.line))),
                }),
              translated.length > 0 &&
                t('bank.translated', {
                  count: translated.length,
                  lines: listed(translated.map((row) => String(row.line))),
                }),
              edited.length > 0 &&
                t('bank.edited', {
                  count: edited.length,
                  lines: listed(edited.map((row) => String(row.line))),
                  questions: listed(edited.map((row) => `#${row.question_id}`)),
                }),
            ]),
            BANK_IMPORT,
          );
          bankChanged();
          topics.reload();
        }}
        onFailed={(error) => notify.error(failure('errors.uploadCsv', error), BANK_IMPORT)}
        exportAction={
          <Button
            variant="secondary"
            loading={busy === 'export'}
            onClick={() =>
              void run('export', () => downloadBankPackage(api, courseId), {
                error: (error) => failure('errors.exportBank', error),
              }).then((result) => {
                if (result.ok) {
                  saveBlob(result.value, `bank_${courseId ?? 1}_${dateStamp()}.zip`);
                }
              })
            }
          >
            {t('bank.export')}
          </Button>
        }
      >
        <CsvPhotos />
      </BankImportPanel>
      <TranslationsCsv courseId={courseId} onImported={() => bankChanged()} />
      <div className={styles.filterRow}>
        <QuestionFilters
          search={search}
          topicId={topicId}
          topics={topics.data}
          onSearch={(next) => send({ type: 'user.search', search: next })}
          onTopic={(next) => send({ type: 'user.filterTopic', topicId: next })}
        />
        <label className={styles.pagerGroup}>
          {t('questions.missingFilter')}
          <select
            className={styles.pagerSelect}
            value={missingLanguage ?? ''}
            data-testid="missing-language"
            onChange={(event) =>
              send({
                type: 'user.filterMissingLanguage',
                language: isContentLanguage(event.target.value) ? event.target.value : null,
              })
            }
          >
            <option value="">{t('questions.missingAny')}</option>
            {otherLanguages.map((language) => (
              <option key={language} value={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.pager}>
        <p className={styles.muted} aria-live="polite" data-testid="questions-showing">
          {data
            ? t(showingKey(search, topicId), {
                shown: data.questions.length,
                total: data.totalQuestions,
                search,
                topic: topicName,
              })
            : failed
              ? ''
              : t('common.loading')}
        </p>
        <label className={styles.pagerGroup}>
          {t('questions.pageSize')}
          <select
            className={styles.pagerSelect}
            value={pageSize}
            onChange={(event) =>
              send({ type: 'user.setPageSize', size: Number(event.target.value) })
            }
          >
            {ADMIN_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      </div>
      <DataTable
        caption={t('questions.caption')}
        rows={data?.questions ?? []}
        columns={columns}
        rowKey={(question) => question.id}
        empty={
          <ListEmptyState
            list={{ loading, failed, reload }}
            empty={filtered ? t('questions.emptyFiltered') : t('questions.empty')}
            textRef={emptyText}
          />
        }
        busy={loading}
        testId="questions-table"
      />
      <ListPager
        label={t('questions.pagination')}
        testId="questions-page"
        page={page}
        pages={pageCountOf(state.context)}
        canPrevious={state.can({ type: 'user.previousPage' })}
        canNext={state.can({ type: 'user.nextPage' })}
        onPrevious={() => send({ type: 'user.previousPage' })}
        onNext={() => send({ type: 'user.nextPage' })}
        onGoTo={(target) => send({ type: 'user.goToPage', page: target })}
      />
      <DangerZone
        label={t('questions.deleteAll')}
        onDelete={() => void removeAll()}
        deleting={busy === 'deleteAll'}
        nothingToDelete={bankEmpty ? t('questions.noneToDelete') : undefined}
        emptied={emptyText}
      />
      <QuestionFormModal
        target={editing}
        courseId={courseId}
        onClose={() => onEditingChange(null)}
        onSaved={() => {
          if (editing === 'new') bankChanged('list.added');
          else reload();
          onEditingChange(null);
        }}
        onGone={() => bankChanged()}
      />
      {dialog}
    </div>
  );
}

/**
 * The questions, tickets and topics of the bank a delete-all empties: the server's totals when
 * there is one bank, else the chosen course's lists (the totals count every course).
 */
async function bankCounts(api: ApiClient, courseId: number | null) {
  if (courseId === null) return (await unwrap(api.GET('/settings/system/status'))).counts;
  const query = { course_id: courseId };
  const [page, tickets, topics] = await Promise.all([
    unwrap(api.GET('/admin/questions', { params: { query: { ...query, limit: 1 } } })),
    unwrap(api.GET('/training-tickets', { params: { query } })),
    unwrap(api.GET('/training-topics', { params: { query } })),
  ]);
  return { questions: page.totalQuestions, tickets: tickets.length, topics: topics.length };
}

/**
 * The languages a question can be read in: its own (the course's, marked) and each it is
 * translated into.
 */
function QuestionLanguages({ question }: { question: Question }) {
  const { t } = useTranslation('admin');
  const translated = CONTENT_LANGUAGES.filter((language) => question.translations?.[language]);
  return (
    <span
      className={styles.languageTags}
      data-testid="question-languages-cell"
      aria-label={t('questions.languagesOf', {
        languages: [question.language, ...translated]
          .flatMap((language) => (language ? [LANGUAGE_NAMES[language]] : []))
          .join(', '),
      })}
    >
      {question.language && (
        <span className={`${styles.languageTag} ${styles.languageTagOwn}`} aria-hidden="true">
          {question.language.toUpperCase()}
        </span>
      )}
      {translated.map((language) => (
        <span key={language} className={styles.languageTag} aria-hidden="true">
          {language.toUpperCase()}
        </span>
      ))}
    </span>
  );
}

/** The 'Showing x of total' wording for what the list is narrowed to. */
function showingKey(search: string, topicId: number | null) {
  if (search && topicId !== null) return 'questions.showingMatchingInTopic';
  if (search) return 'questions.showingMatching';
  return topicId !== null ? 'questions.showingInTopic' : 'questions.showing';
}
