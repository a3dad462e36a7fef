import { useLayoutEffect, type RefObject } from 'react';

const HEADER_HEIGHT = '--header-height';

/** Where a bar sticks just below the sticky header (its height wraps with the brand on phones). */
export const BELOW_HEADER = `var(${HEADER_HEIGHT}, 4rem)`;

/** Publishes the header's height as a CSS variable while the header is on the page. */
export function usePublishedHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = header.current;
    // Not in every environment (jsdom has none); the fallback height then applies.
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty(HEADER_HEIGHT, `${element.getBoundingClientRect().height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEADER_HEIGHT);
    };
  }, [header]);
}
