import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import * as styles from './card.css';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  title?: ReactNode;
  /** Heading level of the title. */
  as?: 'section' | 'div' | 'article';
  headingLevel?: 2 | 3;
}

export function Card({
  title,
  as: Tag = 'section',
  headingLevel = 2,
  className,
  children,
  ...rest
}: CardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Tag className={cx(styles.card, className)} {...rest}>
      {title && <Heading className={styles.title}>{title}</Heading>}
      {children}
    </Tag>
  );
}

/** A card announcing a failure, with the message. */
export function ErrorCard({
  title,
  message,
  children,
}: {
  title: ReactNode;
  message?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div role="alert" className={cx(styles.card, styles.errorCard)}>
      <h2 className={styles.title}>{title}</h2>
      {message && <p>{message}</p>}
      {children}
    </div>
  );
}

/**
 * The words of a `role="status"` element that arrives with them: they come in a moment after
 * it, so that screen readers, which read a status when it changes, read them.
 */
export function StatusWords({ children }: { children: ReactNode }) {
  return <span className={styles.statusWords}>{children}</span>;
}

export function Alert({
  tone = 'error',
  children,
  className,
}: {
  tone?: keyof typeof styles.alertTone;
  children: ReactNode;
  className?: string;
}) {
  // An alert is read out as it arrives; a status only as it changes (card.css's `status`).
  if (tone === 'error') {
    return (
      <div role="alert" className={cx(styles.alert, styles.alertTone.error, className)} data-banner>
        {children}
      </div>
    );
  }
  return (
    <div
      role="status"
      className={cx(styles.alert, styles.alertTone[tone], styles.status, className)}
      data-banner
    >
      {/* A div, as the children may be blocks. */}
      <div className={styles.statusWords}>{children}</div>
    </div>
  );
}

/**
 * An alert that says one thing and offers what to do about it: the buttons beside the text on a
 * wide screen, under it on a narrow one.
 */
export function Notice({
  tone,
  text,
  testId,
  className,
  children,
}: {
  tone: keyof typeof styles.alertTone;
  text: ReactNode;
  testId?: string;
  /** Spacing where the layout gives none (a notice has no margin of its own). */
  className?: string;
  /** The buttons. */
  children: ReactNode;
}) {
  return (
    <Alert tone={tone} className={cx(styles.notice, className)}>
      <p className={styles.noticeText} data-testid={testId}>
        {text}
      </p>
      <div className={styles.noticeActions}>{children}</div>
    </Alert>
  );
}

export function Badge({ children, className }: { children: ReactNode; className?: string }) {
  return <span className={cx(styles.badge, className)}>{children}</span>;
}
