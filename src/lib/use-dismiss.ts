import { useEffect, type RefObject } from 'react';

// Marks an open popup's root, so that an outer popup leaves an Escape to the inner one.
const ROOT_ATTRIBUTE = 'data-dismiss-root';

/**
 * Closes a popup on a pointer press outside `ref` or on Escape (which returns focus to
 * `returnFocus`). Within popups inside one another (a language list in the phone menu), Escape
 * from inside the inner one closes only that one.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  onClose: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const root = ref.current;
    if (!open || !root) return;
    root.setAttribute(ROOT_ATTRIBUTE, '');
    const onPointer = (event: PointerEvent | MouseEvent) => {
      const target = event.target as Node | null;
      if (target && !root.contains(target)) onClose();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const owner =
        event.target instanceof Element ? event.target.closest(`[${ROOT_ATTRIBUTE}]`) : null;
      if (owner && owner !== root && root.contains(owner)) return;
      event.stopPropagation();
      onClose();
      returnFocus?.current?.focus();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      root.removeAttribute(ROOT_ATTRIBUTE);
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, onClose, returnFocus]);
}
