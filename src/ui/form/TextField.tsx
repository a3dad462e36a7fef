import {
  forwardRef,
  useId,
  useImperativeHandle,
  useRef,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { cx } from '../../lib/cx';
import { useFocusAfterPaint } from '../../lib/after-paint';
import { CharacterCount, characterCount, PasteCutNote, usePasteCut } from './CharacterCount';
import * as styles from './form.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  /** A value that is allowed but may not do what was meant: said below, the field stays valid. */
  warning?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/**
 * A labelled input with an optional hint, warning and error, wired for screen readers; with
 * `maxLength`, a character count shows once the value nears it. `autoFocus` focuses it once the
 * page has been painted (useFocusAfterPaint).
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, warning, error, id, required, onPaste, autoFocus, ...rest },
  ref,
) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement);
  useFocusAfterPaint(input, autoFocus === true);
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const warningId = warning ? `${inputId}-warning` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const count = characterCount(rest.value, rest.maxLength);
  const countId = count ? `${inputId}-count` : undefined;
  const { cut, handlePaste } = usePasteCut(rest.value, rest.maxLength, onPaste);
  const cutId = cut ? `${inputId}-cut` : undefined;
  const describedBy =
    [hintId, warningId, countId, cutId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            *
          </span>
        )}
      </label>
      <input
        ref={input}
        id={inputId}
        className={cx(styles.input, styles.singleLine)}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onPaste={handlePaste}
        {...rest}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {warning && (
        <p id={warningId} className={styles.warning}>
          {warning}
        </p>
      )}
      {count && countId && <CharacterCount id={countId} {...count} />}
      {cutId && <PasteCutNote id={cutId} />}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
});

export { styles as formStyles };
