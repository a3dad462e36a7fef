import { useTranslation } from 'react-i18next';
import type { ReactNode } from 'react';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';

/**
 * Closing a form whose fields were changed (Escape, a click outside, ×, Cancel) asks first,
 * so a slip of the hand does not lose what the administrator typed. Render `dialog` once.
 */
export function useDiscardGuard(
  changed: boolean,
  onClose: () => void,
): { requestClose: () => void; dialog: ReactNode } {
  const { t } = useTranslation('admin');
  const { confirm, dialog } = useConfirm();
  const requestClose = async () => {
    const discard =
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
