import { type RefObject, useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Scrolls the page to its top when the calling screen first shows. A run or an exam replaces
 * its start screen without a navigation, so the page would keep the start screen's scroll
 * position: on a phone the question's first lines and the timer stayed above the screen.
 * A layout effect, so the first frame is already drawn at the top.
 */
export function useScrollToTopOnShow(): void {
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
}

/**
 * Brings `target` into view, scrolling no more than needed, each time `shown` turns true: a
 * checked answer's verdict, explanation and Next button, which a photo above them can push
 * below the screen. Not on the first render (a run restored after a reload stays where it is).
 * When what lies between `first` and `target` is taller than the screen (a long explanation on a
 * short phone), `first` wins: the verdict is read from its top, below any sticky bar, and the
 * rest is scrolled to.
 */
export function useRevealWhen(
  shown: boolean,
  target: RefObject<HTMLElement | null>,
  first?: RefObject<HTMLElement | null>,
): void {
  const before = useRef(shown);
  useEffect(() => {
    const turnedOn = shown && !before.current;
    before.current = shown;
    if (!turnedOn) return;
    // At once: a smooth scroll still running when Next is pressed would carry the next
    // question away from the top it is shown from.
    target.current?.scrollIntoView?.({ block: 'nearest', behavior: 'instant' });
    first?.current?.scrollIntoView?.({ block: 'nearest', behavior: 'instant' });
  }, [shown, target, first]);
}
