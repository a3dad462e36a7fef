import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { clampPage } from '../../../machines/admin-questions.machine';
import { useTranslation } from '../../i18n/react';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button/Button';
import * as formStyles from '../../ui/form/form.css';
import { Notice } from '../../ui/card/Card';
import { tableStyles } from '../../ui/table/DataTable';
import * as styles from './admin.css';
import type { AdminData } from './use-admin-data';

/** One number with its label (overview counts, ticket and topic stats). */
export function StatCard({
  label,
  value,
  hint,
  tone = 'primary',
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  /** What the number counts, when its label alone leaves it open ('available'). */
  hint?: ReactNode;
  tone?: keyof typeof styles.statTone;
  testId?: string;
}) {
  return (
    <div className={cx(styles.stat, styles.statTone[tone])} data-testid={testId}>
      <p className={styles.statLabel}>{label}</p>
      <p className={styles.statValue}>{value}</p>
      {hint && <p className={styles.statHint}>{hint}</p>}
    </div>
  );
}

/**
 * A tab's delete-all, in a section of its own at the tab's foot: away from Add and Refresh, so
 * that a finger meant for those never lands on it. Off, saying why, while there is nothing.
 */
export function DangerZone({
  label,
  onDelete,
  deleting,
  nothingToDelete,
  emptied,
}: {
  label: string;
  onDelete: () => void;
  deleting: boolean;
  /** Why there is nothing to delete (an empty list), which turns the button off. */
  nothingToDelete?: string;
  /** The emptied list's text (`ListEmptyState`'s `textRef`), which then takes the focus. */
  emptied?: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation('admin');
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  // Pressed since the list last had something to delete: only then did this button empty it.
  const pressed = useRef(false);
  // The list is empty now, and the button that emptied it turns off: the focus would fall to
  // the page's start. It goes to what the list says instead, so a keyboard or screen-reader
  // user hears what is left and carries on from there. (Focus elsewhere stays where it is, and
  // a list found empty on opening, a new course's, takes no focus.)
  useLayoutEffect(() => {
    if (nothingToDelete === undefined) return;
    const emptiedHere = pressed.current;
    pressed.current = false;
    const active = document.activeElement;
    if (emptiedHere && (active === button.current || active === document.body))
      emptied?.current?.focus();
  }, [nothingToDelete, emptied]);
  return (
    <section className={styles.dangerZone} aria-labelledby={titleId} data-testid="danger-zone">
      <h2 id={titleId} className={styles.dangerTitle}>
        {t('danger.title')}
      </h2>
      <p className={styles.muted}>{nothingToDelete ?? t('danger.text')}</p>
      <div className={styles.toolbar}>
        <Button
          ref={button}
          variant="danger"
          onClick={() => {
            pressed.current = true;
            onDelete();
          }}
          loading={deleting}
          disabled={nothingToDelete !== undefined}
        >
          {label}
        </Button>
      </div>
    </section>
  );
}

/** Yes or No, coloured. */
export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className={value ? styles.flag.yes : styles.flag.no}>
      {value ? t('common.yes') : t('common.no')}
    </span>
  );
}

/** The edit and delete buttons of a table row, labelled with what they act on. */
export function RowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
  deleting,
  cannotDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
  /**
   * Why this row cannot be deleted (the administrator's own account): said where Delete would
   * be, in words a phone and a keyboard reach too (a disabled button's tooltip they do not).
   */
  cannotDelete?: string;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className={tableStyles.actions}>
      <Button size="sm" variant="outline" onClick={onEdit} aria-label={editLabel}>
        {t('actions.edit')}
      </Button>
      {cannotDelete === undefined ? (
        <Button
          size="sm"
          variant="danger"
          onClick={onDelete}
          loading={deleting}
          aria-label={deleteLabel}
        >
          {t('actions.delete')}
        </Button>
      ) : (
        <span className={cx(styles.muted, styles.cannotDelete)} data-testid="cannot-delete">
          {cannotDelete}
        </span>
      )}
    </div>
  );
}

