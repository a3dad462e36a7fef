import { DIALOG_CLEARANCE } from '../notifications/region.css';

/** Space kept between an open dialog's close button and the notifications below it. */
const GAP_PX = 8;

/**
 * The share of the window's height notifications may be pushed down: a dialog whose banner sits
 * lower (a tall form scrolled) may have one over it rather than notifications off screen.
 */
const MOST_CLEARED = 0.6;

/**
 * Tells the notifications (by a CSS variable) how far down open dialogs' close buttons and the
 * banners in their upper part (a failed save, a conflict) reach.
 */
function publish(): void {
  const limit = window.innerHeight * MOST_CLEARED;
  const reaches = document.querySelectorAll<HTMLElement>(
    '[role="dialog"] [data-modal-close], [role="dialog"] [data-banner]',
  );
  const bottoms = [...reaches]
    .map((element) => element.getBoundingClientRect().bottom)
    .filter((bottom) => bottom <= limit);
  const root = document.documentElement.style;
  if (bottoms.length > 0) root.setProperty(DIALOG_CLEARANCE, `${Math.max(...bottoms) + GAP_PX}px`);
  else root.removeProperty(DIALOG_CLEARANCE);
}

/**
 * A ref for a dialog's close button: while it is on screen, notifications start below it and
 * the dialog's banners rather than over them (they stay at the top right). Measured again
 * whenever the dialog changes size or content (its content loads, a banner comes, the window
 * turns), scrolls or ends its opening animation, and once it has gone (another may still be
 * open under it).
 */
export function keepClearOfToasts(close: HTMLElement | null): (() => void) | undefined {
  const dialog = close?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) return undefined;
  // Every browser has it; a test's DOM may not.
  const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(publish) : null;
  resized?.observe(dialog);
  const changed = typeof MutationObserver === 'function' ? new MutationObserver(publish) : null;
  changed?.observe(dialog, { childList: true, subtree: true });
  dialog.addEventListener('animationend', publish);
  dialog.addEventListener('scroll', publish, { passive: true });
  window.addEventListener('resize', publish);
  return () => {
    resized?.disconnect();
    changed?.disconnect();
    dialog.removeEventListener('animationend', publish);
    dialog.removeEventListener('scroll', publish);
    window.removeEventListener('resize', publish);
    setTimeout(publish, 0);
  };
}
