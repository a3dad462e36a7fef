import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import * as styles from './button.css';

export type ButtonVariant = keyof typeof styles.variant;
export type ButtonSize = keyof typeof styles.size;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /**
   * Shows a spinner, marks the button busy and ignores its clicks (and a form's Enter) while it
   * lasts. It stays focusable, unlike a disabled button: the focus would fall back to the page.
   */
  loading?: boolean;
  fullWidth?: boolean;
}

/** The app's button: variants primary to outline, sizes sm to xl, loading and full width. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    fullWidth = false,
    disabled,
    className,
    children,
    type = 'button',
    onClick,
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(
        styles.base,
        styles.variant[variant],
        styles.size[size],
        fullWidth && styles.fullWidth,
        className,
      )}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      // A form's Enter in a field clicks its submit button: cancelled here, it submits nothing.
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...rest}
    >
      {loading && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
});

/** Class names for a link that looks like a button. */
export function buttonClass(
  options: { variant?: ButtonVariant; size?: ButtonSize; fullWidth?: boolean } = {},
): string {
  return cx(
    styles.base,
    styles.variant[options.variant ?? 'primary'],
    styles.size[options.size ?? 'md'],
    options.fullWidth && styles.fullWidth,
  );
}
