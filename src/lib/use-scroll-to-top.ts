import { useLayoutEffect } from 'react';

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
