import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from '../../i18n/react';
import { joinSentences } from '../../i18n/sentences';
import { useNumberFormats } from '../../i18n/numbers';
import { useApi } from '../../lib/api-context';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { PhotoConflictError, uploadQuestionImage, type UploadedImage } from './admin-api';
import { useFailureReason } from './use-admin-task';
import { isPhotoName } from '../../../domain/question-fields';

/** The photo types the server takes (checked by their bytes there) and its 5 MB limit. */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');

// A browser that does not know a type leaves it empty: the name says it then.
const isPhotoType = (file: File) =>
  file.type ? PHOTO_TYPES.includes(file.type) : /\.(png|jpe?g|webp|gif)$/i.test(file.name);

/**
 * A file size in megabytes to one decimal, for saying how far over the limit it is: rounded up,
 * so a file just over 5 MB is never said to be 5 MB.
 */
const megabytes = (bytes: number) => Math.ceil((bytes / (1024 * 1024)) * 10) / 10;

/**
 * What became of a photo: stored (or found stored, or replaced) under its name; refused, with
 * the reason; or its name taken by another photo, which only `replace` puts over it.
 */
export type PhotoUpload =
  UploadedImage | { problem: string } | { taken: string; courses: readonly string[] };

/**
 * The sentence naming the courses whose questions use the photos a replacement would change;
 * false when none does.
 */
export function photosUsedBy(
  t: TFunction<'admin'>,
  language: string,
  count: number,
  courses: readonly string[],
): string | false {
  if (courses.length === 0) return false;
  const list = new Intl.ListFormat(language, { type: 'conjunction' }).format(courses);
  return t('questions.replaceUsedBy', { count, courses: list });
}

/**
 * Uploads question photos under their own names: a file of the wrong type, size or name is
 * refused before a byte is sent (a 6 MB file would otherwise upload in full to be refused), the
 * server's refusal is worded. `uploading` is true while a file is on its way. `askReplace`
 * asks, in `dialog`, whether photos stored under the same names should give way to new ones.
 */
export function usePhotoUpload() {
  const { t, i18n } = useTranslation('admin');
  const { number } = useNumberFormats();
  const api = useApi();
  const reasonOf = useFailureReason();
  const { confirm, dialog } = useConfirm();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File, { replace = false } = {}): Promise<PhotoUpload> {
    if (!isPhotoType(file)) return { problem: t('questions.photoType', { name: file.name }) };
    if (file.size > PHOTO_MAX_BYTES) {
      const size = number(megabytes(file.size));
      return { problem: t('questions.photoTooLarge', { name: file.name, size }) };
    }
    if (!isPhotoName(file.name)) {
      return { problem: t('questions.photoNameUnsafe', { name: file.name }) };
    }
    setUploading(true);
    try {
      return await uploadQuestionImage(api, file, { replace });
    } catch (error) {
      if (error instanceof PhotoConflictError) return { taken: file.name, courses: error.courses };
      const detail = reasonOf(error);
      return {
        problem: detail ? t('questions.photoFailedDetail', { detail }) : t('questions.photoFailed'),
      };
    } finally {
      setUploading(false);
    }
  }

  /**
   * Whether to put the new photos over the stored ones of these names (asked first), saying
   * which courses' questions use them: another school's bank may be among them.
   */
  const askReplace = (names: readonly string[], courses: readonly string[] = []) =>
    confirm({
      title: t('questions.replaceTitle', { count: names.length }),
      message: joinSentences(i18n.language, [
        t('questions.replaceMessage', { count: names.length, names: names.join(', ') }),
        photosUsedBy(t, i18n.language, names.length, courses),
      ]),
      // "Replace all 1" reads wrong, and Chinese and Korean have no plural form for one alone.
      confirmLabel:
        names.length === 1
          ? t('questions.replaceOneConfirm')
          : t('questions.replaceConfirm', { count: names.length }),
      cancelLabel: t('questions.keepStored', { count: names.length }),
    });

  return { upload, uploading, askReplace, dialog };
}
