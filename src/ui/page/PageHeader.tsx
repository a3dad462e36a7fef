import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import * as styles from './page.css';

let shownBefore = false;
// The address the page loaded at: a screen shown at another one came by the app's own navigation,
// even as the first with this header (a sign-in page has none, and the dashboard follows it).
const loadedAt = typeof window === 'undefined' ? '' : window.location.href;

/**
 * A screen that replaces another without a page load (a route, a training step, an exam's
 * result) takes the focus of a control that left with the screen before, which would otherwise
 * fall to the page's body: keyboard and screen-reader users start again at the new heading.
 * Focus held by something still there (the header's links) stays where it is, and the first
 * screen after the page loads leaves the page's own start (the skip link) alone.
 */
function useFocusLeftBehind(heading: RefObject<HTMLHeadingElement | null>): void {
  useEffect(() => {
    const first = !shownBefore && window.location.href === loadedAt;
    shownBefore = true;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (!first && lost) heading.current?.focus({ preventScroll: true });
  }, [heading]);
}

export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusLeftBehind(heading);
  return (
    <div className={styles.header}>
      <div className={styles.heading}>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {actions && <div className={styles.row}>{actions}</div>}
    </div>
  );
}

export { styles as pageStyles };
