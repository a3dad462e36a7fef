import { useEffect, type RefObject } from 'react';

/**
 * Runs `work` once the browser has painted the next frame: a frame's callbacks run before its
 * paint, a task queued from one after it. Answers a function that calls it off.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

const FIELDS = 'input, textarea, select';

/**
 * Focuses the element once the page it is on has been painted, where `autoFocus` would focus it
 * while React commits the page: focusing lays the page out at once, so the commit and the page's
 * first layout ran as one long task (70 ms for the sign-in page on a desktop, four times that on
 * a phone) that held back the first paint and any input. A field the user has already chosen
 * keeps the focus.
 */
export function useFocusAfterPaint(target: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    return afterNextPaint(() => {
      const element = target.current;
      const active = document.activeElement;
      if (!element || (active !== element && active?.matches(FIELDS))) return;
      element.focus();
    });
  }, [enabled, target]);
}
