import { useMachine } from '@xstate/react';
import {
  useEffect,
  useId,
  useRef,
  useState,
  type DragEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { photosUsedBy } from './use-photo-upload';
import type { TFunction } from 'i18next';
import { fromPromise } from 'xstate';
import {
  bankImportMachine,
  CSV_FILE_NAME,
  otherFilesOf,
} from '../../../machines/admin-bank-import.machine';
import type {
  BankImportInput,
  BankImportResult,
  BankLineError,
  ChosenFile,
} from '../../../machines/admin-bank-import.types';
import { useCountTexts } from '../../i18n/counts';
import { useNumberFormats } from '../../i18n/numbers';
import { cx } from '../../lib/cx';
import { inspectOptions } from '../../lib/inspector';
import { Button } from '../../ui/button/Button';
import { Alert, Card } from '../../ui/card/Card';
import { CheckboxField } from '../../ui/form/CheckboxField';
import * as fields from '../../ui/form/fields.css';
import * as formStyles from '../../ui/form/form.css';
import type { UploadWatch } from './admin-api';
import * as styles from './admin.css';
import * as own from './bank-import.css';
import { spreadsheetRows } from './spreadsheet-rows';
import { readBytes } from '../../lib/read-bytes';

/** The notification key of an import's outcome: a retry's outcome replaces the last one's. */
export const BANK_IMPORT = 'bank.import';

const ACCEPT =
  '.csv,text/csv,.tsv,text/tab-separated-values,.zip,application/zip,image/png,image/jpeg,image/webp,image/gif';

export interface BankImportPanelProps {
  /** The CSV header the server expects, shown as a hint. */
  header: string;
  upload: (
    files: File[],
    options: UploadWatch & {
      replacePhotos: boolean;
      skipDuplicates: boolean;
      updateEdited: boolean;
    },
  ) => Promise<BankImportResult>;
  /** Shows the success notification and reloads the list. */
  onImported: (result: BankImportResult) => void;
  /** Shows the error notification. */
  onFailed: (error: unknown) => void;
  /** The export button, beside the import's own. */
  exportAction?: ReactNode;
  /** More of the import under its form, in the same card (photos to upload on their own). */
  children?: ReactNode;
}

/**
 * A refused line as the list says it; `rows` (the questions CSV's lines as a spreadsheet's rows)
 * adds the row Excel shows where a cell's line breaks made the two part.
 */
function lineText(entry: BankLineError, t: TFunction, rows: ReadonlyMap<number, number> | null) {
  if (entry.file)
    return t('bank.fileLine', { file: entry.file, line: entry.line, reason: entry.reason });
  const row = rows?.get(entry.line);
  return row !== undefined && row !== entry.line
    ? t('bank.lineRow', { line: entry.line, row, reason: entry.reason })
    : t('bank.line', { line: entry.line, reason: entry.reason });
}

/**
 * The questions' import area (issue 38): one place taking a CSV, a package (.zip) or a CSV
 * with its photos, chosen with the picker or dropped together; a progress bar while the files
 * go out and while the server checks them; the refused lines in a list to copy; photos the
 * server holds with other bytes replaced only once confirmed. Behaviour:
 * machines/admin-bank-import.
 */
export function BankImportPanel({
  header,
  upload,
  onImported,
  onFailed,
  exportAction,
  children,
}: BankImportPanelProps) {
  const { t, i18n } = useTranslation('admin');
  const { percent } = useNumberFormats();
  const { fileSize } = useCountTexts();
  const titleId = useId();
  const inputId = useId();
  const hintId = useId();
  const props = useRef({ upload, onImported, onFailed });
  props.current = { upload, onImported, onFailed };
  // The machine's own send, for the upload's progress: set once it runs.
  const sendRef = useRef<
    | ((
        event: { type: 'upload.sent' } | { type: 'upload.progress'; loaded: number; total: number },
      ) => void)
    | null
  >(null);
  const [machine] = useState(() =>
    bankImportMachine.provide({
      actors: {
        uploadBank: fromPromise<BankImportResult, BankImportInput>(({ input, signal }) => {
          const files = input.files.filter((file): file is File => file instanceof File);
          const sending = props.current.upload(files, {
            replacePhotos: input.replacePhotos,
            skipDuplicates: input.skipDuplicates,
            updateEdited: input.updateEdited,
            onProgress: ({ loaded, total }) =>
              sendRef.current?.({ type: 'upload.progress', loaded, total }),
            onSent: () => sendRef.current?.({ type: 'upload.sent' }),
          });
          // The upload goes on when the administrator goes to another tab (the machine stops
          // with the panel): its outcome is still told, so a bank imported meanwhile is not
          // taken for a lost one and sent again.
          sending.then(
            (result) => {
              if (signal.aborted) props.current.onImported(result);
            },
            (error: unknown) => {
              if (signal.aborted) props.current.onFailed(error);
            },
          );
          return sending;
        }),
      },
      actions: {
        reportImported: (_, params) => props.current.onImported(params.result),
        reportFailure: (_, params) => props.current.onFailed(params.error),
      },
    }),
  );
  const [state, send] = useMachine(machine, { ...inspectOptions() });
  sendRef.current = send;
  const {
    chosen,
    progress,
    rejection,
    conflict,
    conflictCourses,
    imports,
    skipDuplicates,
    updateEdited,
  } = state.context;
  const [dragging, setDragging] = useState(false);
  const [copied, setCopied] = useState(false);
  const errorList = useRef<HTMLUListElement>(null);
  const uploading = state.hasTag('status:uploading');
  // A reload or a closed tab would cut the upload off: the browser asks first.
  useEffect(() => {
    if (!uploading) return undefined;
    const holdPage = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', holdPage);
    return () => window.removeEventListener('beforeunload', holdPage);
  }, [uploading]);

  const choose = (files: FileList | null) => {
    setCopied(false);
    send({ type: 'user.chooseFiles', files: [...(files ?? [])] as (File & ChosenFile)[] });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.upload' });
  };

  // A header the server refuses comes as the detail and again as line 1: said once is enough.
  const lines = rejection?.errors.filter((entry) => entry.reason !== rejection.detail) ?? [];
  // A lone questions CSV (with photos or not) is read here again, for its spreadsheet rows.
  const [rows, setRows] = useState<ReadonlyMap<number, number> | null>(null);
  const refusedCsv =
    rejection && chosen?.zipCount === 0 && chosen.csvCount === 1
      ? (chosen.files.find((file) => CSV_FILE_NAME.test(file.name)) ?? null)
      : null;
  useEffect(() => {
    setRows(null);
    if (!(refusedCsv instanceof File)) return undefined;
    let current = true;
    readBytes(refusedCsv).then(
      (bytes) => {
        if (current) setRows(spreadsheetRows(bytes));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [refusedCsv]);
  const copyLines = async () => {
    const text = lines.map((entry) => lineText(entry, t, rows)).join('\n');
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // No clipboard here (plain HTTP): the list is selected, to copy by hand.
      const selection = window.getSelection();
      if (errorList.current && selection) selection.selectAllChildren(errorList.current);
    }
  };

  const chosenText = (() => {
    if (!chosen) return t('bank.chosenNone');
    const size = fileSize(chosen.files.reduce((sum, file) => sum + file.size, 0));
    const named =
      chosen.files.length === 1
        ? (chosen.files[0]?.name ?? '')
        : [
            ...chosen.files.filter((file) => /\.(csv|zip)$/i.test(file.name)).map((f) => f.name),
            ...(chosen.photoCount > 0 ? [t('bank.photos', { count: chosen.photoCount })] : []),
          ].join(', ');
    // Files the import does not read (an SVG, a PDF) are named, not passed over in silence.
    const unread = chosen.files.length > 1 ? otherFilesOf(chosen.files) : [];
    const files = t('bank.chosen', { files: named, size });
    return unread.length === 0
      ? files
      : `${files}; ${t('bank.notRead', { names: unread.map((file) => file.name).join(', ') })}`;
  })();
  const share = progress.total > 0 ? Math.min(100, (progress.loaded / progress.total) * 100) : 0;

  return (
    <Card data-testid="questions-import">
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.sectionTitle}>
          {t('bank.title')}
        </h2>
        <p className={styles.muted} id={hintId}>
          {t('bank.hint')} <code className={styles.code}>{header}</code> {t('bank.columns')}{' '}
          {t('bank.package')}
        </p>
        <div
          className={cx(own.dropZone, dragging && own.dropZoneActive)}
          data-testid="bank-drop"
          onDragEnter={(event) => {
            event.preventDefault();
            if (!uploading) setDragging(true);
          }}
          onDragOver={(event) => event.preventDefault()}
          onDragLeave={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null))
              setDragging(false);
          }}
          onDrop={drop}
        >
          <p className={own.dropText}>{t('bank.drop')}</p>
          <div className={fields.fileRow}>
            <div className={fields.filePicker}>
              <input
                key={imports}
                id={inputId}
                type="file"
                multiple
                accept={ACCEPT}
                className={fields.fileInput}
                aria-label={t('bank.choose')}
                aria-describedby={hintId}
                disabled={uploading}
                data-testid="bank-files"
                onChange={(event) => choose(event.target.files)}
              />
              <span className={fields.fileButton} aria-hidden="true">
                {t('bank.choose')}
              </span>
            </div>
          </div>
          <p className={own.chosen} data-testid="bank-chosen" aria-live="polite">
            {chosenText}
          </p>
          {state.hasTag('error:noCsv') && (
            <p className={formStyles.error} role="alert">
              {t('bank.unusable')}
            </p>
          )}
        </div>
        <div className={own.option}>
          {/* A new edition leaves copies out too: the box shows it, ticked and fixed. */}
          <CheckboxField
            label={t('bank.skipDuplicates')}
            checked={skipDuplicates || updateEdited}
            disabled={uploading || updateEdited}
            data-testid="bank-skip-duplicates"
            onChange={(event) => send({ type: 'user.skipDuplicates', skip: event.target.checked })}
          />
          <CheckboxField
            label={t('bank.updateEdited')}
            hint={t('bank.updateEditedHint')}
            checked={updateEdited}
            disabled={uploading}
            data-testid="bank-update-edited"
            onChange={(event) => send({ type: 'user.updateEdited', update: event.target.checked })}
          />
        </div>
        <div className={own.actions}>
          <Button
            type="submit"
            variant="success"
            disabled={!state.hasTag('upload:enabled')}
            loading={uploading}
          >
            {t('bank.upload')}
          </Button>
          {exportAction}
        </div>
      </form>
      {uploading && (
        <div className={cx(own.progress, styles.csvAlert)} data-testid="bank-progress">
          {state.hasTag('status:sending') ? (
            <progress
              className={own.progressBar}
              max={100}
              value={share}
              aria-label={t('bank.progressLabel')}
            />
          ) : (
            // Checking: how long it takes is not known, so the bar moves without a value.
            <progress className={own.progressBar} aria-label={t('bank.progressLabel')} />
          )}
          <p className={own.progressText} aria-live="polite">
            {state.hasTag('status:sending')
              ? t('bank.sending', {
                  percent: percent(share),
                  sent: fileSize(progress.loaded),
                  total: fileSize(progress.total),
                })
              : t('bank.checking')}
          </p>
        </div>
      )}
      {state.hasTag('ask:replacePhotos') && (
        <Alert tone="warning" className={styles.csvAlert}>
          <strong>{t('bank.conflictTitle', { count: conflict.length })}</strong>
          <p className={own.conflictNames} data-testid="bank-conflict">
            {conflict.join(', ')}
          </p>
          <p className={own.conflictNames}>
            {joinSentences(i18n.language, [
              t('bank.conflictText', { count: conflict.length }),
              photosUsedBy(t, i18n.language, conflict.length, conflictCourses),
            ])}
          </p>
          <div className={styles.toolbar}>
            <Button variant="danger" size="sm" onClick={() => send({ type: 'user.replacePhotos' })}>
              {t('bank.replace', { count: conflict.length })}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => send({ type: 'user.keepPhotos' })}>
              {t('bank.keep', { count: conflict.length })}
            </Button>
          </div>
        </Alert>
      )}
      {rejection && (
        <Alert tone="error" className={styles.csvAlert}>
          <div className={own.errorsHead}>
            <strong>{rejection.detail || t('bank.rejected')}</strong>
            {lines.length > 0 && (
              <Button variant="secondary" size="sm" onClick={() => void copyLines()}>
                {copied ? t('bank.copied') : t('bank.copy')}
              </Button>
            )}
          </div>
          {lines.length > 0 && (
            <ul className={own.errorList} data-testid="csv-errors" ref={errorList}>
              {lines.map((entry) => (
                <li key={`${entry.file ?? ''}:${entry.line}:${entry.reason}`}>
                  {lineText(entry, t, rows)}
                </li>
              ))}
            </ul>
          )}
        </Alert>
      )}
      {children}
    </Card>
  );
}
