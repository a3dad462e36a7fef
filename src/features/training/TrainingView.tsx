import { DEFAULT_MODE_FACTS, modeFactTexts, type ModeFacts } from './mode-facts';
import { useSelector } from '@xstate/react';
import { useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  selectAlert,
  selectIsLoading,
  selectMode,
  selectModeAvailable,
  selectPracticeRef,
  selectRunTicketNumber,
  selectRunTopicName,
  selectScreen,
  progressStanding,
  selectTicketProgress,
  selectTickets,
  selectTicketStats,
  selectTopicProgress,
  selectTopics,
  selectTopicStats,
} from '../../../machines/training.selectors';
import {
  type QuestionSetProgress,
  TRAINING_MODES,
  type TrainingAlert,
  type TrainingMode,
} from '../../../machines/training.types';
import { useCountTexts } from '../../i18n/counts';
import { cx } from '../../lib/cx';
import { Button } from '../../ui/button/Button';
import { useScrollToTopOnShow } from '../../lib/use-scroll-to-top';
import { Alert, Card, Notice, StatusWords } from '../../ui/card/Card';
import { Icon, type IconPath } from '../../ui/icons/Icon';
import * as icons from '../../ui/icons/paths';
import { PageHeader, pageStyles } from '../../ui/page/PageHeader';
import { questionStyles } from '../../ui/question/AnswerOptions';
import { PracticeView } from './PracticeView';
import { SetProgressLine, SetProgressNote } from './SetProgressLine';
import type { TrainingLogic } from './training.actors';
import * as styles from './training.css';
import type { TrainingNavigation } from './use-training-url';

export type TrainingActor = ActorRefFrom<TrainingLogic>;

export const MODE_ICONS: Record<TrainingMode, IconPath> = {
  tickets: icons.card,
  topics: icons.book,
  express: icons.timer,
  'weak-spots': icons.target,
  marathon: icons.chart,
  'daily-challenge': icons.medal,
  review: icons.cap,
};

interface ScreenProps {
  actor: TrainingActor;
  navigation: TrainingNavigation;
}

/**
 * Renders the training actor's state. Moving between the steps (a mode, a ticket or topic, back
 * up) goes through `navigation`, which the actor follows; the rest is sent to the actor.
 */
export function TrainingView({
  actor,
  navigation,
  userId,
  facts = DEFAULT_MODE_FACTS,
  cameBack = null,
}: ScreenProps & {
  userId: number | null;
  facts?: ModeFacts;
  /** Set (to its dismissal) when the header's link came back to an unfinished run. */
  cameBack?: (() => void) | null;
}) {
  const screen = useSelector(actor, selectScreen);
  const mode = useSelector(actor, selectMode);
  switch (screen) {
    case 'practice':
      return (
        <PracticeScreen actor={actor} navigation={navigation} userId={userId} cameBack={cameBack} />
      );
    case 'ticketList':
      return <TicketList actor={actor} navigation={navigation} />;
    case 'topicList':
      return <TopicList actor={actor} navigation={navigation} />;
    case 'intro':
      return mode ? (
        <ModeIntro actor={actor} navigation={navigation} mode={mode} facts={facts} />
      ) : null;
    default:
      return <ModeSelection actor={actor} navigation={navigation} facts={facts} />;
  }
}

const INFO_ALERTS: ReadonlySet<TrainingAlert> = new Set([
  'noWeakSpots',
  'nothingToReview',
  'noQuestions',
]);

function AlertBanner({ actor }: { actor: TrainingActor }) {
  const { t } = useTranslation('training');
  const alert = useSelector(actor, selectAlert);
  if (alert === null) return null;
  return (
    <Alert tone={INFO_ALERTS.has(alert) ? 'info' : 'error'} className={styles.alert}>
      <span data-testid="training-alert" data-alert={alert}>
        {t(`alerts.${alert}`)}
      </span>
      <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'user.dismissAlert' })}>
        {t('actions.dismiss')}
      </Button>
    </Alert>
  );
}

