import { useCallback, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../button/Button';
import { Modal } from '../modal/Modal';

export interface ConfirmOptions {
  title: ReactNode;
  /** The question asked, e.g. the spec's 'This action cannot be undone!'. */
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** danger by default: confirmations guard destructive actions. */
  variant?: ButtonVariant;
}

interface Pending extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/**
 * A confirmation on the app's Radix modal, asked like `window.confirm` but awaited:
 * `if (await confirm({...})) remove()`. Render `dialog` once in the component. Escape, the
 * close button, a click outside and Cancel all answer false; focus starts on Cancel.
 */
export function useConfirm(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Answers an open question false and closes it: what it asked about is gone. */
  dismiss: () => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setPending({ ...options, resolve });
      }),
    [],
  );

  const answer = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };

  const dialog = (
    <Modal
      open={pending !== null}
      onOpenChange={(open) => {
        if (!open) answer(false);
      }}
      title={pending?.title}
      description={pending?.message}
      footer={
        <>
          <Button variant="secondary" onClick={() => answer(false)}>
            {pending?.cancelLabel}
          </Button>
          <Button
            variant={pending?.variant ?? 'danger'}
            onClick={() => answer(true)}
            data-testid="confirm-accept"
          >
            {pending?.confirmLabel}
          </Button>
        </>
      }
    />
  );
  return { confirm, dismiss: () => answer(false), dialog };
}
