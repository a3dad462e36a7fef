import { forwardRef, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import * as fields from './fields.css';
import * as styles from './form.css';

export interface FileFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'onChange' | 'id'
> {
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  id?: string;
  /** What the chosen file is for (an upload or restore button), on the picker's line. */
  action?: ReactNode;
  /** The chosen file, or null when the choice was cleared. */
  onFile: (file: File | null) => void;
}

/**
 * A labelled file input that reports one chosen file, its button and the file's name in the
 * interface language (a native input words them in the browser's). To clear it, remount it
 * (a new `key`).
 */
export const FileField = forwardRef<HTMLInputElement, FileFieldProps>(function FileField(
  { label, hint, error, id, action, onFile, className, ...rest },
  ref,
) {
  const { t } = useTranslation('parts');
  const [chosen, setChosen] = useState<string | null>(null);
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div className={fields.fileRow}>
        <div className={fields.filePicker}>
          <input
            ref={ref}
            id={inputId}
            type="file"
            className={fields.fileInput}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setChosen(file?.name ?? null);
              onFile(file);
            }}
            {...rest}
          />
          <span className={fields.fileButton} aria-hidden="true">
            {t('file.choose')}
          </span>
          <span className={fields.fileName} aria-hidden="true">
            {chosen ?? t('file.none')}
          </span>
        </div>
        {action}
      </div>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
});
