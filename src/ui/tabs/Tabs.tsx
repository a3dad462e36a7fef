import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import * as styles from './tabs.css';

export interface TabItem<K extends string> {
  id: K;
  label: ReactNode;
}

export interface TabsProps<K extends string> {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
  /** The selected tab's panel; only it is rendered, so a panel loads its data when shown. */
  children: ReactNode;
  testId?: string;
}

/**
 * Tabs after the WAI-ARIA pattern: role=tablist, roving tabindex, Left/Right (and Up/Down)
 * move and select, Home and End jump to the ends; the panel is labelled by its tab.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  testId,
}: TabsProps<K>) {
  const base = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

  // Where the list scrolls sideways (a narrow window, long labels; a phone wraps it instead), the
  // selected tab is brought into it, also when a link or a reload opens a tab far along, so the
  // reader always sees which tab is open.
  useLayoutEffect(() => {
    const list = listRef.current;
    const tab = refs.current.get(selected);
    if (!list || !tab) return;
    const shown = list.getBoundingClientRect();
    const box = tab.getBoundingClientRect();
    if (box.left < shown.left) list.scrollLeft -= shown.left - box.left;
    else if (box.right > shown.right) list.scrollLeft += box.right - shown.right;
  }, [selected]);

  // Whether tabs lie beyond either edge of the list, for the fades that say it scrolls.
  const [more, setMore] = useState({ before: false, after: false });
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const measure = () => {
      const before = list.scrollLeft > 1;
      const after = list.scrollLeft + list.clientWidth < list.scrollWidth - 1;
      setMore((current) =>
        current.before === before && current.after === after ? current : { before, after },
      );
    };
    measure();
    list.addEventListener('scroll', measure, { passive: true });
    // Not in every environment (jsdom has none): the fades then stay off.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(list);
    return () => {
      list.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, []);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index >= last ? 0 : index + 1,
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowLeft: index <= 0 ? last : index - 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = tabs[target];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  };

  return (
    <>
      <div
        className={styles.strip}
        data-more-before={more.before || undefined}
        data-more-after={more.after || undefined}
      >
        <div
          ref={listRef}
          role="tablist"
          aria-label={label}
          className={styles.list}
          onKeyDown={move}
          data-testid={testId}
        >
          {tabs.map((tab) => {
            const active = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(node) => {
                  if (node) refs.current.set(tab.id, node);
                  else refs.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                id={tabId(tab.id)}
                aria-selected={active}
                aria-controls={active ? panelId : undefined}
                tabIndex={active ? 0 : -1}
                className={styles.tab}
                onClick={() => onSelect(tab.id)}
                data-tab={tab.id}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(selected)}
        tabIndex={0}
        className={styles.panel}
      >
        {children}
      </div>
    </>
  );
}
