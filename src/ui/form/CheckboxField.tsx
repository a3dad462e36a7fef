import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import * as fields from './fields.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** What ticking it does, in a line under the label, read with it by screen readers. */
  hint?: ReactNode;
}

/**
 * A checkbox with its label beside it: every yes/no choice of a form, which takes effect when
 * the form is sent (a switch would promise an immediate one).
 */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, hint, ...rest }, ref) {
    const hintId = useId();
    return (
      <label className={fields.check}>
        <input
          ref={ref}
          type="checkbox"
          className={fields.checkbox}
          aria-describedby={hint ? hintId : undefined}
          {...rest}
        />
        <span>
          {label}
          {/* Out of the box's name (which the label's text alone makes), read as its description. */}
          {hint && (
            <span id={hintId} className={fields.checkHint} aria-hidden="true">
              {hint}
            </span>
          )}
        </span>
      </label>
    );
  },
);
