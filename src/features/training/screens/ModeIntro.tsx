import { useSelector } from '@xstate/react';
import { useTranslation } from '../../../i18n/react';
import {
  selectIsLoading,
  selectMode,
  selectModeAvailable,
} from '../../../../machines/training.selectors';
import type { TrainingAlert, TrainingMode } from '../../../../machines/training.types';
import { useCountTexts } from '../../../i18n/counts';
import { useScrollToTopOnShow } from '../../../lib/use-scroll-to-top';
import { Button } from '../../../ui/button/Button';
import { Card, StatusWords } from '../../../ui/card/Card';
import { EmptyCourseNotice } from '../../../ui/card/EmptyCourseNotice';
import { Icon } from '../../../ui/icons/Icon';
import { PageHeader, pageStyles } from '../../../ui/page/PageHeader';
import { questionStyles } from '../../../ui/question/AnswerOptions';
import { modeFactTexts } from '../mode-facts';
import * as styles from '../training.css';
import { AlertBanner, BackToModes, MODE_ICONS, type TrainingScreenProps } from './common';

/** What an intro says when the server has told it there is nothing to practise in its mode. */
const NOTHING_TO_PRACTISE: Partial<Record<TrainingMode, TrainingAlert>> = {
  'weak-spots': 'noWeakSpots',
  review: 'nothingToReview',
  bookmarked: 'noBookmarks',
};

/** A mode's intro: what it does, the keys, and its start button. */
export function ModeIntro(props: TrainingScreenProps) {
  const mode = useSelector(props.actor, selectMode);
  return mode ? <Intro {...props} mode={mode} /> : null;
}

function Intro({ actor, navigation, mode, facts }: TrainingScreenProps & { mode: TrainingMode }) {
  const { t } = useTranslation('training');
  const loading = useSelector(actor, selectIsLoading);
  const nothing = useSelector(actor, selectModeAvailable) === false;
  const nothingText = NOTHING_TO_PRACTISE[mode];
  const texts = modeFactTexts(mode, facts, useCountTexts());
  useScrollToTopOnShow();
  return (
    <>
      <BackToModes navigation={navigation} />
      <PageHeader
        title={t(`modes.${mode}.title`)}
        subtitle={t(`modes.${mode}.description`, texts)}
      />
      <AlertBanner actor={actor} />
      <Card className={styles.intro}>
        <span className={pageStyles.icon}>
          <Icon path={MODE_ICONS[mode]} size={28} />
        </span>
        <p>{t(`modes.${mode}.intro`, texts)}</p>
        {/* A run's size and keys mean nothing where the course has no question to run. */}
        {!facts.bankEmpty && (
          <ul className={styles.facts}>
            <li>{t(`modes.${mode}.details`, texts)}</li>
            <li className={questionStyles.keyboardHint}>{t('intro.keys')}</li>
          </ul>
        )}
        {facts.bankEmpty ? (
          <EmptyCourseNotice className={styles.nothing} />
        ) : (
          nothing &&
          nothingText && (
            <p className={styles.nothing} role="status" data-testid="intro-nothing">
              <StatusWords>{t(`alerts.${nothingText}`)}</StatusWords>
            </p>
          )
        )}
        {/* Nothing to practise: no Start that would do nothing, only the way back above. */}
        {!nothing && !facts.bankEmpty && (
          <Button size="lg" loading={loading} onClick={() => actor.send({ type: 'user.start' })}>
            {t('actions.start')}
          </Button>
        )}
      </Card>
    </>
  );
}
