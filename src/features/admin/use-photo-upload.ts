import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNumberFormats } from '../../i18n/numbers';
import { useApi } from '../../lib/api-context';
import { uploadQuestionImage } from './admin-api';
import { useFailureReason } from './use-admin-task';

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

export type PhotoUpload = { filename: string } | { problem: string };

/**
 * Uploads a question photo: a file of the wrong type or size is refused before a byte is sent
 * (a 6 MB file would otherwise upload in full to be refused), the server's refusal is worded.
 * `uploading` is true while a file is on its way.
 */
export function usePhotoUpload() {
  const { t } = useTranslation('admin');
  const { number } = useNumberFormats();
  const api = useApi();
  const reasonOf = useFailureReason();
  const [uploading, setUploading] = useState(false);

  async function upload(file: File): Promise<PhotoUpload> {
    if (!isPhotoType(file)) return { problem: t('questions.photoType', { name: file.name }) };
    if (file.size > PHOTO_MAX_BYTES) {
      const size = number(megabytes(file.size));
      return { problem: t('questions.photoTooLarge', { name: file.name, size }) };
    }
    setUploading(true);
    try {
      return { filename: (await uploadQuestionImage(api, file)).filename };
    } catch (error) {
      const detail = reasonOf(error);
      return {
        problem: detail ? t('questions.photoFailedDetail', { detail }) : t('questions.photoFailed'),
      };
    } finally {
      setUploading(false);
    }
  }

  return { upload, uploading };
}
