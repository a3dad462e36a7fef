import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import * as fields from './fields.css';

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  label: ReactNode;
  /** Draws the checkbox as an on/off switch and announces it as role=switch. */
  asSwitch?: boolean;
}

/** A checkbox (or switch) with its label beside it. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(
  function CheckboxField({ label, asSwitch, ...rest }, ref) {
    return (
      <label className={fields.check}>
        <input
          ref={ref}
          type="checkbox"
          role={asSwitch ? 'switch' : undefined}
          className={asSwitch ? fields.switchInput : fields.checkbox}
          {...rest}
        />
        <span>{label}</span>
      </label>
    );
  },
);
