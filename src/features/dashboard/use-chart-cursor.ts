import { type KeyboardEvent, type PointerEvent, useState } from 'react';

/** The keys that step a chart's cursor back and forward: along the exams, or down the topics. */
export type CursorKeys = { back: string; forward: string };

export const ALONG: CursorKeys = { back: 'ArrowLeft', forward: 'ArrowRight' };
export const DOWN: CursorKeys = { back: 'ArrowUp', forward: 'ArrowDown' };

/**
 * A chart's plot named `title`: one group that takes the focus, with the mark of `count` its
 * tooltip shows, or none: the one under the pointer, the one a tap chose, or, once the plot has
 * the focus, the one the arrow keys (Home, End) step to. Escape, leaving the plot or losing the
 * focus hides it; a finger lifted does not, or the tooltip a tap opened would close as it opens.
 */
export function useChartCursor(count: number, keys: CursorKeys, title: string) {
  const [active, setActive] = useState<number | null>(null);
  const show = (index: number) => setActive(Math.min(count - 1, Math.max(0, index)));
  const onKeyDown = (event: KeyboardEvent) => {
    const current = active ?? -1;
    const targets: Record<string, number> = {
      [keys.back]: Math.max(0, current - 1),
      [keys.forward]: current + 1,
      Home: 0,
      End: count - 1,
    };
    const target = targets[event.key];
    if (event.key === 'Escape') setActive(null);
    else if (target !== undefined) {
      event.preventDefault();
      show(target);
    }
  };
  const plotProps = {
    role: 'group',
    'aria-label': title,
    'data-testid': 'chart-plot',
    tabIndex: 0,
    onKeyDown,
    onFocus: () => setActive((current) => current ?? 0),
    onBlur: () => setActive(null),
    onPointerLeave: (event: PointerEvent) => {
      if (event.pointerType !== 'touch') setActive(null);
    },
  };
  return { active, show, plotProps };
}
