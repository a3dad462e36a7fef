import { useEffect, useRef } from 'react';

/**
 * Word that a course's bank changed (an import, a question saved or deleted), for the admin
 * screens that count it: an import the Questions tab sent may land while the Overview is shown.
 */
const listeners = new Set<() => void>();

export function announceBankChange(): void {
  for (const listener of listeners) listener();
}

/** Calls `onChange` (the latest one given) each time a bank changes while the caller is shown. */
export function useOnBankChange(onChange: () => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const listener = () => latest.current();
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);
}
