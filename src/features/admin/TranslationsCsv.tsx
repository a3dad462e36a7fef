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
import { useCourseLanguage } from './course-language';
import { CONTENT_LANGUAGES } from '../../../domain/question-languages';

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
  // The example columns are of a language the course is translated into, never its own (whose
  // columns the server refuses): Russian where it can be, as most banks here are read in it.
  const courseLanguage = useCourseLanguage(courseId);
  const others = CONTENT_LANGUAGES.filter((language) => language !== courseLanguage);
  const example = others.includes('ru') ? 'ru' : others[0]!;
  const api = useApi();
  const notify = useNotify();
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  // The import's own figures: the panel's result names only a count.
  const last = useRef<TranslationImportResult | null>(null);
  return (
    <CsvImportPanel
      title={t('translations.title')}
      header={`question_id,question_text@${example},answer_1@${example},answer_2@${example},…`}
      note={t('translations.note', { language: example })}
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
