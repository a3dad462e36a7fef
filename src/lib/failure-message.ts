import { useCallback } from 'react';
import { useTranslation } from '../i18n/react';
import { detailOf, noAnswerOf } from '../api';
import type { Namespace } from '../i18n/config';

/**
 * The reason a call failed, in the interface language: the server's detail (worded in the
 * language the client sent as Accept-Language), or 'Could not reach the server...' when no
 * answer came ('The server is taking too long...' when it came too late); null when neither applies.
 */
export function useFailureReason() {
  const { t } = useTranslation('common');
  return useCallback(
    (error: unknown): string | null => {
      const noAnswer = noAnswerOf(error);
      return noAnswer ? t(`error.${noAnswer}`) : detailOf(error);
    },
    [t],
  );
}

/**
 * Words a failed call for a notification: the namespace's message, followed by the reason when
 * there is one. The namespace's `errors.withDetail` joins the two the way its messages are
 * written (admin: 'Failed to delete user: You cannot delete your own account'; profile, whose
 * messages are sentences: 'The profile could not be updated. Reason: ...').
 */
export function useFailureMessageIn(namespace: Namespace) {
  const { t } = useTranslation(namespace);
  const reasonOf = useFailureReason();
  return useCallback(
    (messageKey: string, error: unknown) => {
      const message = t(messageKey);
      const detail = reasonOf(error);
      return detail ? t('errors.withDetail', { message, detail }) : message;
    },
    [t, reasonOf],
  );
}
