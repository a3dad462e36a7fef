import { cx } from '../../lib/cx';
import * as styles from './progress.css';

/** A progress bar, thin by default; `label` names it for screen readers. */
export function ProgressBar({
  percent,
  label,
  size = 'thin',
  tone = 'primary',
  className,
}: {
  percent: number;
  label: string;
  size?: keyof typeof styles.progressTrack;
  tone?: keyof typeof styles.progressBar;
  className?: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      className={cx(styles.progressTrack[size], className)}
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-label={label}
    >
      <div className={styles.progressBar[tone]} style={{ width: `${value}%` }} />
    </div>
  );
}
