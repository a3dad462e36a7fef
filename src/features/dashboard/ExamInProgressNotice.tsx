import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useCountTexts } from '../../i18n/counts';
import { buttonClass } from '../../ui/button/Button';
import { Notice } from '../../ui/card/Card';
import { examInProgress, examSecondsLeft } from '../../lib/saved-exam';
import * as styles from './dashboard.css';

/**
 * Tells of an exam left running in this browser (its clock goes on away from /exam), with the
 * way back to it. The time left is as of the visit, in whole minutes: a status read out anew
 * every second would drown the page.
 */
export function ExamInProgressNotice({ userId }: { userId: number }) {
  const { t } = useTranslation('dashboard');
  const counts = useCountTexts();
  const [seen] = useState(() => {
    const exam = examInProgress(userId);
    return exam && { ...exam, secondsLeft: examSecondsLeft(exam, Date.now()) };
  });
  if (!seen) return null;
  const timeUp = seen.secondsLeft === 0;
  return (
    <Notice
      tone={timeUp ? 'warning' : 'info'}
      testId="exam-in-progress"
      className={styles.examInProgress}
      text={
        timeUp
          ? t('examInProgress.timeUp')
          : t('examInProgress.text', {
              answered: seen.answered,
              total: seen.total,
              time: counts.duration(Math.ceil(seen.secondsLeft / 60) * 60),
            })
      }
    >
      <Link to="/exam" className={buttonClass({ size: 'sm' })}>
        {timeUp ? t('examInProgress.open') : t('examInProgress.continue')}
      </Link>
    </Notice>
  );
}
