import { type ClipboardEvent, type ClipboardEventHandler, useState } from 'react';
import { useNumberFormats } from '../../i18n/numbers';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import * as styles from './form.css';

/** From this share of the limit on the count shows: far from it, it would only be noise. */
const NEAR_LIMIT = 0.8;

/** The characters typed against the field's limit, once near it; null when there is none to show. */
export function characterCount(
  value: unknown,
  maxLength: number | undefined,
): { used: number; max: number } | null {
  if (maxLength === undefined || typeof value !== 'string') return null;
  // As the browser counts for maxLength (UTF-16 units), so the count stops where typing does.
  const used = value.length;
  return used >= maxLength * NEAR_LIMIT ? { used, max: maxLength } : null;
}

/** '3,950 / 4,000 characters' under a field near its limit, in the danger colour at it. */
export function CharacterCount({ id, used, max }: { id: string; used: number; max: number }) {
  const { t } = useTranslation('parts');
  const { number } = useNumberFormats();
  return (
    <p id={id} className={cx(styles.count, used >= max && styles.countFull)}>
      {t('field.characters', { used: number(used), max: number(max), count: max })}
    </p>
  );
}

type TextInput = HTMLInputElement | HTMLTextAreaElement;

/**
 * Whether the last paste into a field with a limit was cut short: the browser keeps only what
 * fits and says nothing, so a long text pasted in would lose its end unseen. True while the
 * field stays full; calls the field's own `onPaste` too.
 */
export function usePasteCut<T extends TextInput>(
  value: unknown,
  maxLength: number | undefined,
  onPaste: ClipboardEventHandler<T> | undefined,
): { cut: boolean; handlePaste: ClipboardEventHandler<T> } {
  const [cut, setCut] = useState(false);
  const handlePaste = (event: ClipboardEvent<T>) => {
    onPaste?.(event);
    if (maxLength === undefined) return;
    const field = event.currentTarget;
    const replaced = (field.selectionEnd ?? 0) - (field.selectionStart ?? 0);
    const pasted = event.clipboardData.getData('text').length;
    setCut(field.value.length - replaced + pasted > maxLength);
  };
  const full = maxLength !== undefined && typeof value === 'string' && value.length >= maxLength;
  return { cut: cut && full, handlePaste };
}

/** Says a paste did not fit whole, beside the field's count. */
export function PasteCutNote({ id }: { id: string }) {
  const { t } = useTranslation('parts');
  return (
    <p id={id} role="status" className={styles.error}>
      {t('field.pasteCut')}
    </p>
  );
}
