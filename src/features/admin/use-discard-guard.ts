import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';

/**
 * Closing a form whose fields were changed (Escape, a click outside, ×, Cancel) asks first,
 * so a slip of the hand does not lose what the administrator typed. Render `dialog` once.
 */
export function useDiscardGuard(
  open: boolean,
  changed: boolean,
  onClose: () => void,
): { requestClose: () => void; dialog: ReactNode } {
  const { t } = useTranslation('admin');
  const { confirm, dismiss, dialog } = useConfirm();
  // The form closed under the question (its save went through): the question goes with it.
  const dismissed = useRef(dismiss);
  dismissed.current = dismiss;
  useEffect(() => {
    if (!open) dismissed.current();
  }, [open]);
  const requestClose = async () => {
    const discard =
      !open ||
      !changed ||
      (await confirm({
        title: t('discard.title'),
        message: t('discard.message'),
        confirmLabel: t('discard.confirm'),
        cancelLabel: t('discard.keep'),
      }));
    if (discard) onClose();
  };
  return { requestClose: () => void requestClose(), dialog };
}
