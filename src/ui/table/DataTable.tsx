import { useLayoutEffect, useRef, type FocusEvent, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import * as styles from './table.css';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** The label of the cell on phones, where each row is a card (defaults to the header). */
  label?: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Accessible name of the table. */
  caption: string;
  /** Shows the caption above the table instead of only to screen readers. */
  showCaption?: boolean;
  /**
   * Shown in one cell when there are no rows. An element in it with `data-empty-state` and a
   * `tabindex` takes the focus when the last row goes while the focus was in it.
   */
  empty?: ReactNode;
  testId?: string;
  busy?: boolean;
}

/**
 * A data table that scrolls sideways when it is too wide and, on phones, turns each row into a
 * card whose cells are labelled by their column.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  caption,
  showCaption,
  empty,
  testId,
  busy,
}: DataTableProps<T>) {
  const body = useRef<HTMLTableSectionElement>(null);
  // The element in a row that has the focus, and that row's place.
  const focused = useRef<{ element: Element; index: number } | null>(null);
  // It went with its row (deleted): the focus goes to the row now in that place (the empty
  // text, after the last), or to the table, instead of falling back to the top of the page.
  useLayoutEffect(() => {
    const last = focused.current;
    if (!last || last.element.isConnected || !body.current) return;
    focused.current = null;
    const active = document.activeElement;
    if (active !== null && active !== document.body) return;
    const rowsNow = body.current.rows;
    const row = rowsNow[Math.min(last.index, rowsNow.length - 1)];
    // A button or link in that row, or, the list now empty, its empty text when focusable.
    const target = row?.querySelector<HTMLElement>(
      'button:not([disabled]), a[href], [data-empty-state][tabindex]',
    );
    if (target) return target.focus();
    const table = body.current.closest('table');
    table?.setAttribute('tabindex', '-1');
    table?.focus();
  }, [rows]);
  const noteFocus = (event: FocusEvent<HTMLTableSectionElement>) => {
    const row = (event.target as Element).closest('tr');
    const index = row ? Array.prototype.indexOf.call(event.currentTarget.rows, row) : -1;
    focused.current = index < 0 ? null : { element: event.target, index };
  };
  // Moved on to something else: nothing to put back. (Lost with its row, it moves nowhere.)
  const noteBlur = (event: FocusEvent<HTMLTableSectionElement>) => {
    if (event.relatedTarget !== null) focused.current = null;
  };
  return (
    <div className={styles.wrap}>
      <table className={styles.table} data-testid={testId} aria-busy={busy || undefined}>
        <caption className={showCaption ? styles.caption : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={styles.th}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} onFocus={noteFocus} onBlur={noteBlur}>
          {rows.length === 0 && empty ? (
            <tr className={styles.row}>
              <td className={cx(styles.td, styles.empty)} colSpan={columns.length}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={styles.row}>
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cx(styles.td, column.className)}
                    data-label={
                      column.label ??
                      (typeof column.header === 'string' ? column.header : undefined)
                    }
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

export const tableStyles = styles;
