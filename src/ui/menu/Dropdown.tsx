import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cx } from '../../lib/cx';
import { useDismiss } from '../../lib/use-dismiss';
import * as styles from './menu.css';

export interface DropdownProps {
  /** Content of the trigger button. */
  trigger: ReactNode;
  /** Accessible name of the trigger. */
  label: string;
  align?: 'start' | 'end';
  /** Opens above the trigger (footer). */
  up?: boolean;
  triggerClassName?: string;
  testId?: string;
  children: (close: () => void) => ReactNode;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';
/** The room a menu keeps from the window's edges, in px. */
const EDGE = 8;

/**
 * How far to move a menu sideways so it stays within the window: its side is chosen for where
 * its trigger usually sits, but short words (a Chinese footer's links) can leave the trigger
 * elsewhere on a phone, and the menu would open past the screen's edge.
 */
export function nudgeIntoView(menu: { left: number; right: number }, windowWidth: number): number {
  if (menu.right > windowWidth - EDGE)
    return Math.max(EDGE - menu.left, windowWidth - EDGE - menu.right);
  if (menu.left < EDGE) return EDGE - menu.left;
  return 0;
}

/**
 * A menu button: opens on click, Enter, Space or ArrowDown; arrows move between items;
 * closes on a click outside, on Escape (focus back on the trigger), on Tab and after a choice.
 */
export function Dropdown({
  trigger,
  label,
  align = 'end',
  up,
  triggerClassName,
  testId,
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  // An item's choice takes the menu, and the focus on it, away: focus goes back to the trigger.
  const closeToTrigger = () => {
    close();
    triggerRef.current?.focus();
  };
  useDismiss(rootRef, open, close, triggerRef);

  // Measured before it is painted, so it never shows past the edge first.
  const [nudge, setNudge] = useState(0);
  useLayoutEffect(() => {
    if (!open || !menuRef.current) {
      setNudge(0);
      return;
    }
    const rect = menuRef.current.getBoundingClientRect();
    setNudge(nudgeIntoView(rect, document.documentElement.clientWidth));
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const items = menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR);
    const checked = menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]');
    // Without scrolling: the menu opens beside its trigger, and a scroll made before it is moved
    // into the window (nudgeIntoView) would carry the page away from it.
    (checked ?? items?.[0])?.focus({ preventScroll: true });
  }, [open]);

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (next: number) => items[(next + items.length) % items.length]?.focus();
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusAt(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusAt(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focusAt(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focusAt(items.length - 1);
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <div className={styles.root} ref={rootRef} data-testid={testId}>
      <button
        ref={triggerRef}
        type="button"
        className={cx(styles.trigger, triggerClassName)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {trigger}
        <span className={styles.caret} aria-hidden="true">
          ▾
        </span>
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          className={cx(
            styles.menu,
            align === 'end' ? styles.alignEnd : styles.alignStart,
            up && styles.openUp,
          )}
          style={nudge === 0 ? undefined : { transform: `translateX(${nudge}px)` }}
          onKeyDown={onMenuKey}
        >
          {children(closeToTrigger)}
        </div>
      )}
    </div>
  );
}

export const menuStyles = styles;
