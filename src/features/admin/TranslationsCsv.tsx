import { useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { Button } from '../../ui/button/Button';
import { useNotify } from '../../ui/notifications/Notifications';
import { useApi } from '../../lib/api-context';
import {
  dateStamp,
  downloadTranslationsCsv,
  saveBlob,
  type TranslationImportResult,
  uploadTranslationsCsv,
} from './admin-api';
import { CSV_IMPORT, CsvImportPanel } from './CsvImportPanel';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import * as styles from './admin.css';

/**
 * The course's translations as a CSV by question id (issue 42): exported for a translator to
 * fill in (each question in the course's language, then a column set per other language), and
 * imported back; a bad line and nothing changes.
 */
export function TranslationsCsv({
  courseId,
  onImported,
}: {
  courseId: number | null;
  onImported: () => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  // The import's own figures: the panel's result names only a count.
  const last = useRef<TranslationImportResult | null>(null);
  return (
    <CsvImportPanel
      title={t('translations.title')}
      header="question_id,question_text@ru,answer_1@ru,answer_2@ru,…"
      note={t('translations.note')}
      upload={async (file) => {
        const result = await uploadTranslationsCsv(api, file, courseId);
        last.current = result;
        return { message: result.message, imported: result.translations };
      }}
      onImported={() => {
        const result = last.current;
        notify.success(
          t('translations.imported', {
            count: result?.translations ?? 0,
            questions: t('translations.questions', { count: result?.questions ?? 0 }),
          }),
          CSV_IMPORT,
        );
        onImported();
      }}
      onFailed={(error) => notify.error(failure('errors.uploadTranslations', error), CSV_IMPORT)}
      testId="translations-import"
    >
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          loading={busy === 'exportTranslations'}
          onClick={() =>
            void run('exportTranslations', () => downloadTranslationsCsv(api, courseId), {
              error: (error) => failure('errors.exportTranslations', error),
            }).then((result) => {
              if (result.ok) {
                saveBlob(result.value, `translations_${courseId ?? 1}_${dateStamp()}.csv`);
              }
            })
          }
        >
          {t('translations.export')}
        </Button>
      </div>
    </CsvImportPanel>
  );
}
