import { useEffect, useRef } from 'react';

/**
 * A route's own search check only reads the values' types (it runs in the entry chunk); its
 * page narrows them (a known tab or mode, a page number where there are pages). What the
 * narrowing dropped leaves the address too, replacing the entry. Keys in the same order.
 */
export function useTidySearch<T extends object>(
  raw: object,
  narrowed: T,
  replace: (search: T) => void,
): void {
  const stray = JSON.stringify(narrowed) !== JSON.stringify(raw);
  const latest = useRef({ narrowed, replace });
  latest.current = { narrowed, replace };
  useEffect(() => {
    if (stray) latest.current.replace(latest.current.narrowed);
  }, [stray]);
}
