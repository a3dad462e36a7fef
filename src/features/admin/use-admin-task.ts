import { useCallback, useId, useState } from 'react';
import { useFailureMessageIn } from '../../lib/failure-message';
import { useNotify } from '../../ui/notifications/Notifications';

export { useFailureReason } from '../../lib/failure-message';

export interface TaskMessages<T> {
  /** The success notification (spec section 8), or null for none. */
  success?: (result: T) => string | null;
  /** The error notification (spec section 8), or null when the form shows the problem itself. */
  error: (error: unknown) => string | null;
}

/**
 * Runs one admin action at a time per key (a save, a delete, a maintenance action), marks it
 * busy for the buttons and shows its success or error notification, which replaces the one
 * the same action showed before.
 */
export function useAdminTask() {
  const notify = useNotify();
  // Keys such as 'save' repeat from form to form; the notification's key names this caller too.
  const caller = useId();
  const [busy, setBusy] = useState<string | null>(null);

  const run = useCallback(
    async <T>(
      key: string,
      task: () => Promise<T>,
      messages: TaskMessages<T>,
    ): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> => {
      setBusy(key);
      try {
        const value = await task();
        const message = messages.success?.(value);
        if (message) notify.success(message, `${caller}${key}`);
        return { ok: true, value };
      } catch (error) {
        const message = messages.error(error);
        if (message) notify.error(message, `${caller}${key}`);
        return { ok: false, error };
      } finally {
        setBusy((current) => (current === key ? null : current));
      }
    },
    [notify, caller],
  );

  return { busy, run };
}

/**
 * The spec's error message, followed by the server's reason when it gave one
 * ('Failed to delete user: You cannot delete your own account').
 */
export function useFailureMessage() {
  return useFailureMessageIn('admin');
}
