import { useNavigate, useRouter, type ShouldBlockFn } from '@tanstack/react-router';
import { useMemo } from 'react';
import { validateAdminSearch, type EditTarget } from './admin-search';

declare module '@tanstack/history' {
  interface HistoryState {
    /** On an entry of /admin whose form was opened from the list below it: closing goes back there. */
    adminFormOpenedHere?: true;
  }
}

/** How the panel opens and closes a record's form; each open form is an entry in the history. */
export interface FormHistory {
  /** Add, or Edit on a row: one more entry, so that Back closes the form. */
  open: (target: EditTarget) => void;
  /**
   * Close, Cancel, ×, Escape, a save or a delete: the form's entry goes again, so that Back
   * afterwards does not reopen it. Back through the history when this tab opened the form;
   * a form loaded from its address (a reload of one, a link) has no list below it, and its
   * entry becomes the list's.
   */
  close: () => void;
}

export function useFormHistory(): FormHistory {
  const navigate = useNavigate({ from: '/admin' });
  const { history } = useRouter();
  return useMemo(
    () => ({
      open: (target) =>
        void navigate({
          search: (now) => ({ ...now, edit: target }),
          state: { adminFormOpenedHere: true },
          // The list stays where it was under the form.
          resetScroll: false,
        }),
      // The form has asked what it had to (or saved): no guard asks again.
      close: () => {
        if (history.location.state.adminFormOpenedHere) history.back({ ignoreBlocker: true });
        else
          void navigate({
            search: (now) => ({ ...now, edit: undefined }),
            replace: true,
            resetScroll: false,
            ignoreBlocker: true,
          });
      },
    }),
    [history, navigate],
  );
}

/** The navigation takes the panel from the open form to the list or to another form. */
export const closesForm: (...args: Parameters<ShouldBlockFn>) => boolean = ({ current, next }) =>
  next.fullPath === current.fullPath &&
  validateAdminSearch({ ...next.search }).edit !== validateAdminSearch({ ...current.search }).edit;
