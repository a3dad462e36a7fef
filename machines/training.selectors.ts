import type { SnapshotFrom } from 'xstate';
import type { TrainingMachine } from './training.machine';
import type {
  QuestionSetProgress,
  Ticket,
  TicketProgress,
  TicketStats,
  Topic,
  TopicProgress,
  TopicStats,
  TrainingAlert,
  TrainingMode,
} from './training.types';
import { TRAINING_MODES } from './training.types';

export type TrainingSnapshot = SnapshotFrom<TrainingMachine>;

/** What to render, from the `screen:*` tags. */
export type TrainingScreen = 'selection' | 'intro' | 'ticketList' | 'topicList' | 'practice';

export function selectScreen(snapshot: TrainingSnapshot): TrainingScreen {
  if (snapshot.hasTag('screen:practice')) return 'practice';
  if (snapshot.hasTag('screen:ticketList')) return 'ticketList';
  if (snapshot.hasTag('screen:topicList')) return 'topicList';
  if (snapshot.hasTag('screen:intro')) return 'intro';
  return 'selection';
}

/** The open mode, read from the state (null on the mode selection). */
export function selectMode(snapshot: TrainingSnapshot): TrainingMode | null {
  const top = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value)[0];
  return TRAINING_MODES.find((mode) => mode === top) ?? null;
}

export const selectIsLoading = (snapshot: TrainingSnapshot): boolean =>
  snapshot.hasTag('status:loading');

/** The alert to show (translate `training.alerts.<key>`); `user.dismissAlert` hides it. */
export const selectAlert = (snapshot: TrainingSnapshot): TrainingAlert | null =>
  snapshot.context.alert;

export const selectTickets = (snapshot: TrainingSnapshot): Ticket[] => snapshot.context.tickets;
export const selectTicketStats = (snapshot: TrainingSnapshot): TicketStats | null =>
  snapshot.context.ticketStats;
export const selectTopics = (snapshot: TrainingSnapshot): Topic[] => snapshot.context.topics;
export const selectTopicStats = (snapshot: TrainingSnapshot): TopicStats | null =>
  snapshot.context.topicStats;

/** The learner's progress per ticket and per topic; empty until the server has said. */
export const selectTicketProgress = (snapshot: TrainingSnapshot): TicketProgress[] =>
  snapshot.context.ticketProgress;
export const selectTopicProgress = (snapshot: TrainingSnapshot): TopicProgress[] =>
  snapshot.context.topicProgress;

/**
 * Where a learner stands on a ticket or topic: nothing answered yet, some answered (or some
 * wrong the last time), or every question right the last time.
 */
export type ProgressStanding = 'notStarted' | 'inProgress' | 'mastered';

export function progressStanding(progress: QuestionSetProgress): ProgressStanding {
  if (progress.answered === 0) return 'notStarted';
  return progress.question_count > 0 && progress.right === progress.question_count
    ? 'mastered'
    : 'inProgress';
}

/**
 * The practice child while practising: render it with `useSelector(practiceRef, ...)` and the
 * practice selectors, and send it `user.toggleAnswer`, `user.check`, `user.next`, `user.primary`.
 * `user.back` goes to the training actor.
 */
export const selectPracticeRef = (snapshot: TrainingSnapshot) => snapshot.children.practice;

/** False when the server said the open mode has nothing to practise now; null when not known. */
export const selectModeAvailable = (snapshot: TrainingSnapshot): boolean | null =>
  snapshot.context.modeAvailable;

/** The ticket practised (ticket mode), for the heading; null otherwise. */
export const selectRunTicketNumber = (snapshot: TrainingSnapshot): number | null =>
  snapshot.context.run?.ticketNumber ?? null;

/** The topic practised (topic mode), for the heading; null otherwise. */
export const selectRunTopicName = (snapshot: TrainingSnapshot): string | null =>
  snapshot.context.run?.topicName ?? null;
