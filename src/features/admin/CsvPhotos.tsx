import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import { formDraftStore } from '../../lib/form-drafts';
import { Button } from '../../ui/button/Button';
import * as fields from '../../ui/form/fields.css';
import * as styles from './admin.css';
import * as own from './bank-import.css';
import { PHOTO_ACCEPT, usePhotoUpload, type PhotoUpload } from './use-photo-upload';

/** What became of one photo chosen here. */
interface PhotoResult {
  name: string;
  outcome: 'created' | 'unchanged' | 'replaced' | 'kept' | 'refused';
  /** Why it was refused. */
  problem?: string;
}

// Kept for a reload (and dropped at sign-out with the other drafts): the names are what the CSV
// being written needs, and the server gives no list of them.
const kept = formDraftStore<PhotoResult[]>('csv-photos-v2');

const resultOf = (name: string, uploaded: PhotoUpload): PhotoResult =>
  'problem' in uploaded
    ? { name, outcome: 'refused', problem: uploaded.problem }
    : 'taken' in uploaded
      ? { name, outcome: 'kept' }
      : { name, outcome: uploaded.status };

/**
 * Photos for a CSV, uploaded on their own: many at once, each under its own file name (which the
 * CSV's photo column names), with a progress bar and each file's result. A name the server holds
 * with another photo is replaced only once the administrator confirms it, for all such at once.
 */
export function CsvPhotos() {
  const { t } = useTranslation('admin');
  const { upload, askReplace, dialog } = usePhotoUpload();
  const [results, setResults] = useState<PhotoResult[]>(() => kept.load() ?? []);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  // A new key empties the file input, so the same files can be chosen again.
  const [picks, setPicks] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const names = useRef(new Map<string, HTMLElement>());
  const inputId = useId();
  const hintId = useId();

  // From the list as it is when each upload lands: the newest first, a name listed once.
  const remember = (found: PhotoResult[]) =>
    setResults((current) => {
      const named = new Set(found.map((result) => result.name));
      const next = [...found, ...current.filter((result) => !named.has(result.name))];
      if (next.length > 0) kept.save(next);
      else kept.clear();
      return next;
    });

  const choose = async (files: File[]) => {
    if (files.length === 0) return;
    setProgress({ done: 0, total: files.length });
    const found: PhotoResult[] = [];
    const taken: File[] = [];
    const takenFrom = new Set<string>();
    for (const [at, file] of files.entries()) {
      const uploaded = await upload(file);
      if ('taken' in uploaded) {
        taken.push(file);
        for (const course of uploaded.courses) takenFrom.add(course);
      }
      found.push(resultOf(file.name, uploaded));
      setProgress({ done: at + 1, total: files.length });
    }
    // A name the server holds with another photo waits for the administrator's answer: listed
    // as kept only once they keep it, and no progress is shown while they are asked.
    remember(found.filter((result) => result.outcome !== 'kept'));
    if (taken.length > 0) {
      setProgress(null);
      if (
        await askReplace(
          taken.map((file) => file.name),
          [...takenFrom],
        )
      ) {
        setProgress({ done: 0, total: taken.length });
        const replaced: PhotoResult[] = [];
        for (const [at, file] of taken.entries()) {
          replaced.push(resultOf(file.name, await upload(file, { replace: true })));
          setProgress({ done: at + 1, total: taken.length });
        }
        remember(replaced);
      } else remember(found.filter((result) => result.outcome === 'kept'));
    }
    setProgress(null);
    setPicks((count) => count + 1);
  };

  const copy = async (filename: string) => {
    try {
      await navigator.clipboard.writeText(filename);
      setCopied(filename);
    } catch {
      // No clipboard here (a page served over plain HTTP): the name is selected to copy by hand.
      const element = names.current.get(filename);
      const selection = window.getSelection();
      if (element && selection) selection.selectAllChildren(element);
      setCopied(null);
    }
  };

  return (
    <section
      className={styles.csvPhotos}
      aria-labelledby="csv-photos-title"
      data-testid="csv-photos"
    >
      <h3 id="csv-photos-title" className={styles.subTitle}>
        {t('questions.csvPhotos')}
      </h3>
      <div>
        <div className={fields.fileRow}>
          <div className={fields.filePicker}>
            <input
              key={picks}
              id={inputId}
              type="file"
              multiple
              accept={PHOTO_ACCEPT}
              className={fields.fileInput}
              aria-label={t('questions.csvPhotoChoose')}
              aria-describedby={hintId}
              disabled={progress !== null}
              data-testid="photo-files"
              onChange={(event) => void choose([...(event.target.files ?? [])])}
            />
            <span className={fields.fileButton} aria-hidden="true">
              {t('questions.csvPhotoChoose')}
            </span>
          </div>
        </div>
        <p id={hintId} className={styles.muted}>
          {t('questions.csvPhotosHint')}
        </p>
      </div>
      {progress && (
        <div className={own.progress} data-testid="photos-progress">
          <progress
            className={own.progressBar}
            max={progress.total}
            value={progress.done}
            aria-label={t('questions.photosProgressLabel')}
          />
          <p className={own.progressText} aria-live="polite">
            {t('questions.photosProgress', { done: progress.done, total: progress.total })}
          </p>
        </div>
      )}
      {results.length > 0 && (
        <>
          <ul className={styles.csvPhotoList} data-testid="photo-results">
            {results.map((result) => (
              <li key={result.name} className={styles.csvPhotoItem}>
                <code
                  className={cx(styles.code, styles.fileName)}
                  ref={(element) => {
                    if (element) names.current.set(result.name, element);
                    else names.current.delete(result.name);
                  }}
                >
                  {result.name}
                </code>
                <span
                  className={cx(
                    own.photoResult,
                    result.outcome === 'refused' ? own.photoProblem : own.photoOk,
                  )}
                >
                  {result.outcome === 'refused'
                    ? result.problem
                    : t(`questions.photoOutcome.${result.outcome}`)}
                </span>
                {result.outcome !== 'refused' && (
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => void copy(result.name)}
                    aria-label={t('questions.copyFileName', { name: result.name })}
                  >
                    {copied === result.name ? t('questions.copied') : t('questions.copy')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              kept.clear();
              setResults([]);
            }}
          >
            {t('questions.csvPhotosForget')}
          </Button>
        </>
      )}
      {dialog}
    </section>
  );
}
