import { useTranslation } from '../../i18n/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';

/**
 * Closing a form whose fields were changed (Escape, a click outside, ×, Cancel, Back) asks
 * first, so a slip of the hand does not lose what the administrator typed. Render `dialog` once.
 */
export function useDiscardGuard(
  open: boolean,
  changed: boolean,
  onClose: () => void,
): {
  requestClose: () => void;
  /** True when there is nothing to lose or the administrator chose to discard it. */
  askToDiscard: () => Promise<boolean>;
  dialog: ReactNode;
} {
  const { t } = useTranslation('admin');
  const { confirm, dismiss, dialog } = useConfirm();
  // The form closed under the question (its save went through): the question goes with it.
  const dismissed = useRef(dismiss);
  dismissed.current = dismiss;
  useEffect(() => {
    if (!open) dismissed.current();
  }, [open]);
  const askToDiscard = async () =>
    !open ||
    !changed ||
    confirm({
      title: t('discard.title'),
      message: t('discard.message'),
      confirmLabel: t('discard.confirm'),
      cancelLabel: t('discard.keep'),
    });
  const requestClose = async () => {
    if (await askToDiscard()) onClose();
  };
  return { requestClose: () => void requestClose(), askToDiscard, dialog };
}
