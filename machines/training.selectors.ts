import type { SnapshotFrom } from 'xstate';
import type { TrainingMachine } from './training.machine';
import type {
  CallFailure,
  QuestionSetProgress,
  Ticket,
  TicketProgress,
  TicketStats,
  Topic,
  TopicProgress,
  TopicStats,
  TrainingAlert,
  TrainingEvent,
  TrainingMode,
  TrainingStep,
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

/**
 * Why the call behind the alert failed: the server's reason (say it rather than the alert's
 * own words) or that no answer came; null when neither is known. A run kept before this was
 * known has none.
 */
export const selectAlertFailure = (snapshot: TrainingSnapshot): CallFailure | null =>
  snapshot.context.failure ?? null;

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

/** The step the machine shows: its mode, and the ticket or topic of a run. */
export function selectStep(snapshot: TrainingSnapshot): TrainingStep {
  const mode = selectMode(snapshot);
  if (mode === null) return {};
  // Runs restored from before topic ids were kept have none: their topic is the mode.
  const run = snapshot.hasTag('screen:practice') ? snapshot.context.run : null;
  if (mode === 'tickets' && run?.ticketNumber != null) return { mode, ticket: run.ticketNumber };
  if (mode === 'topics' && run?.topicId != null) return { mode, topic: run.topicId };
  return { mode };
}

export const sameStep = (a: TrainingStep, b: TrainingStep): boolean =>
  a.mode === b.mode && a.ticket === b.ticket && a.topic === b.topic;

/** The step Back leads to: from a ticket or topic its list, from a mode the mode cards. */
export function parentStep(step: TrainingStep): TrainingStep {
  if (step.ticket !== undefined || step.topic !== undefined) return { mode: step.mode };
  return {};
}

/**
 * The one event that moves the machine a step toward `step` (the page's address): back out of
 * what differs, then a mode card, then a ticket or topic. Null once there, and while a call
 * runs (a list loads, a run starts): the answer decides where the machine is next.
 */
export function selectEventToward(
  snapshot: TrainingSnapshot,
  step: TrainingStep,
): TrainingEvent | null {
  if (snapshot.hasTag('status:loading')) return null;
  const here = selectStep(snapshot);
  if (sameStep(here, step)) return null;
  if (here.mode === undefined)
    return step.mode === undefined ? null : { type: 'user.selectMode', mode: step.mode };
  if (here.mode !== step.mode || here.ticket !== undefined || here.topic !== undefined)
    return { type: 'user.back' };
  if (step.ticket !== undefined) return { type: 'user.startTicket', ticketNumber: step.ticket };
  if (step.topic !== undefined) return { type: 'user.startTopic', topicId: step.topic };
  return null;
}
