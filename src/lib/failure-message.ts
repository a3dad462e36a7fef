import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { detailOf } from '../api';
import type { Namespace } from '../i18n/config';

/**
 * Words a failed call for a notification: the namespace's message, followed by the server's
 * reason when it gave one. The namespace's `errors.withDetail` joins the two the way its
 * messages are written (admin: 'Failed to delete user: You cannot delete your own account';
 * profile, whose messages are sentences: 'The profile could not be updated. Reason: ...').
 */
export function useFailureMessageIn(namespace: Namespace) {
  const { t } = useTranslation(namespace);
  return useCallback(
    (messageKey: string, error: unknown) => {
      const message = t(messageKey);
      const detail = detailOf(error);
      return detail ? t('errors.withDetail', { message, detail }) : message;
    },
    [t],
  );
}
