import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import { Button } from '../button/Button';
import * as styles from './pagination.css';

/** At most `count` page numbers around the current page. */
export function pageWindow(page: number, totalPages: number, count = 5): number[] {
  const size = Math.min(count, totalPages);
  let start = Math.max(1, page - Math.floor(size / 2));
  start = Math.min(start, totalPages - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

/** An integer from 1 to totalPages, or null. */
export function parsePageInput(value: string, totalPages: number): number | null {
  if (!/^\s*\d+\s*$/.test(value)) return null;
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 && page <= totalPages ? page : null;
}

export interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Label of the navigation landmark. */
  label?: string;
  disabled?: boolean;
}

/** Previous and next, up to 5 page buttons, and a go-to-page input (1 to the page count). */
export function Pagination({ page, totalPages, onPageChange, label, disabled }: PaginationProps) {
  const { t } = useTranslation('parts');
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  // A page number typed but not sent, and its error, belong to the page and count they were
  // typed against: moving by another button, or a new count (a filter), clears them.
  const position = `${page}/${totalPages}`;
  const [typedAt, setTypedAt] = useState(position);
  if (typedAt !== position) {
    setTypedAt(position);
    setInput('');
    setInvalid(false);
  }
  if (totalPages <= 1) return null;

  const go = (event: FormEvent) => {
    event.preventDefault();
    const target = parsePageInput(input, totalPages);
    if (target === null) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setInput('');
    if (target !== page) onPageChange(target);
  };

  return (
    <nav className={styles.nav} aria-label={label ?? t('pagination.label')}>
      <Button
        variant="secondary"
        size="sm"
        className={styles.previous}
        onClick={() => onPageChange(page - 1)}
        disabled={disabled || page <= 1}
      >
        <span aria-hidden="true">←</span> {t('pagination.previous')}
      </Button>
      <ul className={styles.pages}>
        {pageWindow(page, totalPages).map((number) => (
          <li key={number}>
            <Button
              variant="secondary"
              size="sm"
              className={cx(number === page && styles.current)}
              aria-current={number === page ? 'page' : undefined}
              aria-label={t('pagination.page', { page: number })}
              onClick={() => number !== page && onPageChange(number)}
              disabled={disabled}
            >
              {number}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        variant="secondary"
        size="sm"
        className={styles.next}
        onClick={() => onPageChange(page + 1)}
        disabled={disabled || page >= totalPages}
      >
        {t('pagination.next')} <span aria-hidden="true">→</span>
      </Button>
      <form className={styles.goto} onSubmit={go} noValidate>
        <label htmlFor={inputId}>{t('pagination.goTo')}</label>
        <input
          id={inputId}
          className={styles.gotoInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={totalPages}
          step={1}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          disabled={disabled}
        />
        <Button type="submit" variant="outline" size="sm" disabled={disabled || input === ''}>
          {t('pagination.go')}
        </Button>
        <span className={styles.summary}>{t('pagination.of', { page, total: totalPages })}</span>
      </form>
      {invalid && (
        <p id={errorId} className={styles.error} role="alert">
          {t('pagination.invalid', { total: totalPages })}
        </p>
      )}
    </nav>
  );
}
