import { DIALOG_CLEARANCE } from '../notifications/notifications.css';

/** Space kept between an open dialog's close button and the notifications below it. */
const GAP_PX = 8;

/** Tells the notifications (by a CSS variable) how far down open dialogs' close buttons reach. */
function publish(): void {
  const closes = document.querySelectorAll<HTMLElement>('[role="dialog"] [data-modal-close]');
  const bottoms = [...closes].map((close) => close.getBoundingClientRect().bottom);
  const root = document.documentElement.style;
  if (bottoms.length > 0) root.setProperty(DIALOG_CLEARANCE, `${Math.max(...bottoms) + GAP_PX}px`);
  else root.removeProperty(DIALOG_CLEARANCE);
}

/**
 * A ref for a dialog's close button: while it is on screen, notifications start below it
 * rather than over it (they stay at the top right). Measured again whenever the dialog changes
 * size (its content loads, the window turns) or ends its opening animation, and once it has
 * gone (another may still be open under it).
 */
export function keepClearOfToasts(close: HTMLElement | null): (() => void) | undefined {
  const dialog = close?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) return undefined;
  // Every browser has it; a test's DOM may not.
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
  resized?.observe(dialog);
  dialog.addEventListener('animationend', publish);
  window.addEventListener('resize', publish);
  return () => {
    resized?.disconnect();
    dialog.removeEventListener('animationend', publish);
    window.removeEventListener('resize', publish);
    setTimeout(publish, 0);
  };
}