function BackButton({
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

function ModeSelection({ actor, navigation, facts }: ScreenProps & { facts: ModeFacts }) {
  const { t } = useTranslation('training');
  const counts = useCountTexts();
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <AlertBanner actor={actor} />
      <ul className={styles.modeGrid} aria-label={t('selection.label')}>
        {TRAINING_MODES.map((mode) => (
          <li key={mode}>
            <Card
              as="article"
              className={styles.modeCard}
              data-testid={`mode-${mode}`}
              aria-labelledby={`mode-${mode}-title`}
            >
              <span className={pageStyles.icon}>
                <Icon path={MODE_ICONS[mode]} size={26} />
              </span>
              <h2 id={`mode-${mode}-title`} className={styles.cardTitle}>
                {t(`modes.${mode}.title`)}
              </h2>
              <p className={pageStyles.muted}>
                {t(`modes.${mode}.description`, modeFactTexts(mode, facts, counts))}
              </p>
              <Button
                variant="outline"
                fullWidth
                className={styles.cardButton}
                onClick={() => navigation.open({ mode })}
                // Named by its mode too, so a list of the page's buttons tells them apart; in
                // each language's word order (Korean puts the mode before the verb).
                aria-label={t('selection.named', {
                  action: t('selection.choose'),
                  name: t(`modes.${mode}.title`),
                })}
              >
                {t('selection.choose')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What an intro says when the server has told it there is nothing to practise in its mode. */
const NOTHING_TO_PRACTISE: Partial<Record<TrainingMode, TrainingAlert>> = {
  'weak-spots': 'noWeakSpots',
  review: 'nothingToReview',
};

function ModeIntro({
  actor,
  navigation,
  mode,
  facts,
}: ScreenProps & { mode: TrainingMode; facts: ModeFacts }) {
  const { t } = useTranslation('training');
  const loading = useSelector(actor, selectIsLoading);
  const nothing = useSelector(actor, selectModeAvailable) === false;
  const nothingText = NOTHING_TO_PRACTISE[mode];
  const texts = modeFactTexts(mode, facts, useCountTexts());
  useScrollToTopOnShow();
  return (
    <>
      <div className={styles.topBar}>
        <BackButton navigation={navigation} label={t('actions.backToModes')} />
      </div>
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
        <ul className={styles.facts}>
          <li>{t(`modes.${mode}.details`, texts)}</li>
          <li className={questionStyles.keyboardHint}>{t('intro.keys')}</li>
        </ul>
        {nothing && nothingText && (
          <p className={styles.nothing} role="status" data-testid="intro-nothing">
            <StatusWords>{t(`alerts.${nothingText}`)}</StatusWords>
          </p>
        )}
        <Button
          size="lg"
          loading={loading}
          disabled={nothing}
          onClick={() => actor.send({ type: 'user.start' })}
        >
          {t('actions.start')}
        </Button>
      </Card>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className={styles.stat}>
      <span className={styles.statValue}>{value}</span>
      <span className={pageStyles.muted}>{label}</span>
    </div>
  );
}

function TicketList({ actor, navigation }: ScreenProps) {
  const { t } = useTranslation('training');
  const counts = useCountTexts();
  const tickets = useSelector(actor, selectTickets);
  const stats = useSelector(actor, selectTicketStats);
  const progress = useSelector(actor, selectTicketProgress);
  const loading = useSelector(actor, selectIsLoading);
  const [started, setStarted] = useState<number | null>(null);
  useScrollToTopOnShow();
  const listLoaded = stats !== null;
  const progressOf = new Map(progress.map((entry) => [entry.ticket_number, entry]));
  return (
    <>
      <div className={styles.topBar}>
        <BackButton navigation={navigation} label={t('actions.backToModes')} />
      </div>
      <PageHeader title={t('tickets.title')} subtitle={t('tickets.subtitle')} />
      <AlertBanner actor={actor} />
      {!listLoaded ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <>
          <div className={styles.stats} data-testid="ticket-stats">
            <Stat label={t('tickets.total')} value={stats.total_tickets} />
            <Stat label={t('tickets.available')} value={stats.tickets_available} />
            <Stat label={t('tickets.questions')} value={questionsIn(tickets)} />
            {progress.length > 0 && (
              <Stat label={t('tickets.mastered')} value={masteredCount(progress)} />
            )}
          </div>
          {progress.length > 0 && <SetProgressNote />}
          {tickets.length === 0 ? (
            <Card>
              <p className={pageStyles.muted}>{t('tickets.empty')}</p>
            </Card>
          ) : (
            <ul className={styles.listGrid}>
              {tickets.map((ticket) => (
                <li key={ticket.id}>
                  <StartCard
                    id={`ticket-${ticket.ticket_number}`}
                    testId="ticket-card"
                    title={t('tickets.name', { number: ticket.ticket_number })}
                    meta={t('tickets.meta', {
                      questions: counts.questions(ticket.question_count),
                      points: t('tickets.pointCount', { count: ticket.max_points }),
                    })}
                    progress={progressOf.get(ticket.ticket_number)}
                    masteredLabel={t('tickets.masteredBadge')}
                    startLabel={t('actions.start')}
                    disabled={loading}
                    starting={loading && started === ticket.ticket_number}
                    onStart={() => {
                      setStarted(ticket.ticket_number);
                      navigation.open({ mode: 'tickets', ticket: ticket.ticket_number });
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function TopicList({ actor, navigation }: ScreenProps) {
  const { t } = useTranslation('training');
  const topics = useSelector(actor, selectTopics);
  const stats = useSelector(actor, selectTopicStats);
  const progress = useSelector(actor, selectTopicProgress);
  const loading = useSelector(actor, selectIsLoading);
  const [started, setStarted] = useState<number | null>(null);
  useScrollToTopOnShow();
  const progressOf = new Map(progress.map((entry) => [entry.topic_id, entry]));
  return (
    <>
      <div className={styles.topBar}>
        <BackButton navigation={navigation} label={t('actions.backToModes')} />
      </div>
      <PageHeader title={t('topics.title')} subtitle={t('topics.subtitle')} />
      <AlertBanner actor={actor} />
      {stats === null ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <>
          <div className={styles.stats} data-testid="topic-stats">
            <Stat label={t('topics.total')} value={stats.total_topics} />
            <Stat label={t('topics.available')} value={stats.topics_available} />
            <Stat label={t('topics.questions')} value={questionsIn(topics)} />
            {progress.length > 0 && (
              <Stat label={t('topics.mastered')} value={masteredCount(progress)} />
            )}
          </div>
          {progress.length > 0 && <SetProgressNote />}
          {topics.length === 0 ? (
            <Card>
              <p className={pageStyles.muted}>{t('topics.empty')}</p>
            </Card>
          ) : (
            <ul className={styles.listGrid}>
              {topics.map((topic) => (
                <li key={topic.id}>
                  <StartCard
                    id={`topic-${topic.id}`}
                    testId="topic-card"
                    title={topic.name}
                    meta={t('topics.meta', { count: topic.question_count })}
                    progress={progressOf.get(topic.id)}
                    masteredLabel={t('topics.masteredBadge')}
                    startLabel={t('actions.start')}
                    disabled={loading || topic.question_count === 0}
                    starting={loading && started === topic.id}
                    onStart={() => {
                      setStarted(topic.id);
                      navigation.open({ mode: 'topics', topic: topic.id });
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}

function PracticeScreen({
  actor,
  navigation,
  userId,
  cameBack,
}: ScreenProps & { userId: number | null; cameBack: (() => void) | null }) {
  const { t } = useTranslation('training');
  const practice = useSelector(actor, selectPracticeRef);
  const mode = useSelector(actor, selectMode);
  const ticketNumber = useSelector(actor, selectRunTicketNumber);
  const topicName = useSelector(actor, selectRunTopicName);
  const backButton = useRef<HTMLButtonElement>(null);
  if (!practice || !mode) return null;

  const backLabel =
    mode === 'tickets'
      ? t('actions.backToTickets')
      : mode === 'topics'
        ? t('actions.backToTopics')
        : t('actions.backToModes');
  // Leaving a run part-way, by this button or the browser's Back, is asked about on the way out.
  return (
    <PracticeView
      practice={practice}
      userId={userId}
      title={
        ticketNumber !== null
          ? t('tickets.name', { number: ticketNumber })
          : (topicName ?? t(`modes.${mode}.title`))
      }
      back={<BackButton navigation={navigation} label={backLabel} buttonRef={backButton} />}
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

/**
 * How many different questions the tickets or topics hold: sets drawn from one bank share
 * questions, so their sizes add up to more than the bank. Ids are read as the server reads
 * them, leniently (a JSON array, or numbers separated by commas, semicolons or spaces).
 */
function questionsIn(sets: readonly { question_ids: string }[]): number {
  return new Set(sets.flatMap((set) => set.question_ids.match(/\d+/g) ?? [])).size;
}

const masteredCount = (progress: readonly QuestionSetProgress[]): number =>
  progress.filter((entry) => progressStanding(entry) === 'mastered').length;

/** A ticket or topic with its start button, which names the card it starts. */
function StartCard(props: {
  id: string;
  testId: string;
  title: string;
  meta: string;
  /** The learner's progress on it, once the server has said. */
  progress: QuestionSetProgress | undefined;
  masteredLabel: string;
  startLabel: string;
  disabled: boolean;
  /** Its questions are on their way: its button spins (and keeps the focus) while the rest wait. */
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation('training');
  return (
    <Card as="article" className={styles.itemCard} data-testid={props.testId}>
      <h2 className={styles.cardTitle} id={props.id}>
        {props.title}
      </h2>
      <p className={cx(pageStyles.muted, props.progress && styles.metaAbove)}>{props.meta}</p>
      {props.progress && (
        <SetProgressLine progress={props.progress} masteredLabel={props.masteredLabel} />
      )}
      <Button
        size="sm"
        fullWidth
        disabled={props.disabled && !props.starting}
        loading={props.starting}
        onClick={props.onStart}
        // Named by its card too (see the mode cards' buttons).
        aria-label={t('selection.named', { action: props.startLabel, name: props.title })}
      >
        {props.startLabel}
      </Button>
    </Card>
  );
}
