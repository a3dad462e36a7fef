import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import * as fields from './fields.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
}

/**
 * A checkbox with its label beside it: every yes/no choice of a form, which takes effect when
 * the form is sent (a switch would promise an immediate one).
 */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, ...rest }, ref) {
    return (
      <label className={fields.check}>
        <input ref={ref} type="checkbox" className={fields.checkbox} {...rest} />
        <span>{label}</span>
      </label>
    );
  },
);