/**
 * What a list with nothing to show says: that it is loading, that it could not be loaded (with
 * a retry: an empty list's own text would claim there is nothing stored), or its empty text.
 */
export function ListEmptyState({
  list,
  empty,
  textRef,
}: {
  list: Pick<AdminData<unknown>, 'loading' | 'failed' | 'reload'>;
  empty: ReactNode;
  /** The empty text, for what moves the focus onto it (`DangerZone`'s `emptied`). */
  textRef?: RefObject<HTMLSpanElement | null>;
}) {
  const { t } = useTranslation('admin');
  if (list.loading) return <>{t('common.loading')}</>;
  // Focusable, not in the tab order: where the focus goes once the list's last item is deleted
  // (by delete all, or by its row's Delete: `DataTable`).
  if (!list.failed) {
    return (
      <span ref={textRef} tabIndex={-1} data-empty-state>
        {empty}
      </span>
    );
  }
  return (
    <Notice tone="error" text={t('common.loadFailed')} testId="list-load-failed">
      <Button size="sm" variant="secondary" onClick={list.reload}>
        {t('edit.retry')}
      </Button>
    </Notice>
  );
}

/**
 * An admin list's pages: previous, next, 'Page x of y' and a go-to-page input clamped to
 * 1..pages (the questions' pages, and the users' kept in the browser).
 */
export function ListPager({
  label,
  testId,
  page,
  pages,
  canPrevious,
  canNext,
  onPrevious,
  onNext,
  onGoTo,
}: {
  /** Names the navigation landmark: 'Question pages'. */
  label: string;
  testId?: string;
  page: number;
  pages: number;
  canPrevious: boolean;
  canNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onGoTo: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  const [input, setInput] = useState('');
  const [invalid, setInvalid] = useState(false);
  const inputId = useId();
  const errorId = useId();
  // A number typed belongs to the page and count it was typed against: moving by another
  // button, or a new count (a search or filter), clears it.
  const position = `${page}/${pages}`;
  const [typedAt, setTypedAt] = useState(position);
  if (typedAt !== position) {
    setTypedAt(position);
    setInput('');
    setInvalid(false);
  }
  const go = (event: FormEvent) => {
    event.preventDefault();
    // A whole number only (2.5 is no page); one beyond the list goes to its last page.
    if (!/^\s*\d+\s*$/.test(input)) {
      setInvalid(true);
      return;
    }
    setInput('');
    onGoTo(clampPage(Number(input), pages));
  };
  return (
    <nav className={styles.pager} aria-label={label}>
      <div className={styles.pagerGroup}>
        <Button variant="secondary" size="sm" onClick={onPrevious} disabled={!canPrevious}>
          <span aria-hidden="true">←</span> {t('pager.previous')}
        </Button>
        <span className={styles.muted} data-testid={testId}>
          {t('pager.pageOf', { page, pages })}
        </span>
        <Button variant="secondary" size="sm" onClick={onNext} disabled={!canNext}>
          {t('pager.next')} <span aria-hidden="true">→</span>
        </Button>
      </div>
      <form className={styles.pagerGroup} onSubmit={go} noValidate>
        <label htmlFor={inputId}>{t('pager.goTo')}</label>
        <input
          id={inputId}
          className={styles.pagerInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={pages}
          step={1}
          value={input}
          onChange={(event) => {
            setInput(event.target.value);
            setInvalid(false);
          }}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
        />
        <Button type="submit" variant="outline" size="sm" disabled={input.trim() === ''}>
          {t('pager.go')}
        </Button>
      </form>
      {invalid && (
        <p id={errorId} className={formStyles.error} role="alert">
          {t('pagination.invalid', { ns: 'parts', total: pages })}
        </p>
      )}
    </nav>
  );
}
