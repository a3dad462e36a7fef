import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Button, type ButtonVariant } from '../button/Button';
import { TextField } from '../form/TextField';
import { Modal } from '../modal/Modal';

export interface ConfirmOptions {
  title: ReactNode;
  /** The question asked, e.g. the spec's 'This action cannot be undone!'. */
  message: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  /** danger by default: confirmations guard destructive actions. */
  variant?: ButtonVariant;
  /**
   * For what takes much with it: the confirm button stays off until this exact text (a count,
   * a word) is typed into a field labelled `typeLabel`.
   */
  typeToConfirm?: { text: string; label: ReactNode };
  /**
   * Takes the focus when the answer is no, instead of what had it before: a link whose way out
   * was refused would only ask again on the next Enter.
   */
  focusOnCancel?: () => HTMLElement | null;
}

interface Pending extends ConfirmOptions {
  resolve: (confirmed: boolean) => void;
}

/**
 * A confirmation on the app's Radix modal, asked like `window.confirm` but awaited:
 * `if (await confirm({...})) remove()`. Render `dialog` once in the component. Escape, the
 * close button, a click outside and Cancel all answer false; focus starts on Cancel (on the
 * field, when the answer must be typed).
 */
export function useConfirm(): {
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** Answers an open question false and closes it: what it asked about is gone. */
  dismiss: () => void;
  dialog: ReactNode;
} {
  const [pending, setPending] = useState<Pending | null>(null);
  const [typed, setTyped] = useState('');

  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setTyped('');
        setPending({ ...options, resolve });
      }),
    [],
  );

  // Read as the dialog closes, after `pending` is gone.
  const focusAfter = useRef<(() => HTMLElement | null) | null>(null);
  const answer = (confirmed: boolean) => {
    focusAfter.current = confirmed ? null : (pending?.focusOnCancel ?? null);
    pending?.resolve(confirmed);
    setPending(null);
  };
  const required = pending?.typeToConfirm;
  // NFKC: digits typed in full width (an input method's default) count as the digits they are.
  const accepted = !required || typed.normalize('NFKC').trim() === required.text;

  const dialog = (
    <Modal
      open={pending !== null}
      returnFocus={() => focusAfter.current?.() ?? null}
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
            disabled={!accepted}
            data-testid="confirm-accept"
          >
            {pending?.confirmLabel}
          </Button>
        </>
      }
    >
      {required && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (accepted) answer(true);
          }}
          noValidate
        >
          <TextField
            label={required.label}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="confirm-type"
          />
        </form>
      )}
    </Modal>
  );
  return { confirm, dismiss: () => answer(false), dialog };
}
