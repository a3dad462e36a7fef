import { useTranslation } from '../../i18n/react';
import { useAuth } from '../../lib/auth';

/**
 * Why the last login or registration failed, for the page of that `kind`: 'Could not reach the
 * server...' when no answer came (or 'The server is taking too long...'), else the server's reason, else 'Login failed' or
 * 'Registration failed'; null when that request has not failed.
 */
export function useAuthFailure(kind: 'login' | 'register'): string | null {
  const { t } = useTranslation('auth');
  const { error } = useAuth();
  if (error?.kind !== kind) return null;
  if (error.unreachable) return t(`common:error.${error.unreachable}`);
  return error.detail ?? t(kind === 'login' ? 'loginFailed' : 'registerFailed');
}
