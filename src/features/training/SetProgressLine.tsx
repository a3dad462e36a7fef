import { useTranslation } from 'react-i18next';
import { progressStanding } from '../../../machines/training.selectors';
import type { QuestionSetProgress } from '../../../machines/training.types';
import { Icon } from '../../ui/icons/Icon';
import * as styles from './training.css';

/**
 * A ticket's or topic's progress on its card: a bar of the questions right and wrong the last
 * time, and the same in words (the bar is only a picture of them).
 */
export function SetProgressLine({
  progress,
  masteredLabel,
}: {
  progress: QuestionSetProgress;
  masteredLabel: string;
}) {
  const { t } = useTranslation('training');
  const standing = progressStanding(progress);
  const total = Math.max(1, progress.question_count);
  const wrong = progress.answered - progress.right;
  return (
    <div className={styles.setProgress} data-testid="set-progress" data-standing={standing}>
      <div className={styles.setProgressTrack} aria-hidden="true">
        <div
          className={styles.setProgressRight}
          style={{ width: `${(progress.right / total) * 100}%` }}
        />
        <div className={styles.setProgressWrong} style={{ width: `${(wrong / total) * 100}%` }} />
      </div>
      {standing === 'notStarted' ? (
        <span className={styles.setProgressText}>{t('setProgress.notStarted')}</span>
      ) : (
        <span className={styles.setProgressText}>
          {standing === 'mastered' && (
            <span className={styles.masteredBadge}>
              <Icon name="check" size={14} />
              {masteredLabel}
            </span>
          )}
          <span>
            {t('setProgress.right', { right: progress.right, total: progress.question_count })}
          </span>
          {wrong > 0 && <span>{t('setProgress.revisit', { wrong })}</span>}
        </span>
      )}
    </div>
  );
}
