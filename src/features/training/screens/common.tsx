import { useSelector } from '@xstate/react';
import type { Ref } from 'react';
import type { ContentLanguage } from '../../../../domain/question-languages';
import { useTranslation } from '../../../i18n/react';
import { selectAlert, selectAlertFailure } from '../../../../machines/training.selectors';
import type { CallFailure, TrainingAlert, TrainingMode } from '../../../../machines/training.types';
import { Button } from '../../../ui/button/Button';
import { Alert } from '../../../ui/card/Card';
import type { IconPath } from '../../../ui/icons/Icon';
import * as icons from '../../../ui/icons/paths';
import { pageStyles } from '../../../ui/page/PageHeader';
import type { ModeFacts } from '../mode-facts';
import type { TrainingActor } from '../training.actors';
import * as styles from '../training.css';
import type { TrainingNavigation } from '../use-training-url';

/** What every screen of /training is given; each reads what it shows from the actor. */
export interface TrainingScreenProps {
  actor: TrainingActor;
  navigation: TrainingNavigation;
  userId: number | null;
  facts: ModeFacts;
  /** Set (to its dismissal) when the header's link came back to an unfinished run. */
  cameBack: (() => void) | null;
  /** The language the learner reads questions in now; null while unknown. */
  reading: ContentLanguage | null;
}

export const MODE_ICONS: Record<TrainingMode, IconPath> = {
  tickets: icons.card,
  topics: icons.book,
  express: icons.timer,
  'weak-spots': icons.target,
  marathon: icons.chart,
  'daily-challenge': icons.medal,
  review: icons.cap,
  'study-plan': icons.sprout,
  bookmarked: icons.star,
};

const INFO_ALERTS: ReadonlySet<TrainingAlert> = new Set([
  'noWeakSpots',
  'nothingToReview',
  'noStudyPlan',
  'noQuestions',
]);

/** Failures of a list's load; any other failure is of a start. */
const LOAD_ALERTS: ReadonlySet<TrainingAlert> = new Set([
  'ticketsLoadFailed',
  'topicsLoadFailed',
  'questionsLoadFailed',
]);

/**
 * An alert's words: for a call the server refused, its reason (a course with no questions yet
 * is no reason to try again); for one that got no answer, that the server could not be reached.
 */
function useAlertText(): (alert: TrainingAlert, failure: CallFailure | null) => string {
  const { t } = useTranslation('training');
  const { t: common } = useTranslation('common');
  return (alert, failure) => {
    if (failure?.detail)
      return t(LOAD_ALERTS.has(alert) ? 'alerts.loadRefused' : 'alerts.startRefused', {
        detail: failure.detail,
      });
    if (failure?.unreachable) return common(`error.${failure.unreachable}`);
    return t(`alerts.${alert}`);
  };
}

export function AlertBanner({ actor }: { actor: TrainingActor }) {
  const { t } = useTranslation('training');
  const alert = useSelector(actor, selectAlert);
  const failure = useSelector(actor, selectAlertFailure);
  const textOf = useAlertText();
  if (alert === null) return null;
  return (
    <Alert tone={INFO_ALERTS.has(alert) ? 'info' : 'error'} className={styles.alert}>
      <span data-testid="training-alert" data-alert={alert}>
        {textOf(alert, failure)}
      </span>
      <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'user.dismissAlert' })}>
        {t('actions.dismiss')}
      </Button>
    </Alert>
  );
}

export function BackButton({
  navigation,
  label,
  buttonRef,
}: {
  navigation: TrainingNavigation;
  label: string;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <Button variant="secondary" onClick={navigation.up} ref={buttonRef}>
      <span aria-hidden="true">←</span> {label}
    </Button>
  );
}

/** The bar above a screen's heading, with the way back to the mode cards. */
export function BackToModes({ navigation }: { navigation: TrainingNavigation }) {
  const { t } = useTranslation('training');
  return (
    <div className={styles.topBar}>
      <BackButton navigation={navigation} label={t('actions.backToModes')} />
    </div>
  );
}

export function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={pageStyles.muted}>{label}</span>
    </div>
  );
}
