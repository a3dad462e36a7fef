import { useTranslation } from '../../i18n/react';
import { progressStanding } from '../../../machines/training.selectors';
import type { QuestionSetProgress } from '../../../machines/training.types';
import { cx } from '../../lib/cx';
import { Icon } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';
import { pageStyles } from '../../ui/page/PageHeader';
import * as styles from './training.css';

/**
 * A ticket's or topic's progress on its card: a bar of the questions right and wrong the last
 * time, and the same in words (the bar is only a picture of them). The server counts the
 * learner's latest answer to each question from every mode and the exam, so the words say how
 * many of the set's questions were answered, never that the set itself was practised.
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
              <Icon path={icons.check} size={14} />
              {masteredLabel}
            </span>
          )}
          <span>
            {t('setProgress.answered', {
              answered: progress.answered,
              count: progress.question_count,
            })}
          </span>
          {progress.right > 0 && <span>{t('setProgress.right', { right: progress.right })}</span>}
          {wrong > 0 && <span>{t('setProgress.revisit', { wrong })}</span>}
        </span>
      )}
    </div>
  );
}

/** Said once above the cards: where their progress comes from. */
export function SetProgressNote() {
  const { t } = useTranslation('training');
  return (
    <p className={cx(pageStyles.muted, styles.progressNote)} data-testid="set-progress-note">
      {t('setProgress.note')}
    </p>
  );
}
