import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNumberFormats } from '../../i18n/numbers';
import { useApi } from '../../lib/api-context';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { PhotoConflictError, uploadQuestionImage, type UploadedImage } from './admin-api';
import { useFailureReason } from './use-admin-task';

/** The photo types the server takes (checked by their bytes there) and its 5 MB limit. */
const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_ACCEPT = PHOTO_TYPES.join(',');
// The names the server stores a photo under: its own, when it is made of these alone.
const PHOTO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

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
export type PhotoUpload = UploadedImage | { problem: string } | { taken: string };

/**
 * Uploads question photos under their own names: a file of the wrong type, size or name is
 * refused before a byte is sent (a 6 MB file would otherwise upload in full to be refused), the
 * server's refusal is worded. `uploading` is true while a file is on its way. `askReplace`
 * asks, in `dialog`, whether photos stored under the same names should give way to new ones.
 */
export function usePhotoUpload() {
  const { t } = useTranslation('admin');
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
    if (!PHOTO_NAME.test(file.name)) {
      return { problem: t('questions.photoNameUnsafe', { name: file.name }) };
    }
    setUploading(true);
    try {
      return await uploadQuestionImage(api, file, { replace });
    } catch (error) {
      if (error instanceof PhotoConflictError) return { taken: file.name };
      const detail = reasonOf(error);
      return {
        problem: detail ? t('questions.photoFailedDetail', { detail }) : t('questions.photoFailed'),
      };
    } finally {
      setUploading(false);
    }
  }

  /** Whether to put the new photos over the stored ones of these names (asked first). */
  const askReplace = (names: readonly string[]) =>
    confirm({
      title: t('questions.replaceTitle', { count: names.length }),
      message: t('questions.replaceMessage', { count: names.length, names: names.join(', ') }),
      confirmLabel: t('questions.replaceConfirm', { count: names.length }),
      cancelLabel: t('questions.keepStored', { count: names.length }),
    });

  return { upload, uploading, askReplace, dialog };
}
