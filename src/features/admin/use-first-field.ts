import { useEffect, useRef } from 'react';

/**
 * The form's ref. When the form shows only after its record was read (the dialog opened on
 * "Loading..."), its first field takes the focus then, as it would have on opening.
 */
export function useFirstFieldOnceShown(shown: boolean) {
  const form = useRef<HTMLFormElement>(null);
  const wasHidden = useRef(!shown);
  useEffect(() => {
    if (!shown) {
      wasHidden.current = true;
      return;
    }
    if (!wasHidden.current) return;
    wasHidden.current = false;
    // A read-only field (a setting's key while editing) has nothing to type in.
    form.current
      ?.querySelector<HTMLElement>('input:not([readonly]), textarea:not([readonly]), select')
      ?.focus();
  }, [shown]);
  return form;
}
