import { Fragment, type ReactNode } from 'react';
import { cx } from '../../lib/cx';
import * as styles from './facts.css';

export interface Fact {
  term: ReactNode;
  value: ReactNode;
}

/** A short list of labelled facts about someone (e-mail, member since), each label above its value. */
export function Facts({ items, className }: { items: readonly Fact[]; className?: string }) {
  return (
    <dl className={cx(styles.facts, className)}>
      {items.map(({ term, value }, index) => (
        <Fragment key={index}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
