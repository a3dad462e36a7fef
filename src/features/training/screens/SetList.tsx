import { useSelector } from '@xstate/react';
import { parseQuestionIds } from '../../../../domain/question-ids';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  progressStanding,
  selectIsLoading,
  selectTicketProgress,
  selectTickets,
  selectTicketStats,
  selectTopicProgress,
  selectTopics,
  selectTopicStats,
} from '../../../../machines/training.selectors';
import type { QuestionSetProgress, TrainingStep } from '../../../../machines/training.types';
import { useCountTexts } from '../../../i18n/counts';
import { cx } from '../../../lib/cx';
import { useScrollToTopOnShow } from '../../../lib/use-scroll-to-top';
import { Button } from '../../../ui/button/Button';
import { Card } from '../../../ui/card/Card';
import { PageHeader, pageStyles } from '../../../ui/page/PageHeader';
import { SetProgressLine, SetProgressNote } from '../SetProgressLine';
import * as styles from '../training.css';
import { AlertBanner, BackToModes, Stat, type TrainingScreenProps } from './common';

/** One ticket or topic as its list shows it. */
interface SetEntry {
  /** The ticket's number or the topic's id: what its card's id and its step name. */
  key: number;
  title: string;
  meta: string;
  /** The learner's progress on it, once the server has said. */
  progress: QuestionSetProgress | undefined;
  /** It has questions to start (a topic may hold none). */
  startable: boolean;
}

/** What a list of tickets or topics shows, whichever it lists. */
interface SetListContent {
  /** How many there are and how many can be started; null until the server has said. */
  stats: { total: number; available: number } | null;
  /** The sets, each with `question_ids` as the server sends them. */
  sets: readonly { question_ids: string }[];
  entries: SetEntry[];
  progress: readonly QuestionSetProgress[];
}

/**
 * The two kinds of set: their translations (`tickets.*`, `topics.*`), test ids and cards' ids
 * (`ticket-…`, `topic-…`), and the step a card opens.
 */
const SET_KINDS = {
  tickets: {
    one: 'ticket',
    step: (key: number): TrainingStep => ({ mode: 'tickets', ticket: key }),
  },
  topics: { one: 'topic', step: (key: number): TrainingStep => ({ mode: 'topics', topic: key }) },
} as const;

type SetKind = keyof typeof SET_KINDS;

/** The ticket list: numbered tickets, each with its questions and points. */
export function TicketList(props: TrainingScreenProps) {
  const { t } = useTranslation('training');
  const counts = useCountTexts();
  const tickets = useSelector(props.actor, selectTickets);
  const stats = useSelector(props.actor, selectTicketStats);
  const progress = useSelector(props.actor, selectTicketProgress);
  const progressOf = new Map(progress.map((entry) => [entry.ticket_number, entry]));
  const content: SetListContent = {
    stats: stats && { total: stats.total_tickets, available: stats.tickets_available },
    sets: tickets,
    progress,
    entries: tickets.map((ticket) => ({
      key: ticket.ticket_number,
      title: t('tickets.name', { number: ticket.ticket_number }),
      meta: t('tickets.meta', {
        questions: counts.questions(ticket.question_count),
        points: t('tickets.pointCount', { count: ticket.max_points }),
      }),
      progress: progressOf.get(ticket.ticket_number),
      startable: true,
    })),
  };
  return <SetList {...props} kind="tickets" content={content} />;
}

/** The topic list: the bank's topics by name, each with its number of questions. */
export function TopicList(props: TrainingScreenProps) {
  const { t } = useTranslation('training');
  const topics = useSelector(props.actor, selectTopics);
  const stats = useSelector(props.actor, selectTopicStats);
  const progress = useSelector(props.actor, selectTopicProgress);
  const progressOf = new Map(progress.map((entry) => [entry.topic_id, entry]));
  const content: SetListContent = {
    stats: stats && { total: stats.total_topics, available: stats.topics_available },
    sets: topics,
    progress,
    entries: topics.map((topic) => ({
      key: topic.id,
      title: topic.name,
      meta: t('topics.meta', { count: topic.question_count }),
      progress: progressOf.get(topic.id),
      startable: topic.question_count > 0,
    })),
  };
  return <SetList {...props} kind="topics" content={content} />;
}

