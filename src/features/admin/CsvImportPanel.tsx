import { useMachine } from '@xstate/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { fromPromise } from 'xstate';
import { csvImportMachine } from '../../../machines/admin-csv-import.machine';
import type { ChosenFile, ImportResult } from '../../../machines/admin-csv-import.types';
import { inspectOptions } from '../../lib/inspector';
import { Button } from '../../ui/button/Button';
import { Alert, Card } from '../../ui/card/Card';
import { FileField } from '../../ui/form/FileField';
import * as styles from './admin.css';

/** The notification key of a CSV import's outcome: a retry's outcome replaces the last one's. */
export const CSV_IMPORT = 'csv.import';

export interface CsvImportPanelProps {
  title: string;
  /** The CSV header the server expects, shown as a hint. */
  header: string;
  /** Said after the header: columns it may also have, what an import does to the list. */
  note?: string;
  upload: (file: File) => Promise<ImportResult>;
  /** Shows the success notification and reloads the list. */
  onImported: (result: ImportResult) => void;
  /** Shows the error notification. */
  onFailed: (error: unknown) => void;
  testId?: string;
  /** More of the import under its form, in the same card (what the CSV may refer to). */
  children?: ReactNode;
}

/**
 * CSV import: Upload stays disabled until a .csv file is chosen; a refused file lists the
 * server's reasons line by line (nothing was imported). Behaviour: machines/admin-csv-import.
 */
export function CsvImportPanel({
  title,
  header,
  note,
  upload,
  onImported,
  onFailed,
  testId,
  children,
}: CsvImportPanelProps) {
  const { t } = useTranslation('admin');
  const props = useRef({ upload, onImported, onFailed });
  props.current = { upload, onImported, onFailed };
  const [machine] = useState(() =>
    csvImportMachine.provide({
      actors: {
        uploadCsv: fromPromise<ImportResult, { file: ChosenFile }>(({ input }) => {
          if (!(input.file instanceof File)) return Promise.reject(new Error('not a browser file'));
          return props.current.upload(input.file);
        }),
      },
      actions: {
        reportImported: (_, params) => props.current.onImported(params.result),
        reportFailure: (_, params) => props.current.onFailed(params.error),
      },
    }),
  );
  const [state, send] = useMachine(machine, { ...inspectOptions() });
  const { rejection, imports } = state.context;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'user.upload' });
  };

  // A header the server refuses comes as the detail and again as line 1: said once is enough.
  const lines = rejection?.errors.filter((entry) => entry.reason !== rejection.detail) ?? [];

  return (
    <Card data-testid={testId}>
      <form onSubmit={submit} noValidate aria-label={title}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        <p className={styles.muted}>
          {t('csv.hint')} <code className={styles.code}>{header}</code>
          {note && <> {note}</>}
        </p>
        <FileField
          key={imports}
          className={styles.fileForm}
          label={t('csv.file')}
          accept=".csv,text/csv"
          onFile={(file) => send({ type: 'user.chooseFile', file })}
          error={state.hasTag('error:noCsv') ? t('csv.selectFile') : undefined}
          disabled={state.hasTag('status:uploading')}
          action={
            <Button
              type="submit"
              variant="success"
              disabled={!state.hasTag('upload:enabled')}
              loading={state.hasTag('status:uploading')}
            >
              {t('csv.upload')}
            </Button>
          }
        />
      </form>
      {rejection && (
        <Alert tone="error" className={styles.csvAlert}>
          <strong>{rejection.detail || t('csv.rejected')}</strong>
          {lines.length > 0 && (
            <ul className={styles.csvErrors} data-testid="csv-errors">
              {lines.map((entry) => (
                <li key={`${entry.line}:${entry.reason}`}>
                  {t('csv.line', { line: entry.line, reason: entry.reason })}
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
