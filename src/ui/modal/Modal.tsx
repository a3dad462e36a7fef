import * as Dialog from '@radix-ui/react-dialog';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import { focusField } from '../../lib/focus-field';
import { keepClearOfToasts } from './dialog-clearance';
import * as styles from './modal.css';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons under the content (save, cancel...). */
  footer?: ReactNode;
  wide?: boolean;
  /**
   * Where the focus goes on closing instead of back to the opener, when it names a place
   * (called as the dialog closes): e.g. the page a link would have left, when the learner stays.
   */
  returnFocus?: () => HTMLElement | null;
}

// The element that last had the focus: a click on a dialog's backdrop takes it to the page
// before a question about closing opens, which then gives it back here instead.
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement) lastFocused = event.target;
  });
}

// What takes the focus when a dialog opens: a field marked `data-autofocus`, else its first
// field, else its first button at the foot (Cancel, in a confirmation), not the close button.
const FIRST_FIELD =
  'input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/** The page's own heading, which takes the focus when nothing more precise should. */
export const pageHeading = (): HTMLElement | null =>
  document.querySelector<HTMLElement>('main h1[tabindex]');

/**
 * Every modal of the app: a Radix dialog (focus trap, Escape, overlay click, aria). The focus
 * starts on the first field and goes back, on closing, to what had it before the dialog opened:
 * the app opens dialogs from its own buttons, not through a Radix trigger Radix could return to.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  wide,
  returnFocus,
}: ModalProps) {
  const { t } = useTranslation('common');
  const opener = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={cx(styles.content, wide && styles.wide)}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // Still the opener's: Radix moves the focus only after this. A dialog shown again
            // (its content suspended and came back) keeps the opener it had.
            const content = event.currentTarget as HTMLElement;
            const active = document.activeElement;
            const candidate =
              active instanceof HTMLElement && active !== document.body ? active : lastFocused;
            if (candidate && !content.contains(candidate)) opener.current = candidate;
            const first =
              content.querySelector<HTMLElement>('[data-autofocus]') ??
              content.querySelector<HTMLElement>(FIRST_FIELD) ??
              content.querySelector<HTMLElement>(`.${styles.footer} button:not([disabled])`);
            if (first) {
              event.preventDefault();
              focusField(first);
            }
          }}
          onCloseAutoFocus={(event) => {
            const back = opener.current;
            opener.current = null;
            // Gone with the dialog's answer (a phone menu closed meanwhile): the page's heading
            // takes the focus rather than the body, where a keyboard user would start over.
            const target = returnFocus?.() ?? (back?.isConnected ? back : pageHeading());
            if (target) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <div className={styles.header}>
            <div>
              <Dialog.Title className={styles.title}>{title}</Dialog.Title>
              {description && (
                <Dialog.Description className={styles.description}>
                  {description}
                </Dialog.Description>
              )}
            </div>
            <Dialog.Close
              className={styles.close}
              aria-label={t('actions.close')}
              data-modal-close=""
              ref={keepClearOfToasts}
            >
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {children}
          {footer && <div className={styles.footer}>{footer}</div>}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const ModalClose = Dialog.Close;

/** For buttons a form inside the dialog lays out itself: the footer's place and look. */
export const modalActions = styles.footer;