/** A list of tickets or topics: their figures, then a card for each with its start button. */
function SetList({
  actor,
  navigation,
  kind,
  content,
}: TrainingScreenProps & { kind: SetKind; content: SetListContent }) {
  const { t } = useTranslation('training');
  const loading = useSelector(actor, selectIsLoading);
  const [started, setStarted] = useState<number | null>(null);
  useScrollToTopOnShow();
  const { one, step } = SET_KINDS[kind];
  const { stats, progress, entries } = content;
  return (
    <>
      <BackToModes navigation={navigation} />
      <PageHeader title={t(`${kind}.title`)} subtitle={t(`${kind}.subtitle`)} />
      <AlertBanner actor={actor} />
      {stats === null ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <>
          <div className={styles.stats} data-testid={`${one}-stats`}>
            <Stat label={t(`${kind}.total`)} value={stats.total} />
            <Stat label={t(`${kind}.available`)} value={stats.available} />
            <Stat label={t(`${kind}.questions`)} value={questionsIn(content.sets)} />
            {progress.length > 0 && (
              <Stat label={t(`${kind}.mastered`)} value={masteredCount(progress)} />
            )}
          </div>
          {progress.length > 0 && <SetProgressNote />}
          {entries.length === 0 ? (
            <Card>
              <p className={pageStyles.muted}>{t(`${kind}.empty`)}</p>
            </Card>
          ) : (
            <ul className={styles.listGrid}>
              {entries.map((entry) => (
                <li key={entry.key}>
                  <StartCard
                    id={`${one}-${entry.key}`}
                    testId={`${one}-card`}
                    entry={entry}
                    masteredLabel={t(`${kind}.masteredBadge`)}
                    disabled={loading || !entry.startable}
                    starting={loading && started === entry.key}
                    onStart={() => {
                      setStarted(entry.key);
                      navigation.open(step(entry.key));
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

/**
 * How many different questions the tickets or topics hold: sets drawn from one bank share
 * questions, so their sizes add up to more than the bank. Ids are read as the server reads them.
 */
function questionsIn(sets: readonly { question_ids: string }[]): number {
  return new Set(sets.flatMap((set) => parseQuestionIds(set.question_ids) ?? [])).size;
}

const masteredCount = (progress: readonly QuestionSetProgress[]): number =>
  progress.filter((entry) => progressStanding(entry) === 'mastered').length;

/** A ticket or topic with its start button, which names the card it starts. */
function StartCard(props: {
  id: string;
  testId: string;
  entry: SetEntry;
  masteredLabel: string;
  disabled: boolean;
  /** Its questions are on their way: its button spins (and keeps the focus) while the rest wait. */
  starting: boolean;
  onStart: () => void;
}) {
  const { t } = useTranslation('training');
  const { title, meta, progress } = props.entry;
  const startLabel = t('actions.start');
  return (
    <Card as="article" className={styles.itemCard} data-testid={props.testId}>
      <h2 className={styles.cardTitle} id={props.id}>
        {title}
      </h2>
      <p className={cx(pageStyles.muted, progress && styles.metaAbove)}>{meta}</p>
      {progress && <SetProgressLine progress={progress} masteredLabel={props.masteredLabel} />}
      <Button
        size="sm"
        fullWidth
        disabled={props.disabled && !props.starting}
        loading={props.starting}
        onClick={props.onStart}
        // Named by its card too (see the mode cards' buttons).
        aria-label={t('selection.named', { action: startLabel, name: title })}
      >
        {startLabel}
      </Button>
    </Card>
  );
}
