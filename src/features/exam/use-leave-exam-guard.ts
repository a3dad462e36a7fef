import { useBlocker, type ShouldBlockFn } from '@tanstack/react-router';
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import {
  selectAnsweredCount,
  selectIsInProgress,
  selectPosition,
} from '../../../machines/exam.selectors';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { pageHeading } from '../../ui/modal/Modal';
import type { ExamActor } from './ExamView';

/**
 * Asks before the app leaves /exam while the clock runs: the exam stays and resumes on the way
 * back, but its time goes on, which a learner following a link would not expect. A reload keeps
 * the exam where it is, so it is not asked about; nor is a way to /login, which a lost session
 * forces (the exam resumes after signing in again). Nor does a tab whose exam another tab has
 * taken (`asking` false): it has nothing running to leave.
 */
export function useLeaveExamGuard(actor: ExamActor, asking = true): ReactNode {
  const { t } = useTranslation('exam');
  const { confirm, dialog } = useConfirm();
  const shouldBlockFn = useCallback<ShouldBlockFn>(
    async ({ next }) => {
      const snapshot = actor.getSnapshot();
      if (!asking || ['/exam', '/login'].includes(next.pathname) || !selectIsInProgress(snapshot))
        return false;
      const leave = await confirm({
        title: t('leave.title'),
        message: t('leave.text', {
          answered: selectAnsweredCount(snapshot),
          total: selectPosition(snapshot).total,
        }),
        confirmLabel: t('leave.confirm'),
        cancelLabel: t('leave.cancel'),
        variant: 'primary',
        focusOnCancel: pageHeading,
      });
      return !leave;
    },
    [actor, asking, confirm, t],
  );
  useBlocker({ shouldBlockFn, enableBeforeUnload: false });
  return dialog;
}
