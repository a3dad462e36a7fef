import { useTranslation } from '../../i18n/react';

/** How much time is left, once it is worth saying: the last minute, or its last 30 seconds. */
export type TimeLeft = 'minute' | 'seconds' | null;

/**
 * Says once, politely, that a run's last minute and then its last 30 seconds have begun. The
 * timer's colour tells only those who see it; a screen reader reads a timer only when asked.
 */
export function TimeWarning({ left }: { left: TimeLeft }) {
  const { t } = useTranslation('parts');
  return (
    <span role="status" className="visually-hidden" data-testid="time-warning">
      {left === 'minute'
        ? t('timeWarning.minute')
        : left === 'seconds'
          ? t('timeWarning.seconds')
          : ''}
    </span>
  );
}
