import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  selectMode,
  selectPracticeRef,
  selectRunTicketNumber,
  selectRunTopicName,
} from '../../../../machines/training.selectors';
import type { TrainingMode } from '../../../../machines/training.types';
import { Button } from '../../../ui/button/Button';
import { Notice } from '../../../ui/card/Card';
import { PracticeView } from '../PracticeView';
import { BackButton, type TrainingScreenProps } from './common';

/** Where the practice screen's back leads: a ticket's or topic's list, else the mode cards. */
const BACK_LABEL: Partial<Record<TrainingMode, string>> = {
  tickets: 'actions.backToTickets',
  topics: 'actions.backToTopics',
};

/** A run in practice: the practice child's questions, under the run's name and a way back. */
export function PracticeScreen({
  actor,
  navigation,
  userId,
  cameBack,
  reading,
}: TrainingScreenProps) {
  const { t } = useTranslation('training');
  const practice = useSelector(actor, selectPracticeRef);
  const mode = useSelector(actor, selectMode);
  const ticketNumber = useSelector(actor, selectRunTicketNumber);
  const topicName = useSelector(actor, selectRunTopicName);
  const backButton = useRef<HTMLButtonElement>(null);
  if (!practice || !mode) return null;

  // Leaving a run part-way, by this button or the browser's Back, is asked about on the way out.
  return (
    <PracticeView
      practice={practice}
      userId={userId}
      reading={reading}
      title={
        ticketNumber !== null
          ? t('tickets.name', { number: ticketNumber })
          : (topicName ?? t(`modes.${mode}.title`))
      }
      back={
        <BackButton
          navigation={navigation}
          label={t(BACK_LABEL[mode] ?? 'actions.backToModes')}
          buttonRef={backButton}
        />
      }
      notice={
        cameBack && (
          <Notice tone="info" text={t('practice.cameBack')} testId="came-back-notice">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                cameBack();
                // The notice and its button go: the focus goes to the way out it spoke of.
                backButton.current?.focus();
              }}
            >
              {t('actions.dismiss')}
            </Button>
          </Notice>
        )
      }
      // Only express has a countdown, so only it can run out of time and be tried again.
      onRetry={mode === 'express' ? () => actor.send({ type: 'user.start' }) : undefined}
    />
  );
}
