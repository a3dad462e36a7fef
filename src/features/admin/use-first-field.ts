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
    form.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, [shown]);
  return form;
}
