import { forwardRef, useId, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import { CharacterCount, characterCount, PasteCutNote, usePasteCut } from './CharacterCount';
import * as fields from './fields.css';
import * as styles from './form.css';

export interface TextAreaFieldProps extends Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id'
> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
}

/**
 * A labelled multi-line input with an optional hint and error; with `maxLength`, a character
 * count shows once the value nears it.
 */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(
  function TextAreaField({ label, hint, error, id, required, className, onPaste, ...rest }, ref) {
    const generated = useId();
    const inputId = id ?? generated;
    const hintId = hint ? `${inputId}-hint` : undefined;
    const errorId = error ? `${inputId}-error` : undefined;
    const count = characterCount(rest.value, rest.maxLength);
    const countId = count ? `${inputId}-count` : undefined;
    const { cut, handlePaste } = usePasteCut(rest.value, rest.maxLength, onPaste);
    const cutId = cut ? `${inputId}-cut` : undefined;
    return (
      <div className={cx(styles.field, className)}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
          {required && (
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          )}
        </label>
        <textarea
          ref={ref}
          id={inputId}
          className={cx(styles.input, fields.textarea)}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hintId, countId, cutId, errorId].filter(Boolean).join(' ') || undefined
          }
          onPaste={handlePaste}
          {...rest}
        />
        {hint && (
          <p id={hintId} className={styles.hint}>
            {hint}
          </p>
        )}
        {count && countId && <CharacterCount id={countId} {...count} />}
        {cutId && <PasteCutNote id={cutId} />}
        {error && (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </div>
    );
  },
);
