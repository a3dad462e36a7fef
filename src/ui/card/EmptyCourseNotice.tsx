import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../i18n/react';
import { buttonClass } from '../button/Button';
import { Notice } from './Card';

/**
 * Said where a run or an exam would start when the learner's course has no questions yet (an
 * administrator created it and has not added its bank): instead of a start, the way to the
 * profile, where another course can be chosen.
 */
export function EmptyCourseNotice({ className }: { className?: string }) {
  const { t } = useTranslation('parts');
  return (
    <Notice
      tone="info"
      testId="empty-course"
      text={t('course.empty.text')}
      {...(className ? { className } : {})}
    >
      <Link to="/profile" className={buttonClass({ variant: 'outline', size: 'sm' })}>
        {t('course.empty.change')}
      </Link>
    </Notice>
  );
}
