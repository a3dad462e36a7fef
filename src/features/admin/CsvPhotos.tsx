import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { formDraftStore } from '../../lib/form-drafts';
import { Button } from '../../ui/button/Button';
import { FileField } from '../../ui/form/FileField';
import * as styles from './admin.css';
import { PHOTO_ACCEPT, usePhotoUpload } from './use-photo-upload';

/** A photo uploaded for a CSV: the name it had on the administrator's computer, and the stored one. */
interface UploadedPhoto {
  original: string;
  filename: string;
}

// Kept for a reload (and dropped at sign-out with the other drafts): the names are what the CSV
// being written needs, and the server gives no list of them.
const kept = formDraftStore<UploadedPhoto[]>('csv-photos');

/**
 * The CSV's photo column names a photo the server already holds, by the name the server gave it
 * on upload. Here photos are uploaded one after another, each listed with that name to copy.
 */
export function CsvPhotos() {
  const { t } = useTranslation('admin');
  const { upload, uploading } = usePhotoUpload();
  const [photos, setPhotos] = useState<UploadedPhoto[]>(() => kept.load() ?? []);
  const [problem, setProblem] = useState<string | undefined>();
  // A new key empties the file input, so the same file can be chosen again.
  const [picks, setPicks] = useState(0);
  const [copied, setCopied] = useState<string | null>(null);
  const names = useRef(new Map<string, HTMLElement>());

  // From the list as it is when the upload lands, not as it was when it started: another
  // upload may have landed in between.
  const remember = (change: (list: UploadedPhoto[]) => UploadedPhoto[]) =>
    setPhotos((current) => {
      const next = change(current);
      if (next.length > 0) kept.save(next);
      else kept.clear();
      return next;
    });

  const choose = async (file: File | null) => {
    setProblem(undefined);
    if (!file) return;
    const uploaded = await upload(file);
    setPicks((count) => count + 1);
    if ('problem' in uploaded) setProblem(uploaded.problem);
    else remember((list) => [{ original: file.name, filename: uploaded.filename }, ...list]);
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
      <FileField
        key={picks}
        label={t('questions.csvPhotoChoose')}
        hint={t('questions.csvPhotosHint')}
        accept={PHOTO_ACCEPT}
        onFile={(file) => void choose(file)}
        disabled={uploading}
        error={problem}
      />
      {uploading && <p className={styles.muted}>{t('questions.uploading')}</p>}
      {photos.length > 0 && (
        <>
          <ul className={styles.csvPhotoList}>
            {photos.map((photo) => (
              <li key={photo.filename} className={styles.csvPhotoItem}>
                <span className={styles.muted}>{photo.original}</span>
                <code
                  className={cx(styles.code, styles.fileName)}
                  ref={(element) => {
                    if (element) names.current.set(photo.filename, element);
                    else names.current.delete(photo.filename);
                  }}
                >
                  {photo.filename}
                </code>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => void copy(photo.filename)}
                  aria-label={t('questions.copyFileName', { name: photo.filename })}
                >
                  {copied === photo.filename ? t('questions.copied') : t('questions.copy')}
                </Button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" size="sm" onClick={() => remember(() => [])}>
            {t('questions.csvPhotosForget')}
          </Button>
        </>
      )}
    </section>
  );
}
