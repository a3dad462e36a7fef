import type { components } from '../openapi/schema';
import type { CallFailure } from './call-failure';
import type { PracticeInput, TrainingMode } from './practice.types';

export type Question = components['schemas']['Question'];
export type Ticket = components['schemas']['Ticket'];
export type TicketStats = components['schemas']['TicketStats'];
export type QuestionSetProgress = components['schemas']['QuestionSetProgress'];
export type TicketProgress = components['schemas']['TicketProgress'];
export type TicketQuestions = components['schemas']['TicketQuestions'];
export type Topic = components['schemas']['Topic'];
export type TopicStats = components['schemas']['TopicStats'];
export type TopicProgress = components['schemas']['TopicProgress'];
export type TopicQuestions = components['schemas']['TopicQuestions'];
/**
 * A started run of a session mode: the server's session, or one drawn on the device while the
 * server is out of reach (`session_id` null), recorded as it ends.
 */
export type StartedSession = Omit<components['schemas']['StartedSession'], 'session_id'> & {
  session_id: number | null;
};
export type QuestionSet = components['schemas']['QuestionSet'];
export type DailyChallenge = components['schemas']['DailyChallenge'];
export type ExpressTestStart = components['schemas']['ExpressTestStart'];
export type MarathonStart = components['schemas']['MarathonStart'];
export type SessionType = components['schemas']['SessionType'];
/** A mode as the server offers it to this learner now (`GET /training-modules/modes`). */
export type ModeOffer = components['schemas']['TrainingMode'];
export type { CallFailure, PracticeInput, TrainingMode };

/** The order of the mode cards: the six of the spec, then review. */
export const TRAINING_MODES: readonly TrainingMode[] = [
  'tickets',
  'topics',
  'express',
  'weak-spots',
  'marathon',
  'daily-challenge',
  'review',
  'study-plan',
  'bookmarked',
];

/**
 * Spec 7 and 9: the bodies the machine starts them with. Their sizes and the express clock are
 * left out, so the server takes the administrator's settings (the intros state the same ones);
 * the run's clock is the one the server answers.
 */
export const EXPRESS_TEST_START: ExpressTestStart = {
  include_weak_spots: true,
  difficulty_level: null,
  topics: null,
};
/** The express clock should a server answer without one. */
export const EXPRESS_TIME_LIMIT_SECONDS = 300;
export const MARATHON_START: MarathonStart = {
  time_limit_minutes: null,
  include_all_topics: true,
  randomize_order: true,
  stop_on_errors: null,
};
export const WEAK_SPOT_QUESTION_LIMIT = 20;
export const REVIEW_QUESTIONS_COUNT = 20;
/** Questions in a study plan run: those that would raise the pass probability most. */
export const STUDY_PLAN_QUESTIONS_COUNT = 20;

/**
 * An alert the screen shows (translated) until dismissed or the learner moves on:
 * failed loads and starts (spec 8), an empty weak-spot list ('no weak spots'), nothing due for
 * review, a mode that came back without questions, or a ticket or topic (named by a link) that
 * is not on its list.
 */
export type TrainingAlert =
  | 'ticketsLoadFailed'
  | 'topicsLoadFailed'
  | 'questionsLoadFailed'
  | 'expressStartFailed'
  | 'weakSpotsStartFailed'
  | 'marathonStartFailed'
  | 'dailyChallengeStartFailed'
  | 'reviewStartFailed'
  | 'noWeakSpots'
  | 'nothingToReview'
  | 'studyPlanStartFailed'
  | 'noStudyPlan'
  | 'noBookmarks'
  | 'bookmarkedStartFailed'
  | 'noQuestions'
  | 'ticketNotFound'
  | 'topicNotFound';

/**
 * Where the learner is on /training, as the page's address keeps it (`?mode=tickets&ticket=3`):
 * the mode cards (no mode), a mode (its intro or list, and the run of a mode without a list),
 * or a ticket or topic practised. Each step is an entry in the browser's history.
 */
export interface TrainingStep {
  mode?: TrainingMode;
  /** The ticket practised, by number; only with mode tickets. */
  ticket?: number;
  /** The topic practised, by id; only with mode topics. */
  topic?: number;
}

export interface TrainingContext {
  tickets: Ticket[];
  ticketStats: TicketStats | null;
  topics: Topic[];
  topicStats: TopicStats | null;
  /**
   * The learner's progress on each ticket and topic, asked for whenever a list shows (so a
   * practised ticket shows its new state on the way back); empty until known.
   */
  ticketProgress: TicketProgress[];
  topicProgress: TopicProgress[];
  /** Today's challenge while its recommendations load. */
  dailyChallenge: DailyChallenge | null;
  /** The run handed to the practice child: questions, session and time limit. */
  run: PracticeInput | null;
  /**
   * Whether the open mode has questions for this learner now, as the server said on its intro
   * (weak spots, review and bookmarked); null until known, or when the server could not say.
   */
  modeAvailable: boolean | null;
  alert: TrainingAlert | null;
  /**
   * Why the call behind a failure alert failed: the server's reason for refusing it (a course
   * with no questions yet) or that no answer came; null with any other alert, or none.
   */
  failure: CallFailure | null;
}

export type TrainingEvent =
  /** A mode card: opens that mode's intro (the list, for tickets and topics). */
  | { type: 'user.selectMode'; mode: TrainingMode }
  /** Back: from practice to the ticket or topic list, from anywhere else to the mode selection. */
  | { type: 'user.back' }
  /**
   * Start on a mode's intro (express, weak spots, marathon, daily challenge, review); also from
   * the express practice (offered once the time is up), which starts a new express test.
   */
  | { type: 'user.start' }
  | { type: 'user.startTicket'; ticketNumber: number }
  | { type: 'user.startTopic'; topicId: number }
  | { type: 'user.dismissAlert' };

/**
 * One `screen:*` tag says what to render: `screen:selection` (mode cards), `screen:intro`
 * (a mode's intro with start and back), `screen:ticketList`, `screen:topicList`,
 * `screen:practice` (render the `practice` child). `status:loading` while a call runs.
 */
export type TrainingTag =
  | 'screen:selection'
  | 'screen:intro'
  | 'screen:ticketList'
  | 'screen:topicList'
  | 'screen:practice'
  | 'status:loading';

export interface TicketsAndStats {
  tickets: Ticket[];
  stats: TicketStats;
}

export interface TopicsAndStats {
  topics: Topic[];
  stats: TopicStats;
}
