import { useEffect, useRef } from 'react';
import { focusField } from '../../lib/focus-field';

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
    // A field may claim the focus (a setting's value while editing); else the first one that
    // can change: a read-only or disabled one (a setting's key, a built-in's type) cannot.
    const fields = form.current;
    const first =
      fields?.querySelector<HTMLElement>('[data-autofocus]') ??
      fields?.querySelector<HTMLElement>(
        'input:not([readonly]):not([disabled]), textarea:not([readonly]):not([disabled]), select:not([disabled])',
      );
    if (first) focusField(first);
  }, [shown]);
  return form;
}
