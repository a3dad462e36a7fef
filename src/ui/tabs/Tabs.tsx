import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  const tabId = (id: K) => `${base}-tab-${id}`;
  const panelId = `${base}-panel`;

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
