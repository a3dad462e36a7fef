/**
 * What each step of the training machine must do, written apart from the machine (as
 * tests/model/auth.machine.test.ts does with its invariants and step effects): where each event
 * leaves the learner, which call it makes with what, what the run to practise holds and which
 * alert shows. The chart below is spec 4 (Training) as the test reads it, not the machine's
 * graph: a transition sent to the wrong state fails here even where the graph agrees with it.
 */
import { expect } from 'vitest';
import type { TrainingSnapshot } from '../../machines/training.selectors';
import type { TrainingMode } from '../../machines/training.types';
import {
  TICKET_PROGRESS,
  TICKETS,
  TOPIC_PROGRESS,
  TOPICS,
  type Question,
  type TrainingEvent,
} from './exam-training.harness';

type Where = 'selection' | { [mode: string]: string };

/** The first screen of each mode: the list's loading for tickets and topics, else the intro. */
const FIRST: Record<TrainingMode, string> = {
  tickets: 'loading',
  topics: 'loading',
  express: 'intro',
  'weak-spots': 'intro',
  marathon: 'intro',
  'daily-challenge': 'intro',
  review: 'intro',
  'study-plan': 'intro',
  bookmarked: 'intro',
};

/** What start asks the server for, by mode, and with what (spec 7 and 9). */
const START_CALLS: Record<string, { id: string; input: unknown; next: string }> = {
  express: {
    id: 'startExpressTest',
    input: { include_weak_spots: true, difficulty_level: null, topics: null },
    next: 'starting',
  },
  'weak-spots': { id: 'getWeakSpotQuestions', input: { limit: 20 }, next: 'starting' },
  marathon: {
    id: 'startMarathon',
    input: {
      time_limit_minutes: null,
      include_all_topics: true,
      randomize_order: true,
      stop_on_errors: null,
    },
    next: 'starting',
  },
  'daily-challenge': { id: 'getDailyChallenge', input: undefined, next: 'loadingChallenge' },
  review: { id: 'startReview', input: { questions_count: 20 }, next: 'starting' },
  'study-plan': { id: 'startStudyPlan', input: { questions_count: 20 }, next: 'starting' },
  bookmarked: { id: 'getBookmarkedQuestions', input: undefined, next: 'starting' },
};

/** The alert a failed start shows on the intro, by the call that failed. */
const START_FAILED: Record<string, string> = {
  startExpressTest: 'expressStartFailed',
  getWeakSpotQuestions: 'weakSpotsStartFailed',
  startMarathon: 'marathonStartFailed',
  getDailyChallenge: 'dailyChallengeStartFailed',
  startReview: 'reviewStartFailed',
  startStudyPlan: 'studyPlanStartFailed',
  getBookmarkedQuestions: 'bookmarkedStartFailed',
};

/** Where a mode that came back empty leaves the learner, and what it says. */
const EMPTY_START: Record<string, { where: Where; alert: string }> = {
  startExpressTest: { where: { express: 'intro' }, alert: 'noQuestions' },
  getWeakSpotQuestions: { where: 'selection', alert: 'noWeakSpots' },
  startMarathon: { where: { marathon: 'intro' }, alert: 'noQuestions' },
  getDailyChallenge: { where: { 'daily-challenge': 'intro' }, alert: 'noQuestions' },
  startReview: { where: 'selection', alert: 'nothingToReview' },
  startStudyPlan: { where: { 'study-plan': 'intro' }, alert: 'noStudyPlan' },
  getBookmarkedQuestions: { where: { bookmarked: 'intro' }, alert: 'noBookmarks' },
};

/** What a failure that is not the server's refusal nor a lost connection leaves to say (none). */
const NO_REASON = { detail: null, unreachable: null };

const LOADING = [
  'loading',
  'loadingQuestions',
  'starting',
  'loadingChallenge',
  'loadingRecommendations',
];

/** The mode a state is in and its inner state, or null on the mode cards. */
function placeOf(snapshot: TrainingSnapshot): { mode: TrainingMode; inner: string } | null {
  const value = snapshot.value as Where;
  if (value === 'selection') return null;
  const [mode, inner] = Object.entries(value)[0] as [TrainingMode, string];
  return { mode, inner };
}

const ids = (questions: readonly Question[]) => questions.map((item) => item.id);
const points = (questions: readonly Question[]) =>
  questions.reduce((sum, item) => sum + item.points, 0);

/** What every state promises: its screen, whether it is loading, what it holds. */
export function expectTrainingInvariants(snapshot: TrainingSnapshot) {
  const place = placeOf(snapshot);
  const { run, tickets, topics, dailyChallenge, modeAvailable } = snapshot.context;
  if (place === null) {
    expect(snapshot.hasTag('screen:selection')).toBe(true);
    // Back on the mode cards nothing of a mode is kept.
    expect({ run, tickets, topics, dailyChallenge, modeAvailable }).toEqual({
      run: null,
      tickets: [],
      topics: [],
      dailyChallenge: null,
      modeAvailable: null,
    });
    return;
  }
  const screen =
    place.inner === 'practice'
      ? 'screen:practice'
      : place.mode === 'tickets'
        ? 'screen:ticketList'
        : place.mode === 'topics'
          ? 'screen:topicList'
          : 'screen:intro';
  expect(snapshot.hasTag(screen), `${place.mode}.${place.inner} shows ${screen}`).toBe(true);
  expect(snapshot.hasTag('status:loading')).toBe(LOADING.includes(place.inner));
  // A run exists exactly while it is practised; its questions are on the practice screen.
  expect(run !== null).toBe(place.inner === 'practice');
  if (place.inner === 'practice') {
    const child = snapshot.children.practice?.getSnapshot();
    expect(child?.context.questions.map((item: Question) => item.id)).toEqual(ids(run!.questions));
    expect(run!.mode).toBe(place.mode);
  }
}

interface Call {
  id: string;
  input: unknown;
}

/**
 * What each step promises about the one before it: `calls` are every call the walk made so
 * far, `newCalls` those this step made.
 */
export function expectTrainingStep(
  before: TrainingSnapshot,
  event: TrainingEvent,
  after: TrainingSnapshot,
  newCalls: readonly Call[],
) {
  const from = placeOf(before);
  const to = after.value as Where;
  const was = before.context;
  const now = after.context;
  const type: string = event.type;
  const unchanged = () => {
    expect(to).toEqual(before.value);
    expect(newCalls).toEqual([]);
  };
  const output = (event as unknown as { output?: unknown }).output;

  switch (type) {
    case 'user.selectMode': {
      if (from !== null) return unchanged();
      const { mode } = event as { mode: TrainingMode };
      expect(to).toEqual({ [mode]: FIRST[mode] });
      expect(now.alert).toBeNull();
      const asked = newCalls.map((call) => call.id).sort();
      const expected =
        mode === 'tickets'
          ? ['loadTickets']
          : mode === 'topics'
            ? ['loadTopics']
            : mode === 'weak-spots' || mode === 'review'
              ? ['getModes']
              : mode === 'bookmarked'
                ? ['hasBookmarks']
                : [];
      expect(asked).toEqual(expected);
      return;
    }
    case 'user.back': {
      if (from === null) return unchanged();
      if ((from.mode === 'tickets' || from.mode === 'topics') && from.inner === 'practice') {
        // Back from a ticket or topic practised: its list again, asking for the new progress.
        expect(to).toEqual({ [from.mode]: 'list' });
        expect(now.run).toBeNull();
        expect(now.alert).toBe(was.alert);
        expect(newCalls.map((call) => call.id)).toEqual([
          from.mode === 'tickets' ? 'loadTicketProgress' : 'loadTopicProgress',
        ]);
        return;
      }
      expect(to).toBe('selection');
      expect(now.alert).toBeNull();
      expect(newCalls).toEqual([]);
      return;
    }
    case 'user.start': {
      if (from === null) return unchanged();
      const start = START_CALLS[from.mode];
      // Only the modes that ask the server whether there is anything refuse start.
      const guarded =
        from.mode === 'weak-spots' || from.mode === 'review' || from.mode === 'bookmarked';
      const refused = guarded && was.modeAvailable === false;
      const fromIntro = from.inner === 'intro' && !refused;
      // Express offers start again from its run (once the time is up): a new test.
      const again = from.mode === 'express' && from.inner === 'practice';
      if (!start || (!fromIntro && !again)) return unchanged();
      expect(to).toEqual({ [from.mode]: start.next });
      expect(now.alert).toBeNull();
      expect(now.failure).toBeNull();
      expect(now.run).toBeNull();
      expect(newCalls).toEqual([{ id: start.id, input: start.input }]);
      return;
    }
    case 'user.startTicket':
    case 'user.startTopic': {
      const kind = type === 'user.startTicket' ? 'tickets' : 'topics';
      if (from?.mode !== kind || from.inner !== 'list') return unchanged();
      const number =
        type === 'user.startTicket'
          ? (event as { ticketNumber: number }).ticketNumber
          : (event as { topicId: number }).topicId;
      const listed =
        kind === 'tickets'
          ? was.tickets.some((ticket) => ticket.ticket_number === number)
          : was.topics.some((topic) => topic.id === number);
      if (!listed) {
        expect(to).toEqual(before.value);
        expect(now.alert).toBe(kind === 'tickets' ? 'ticketNotFound' : 'topicNotFound');
        expect(newCalls).toEqual([]);
        return;
      }
      expect(to).toEqual({ [kind]: 'loadingQuestions' });
      expect(now.alert).toBeNull();
      expect(newCalls).toEqual([
        kind === 'tickets'
          ? { id: 'getTicketQuestions', input: { ticketNumber: number } }
          : { id: 'getTopicQuestions', input: { topicId: number } },
      ]);
      return;
    }
    case 'user.dismissAlert': {
      const dismissable =
        from === null ||
        from.inner === 'intro' ||
        ((from.mode === 'tickets' || from.mode === 'topics') && from.inner === 'list');
      expect(to).toEqual(before.value);
      expect(now.alert).toBe(dismissable ? null : was.alert);
      expect(now.failure).toBe(dismissable ? null : was.failure);
      return;
    }
  }

  const answer = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(type);
  if (!answer) throw new Error(`no expected effect for ${type}`);
  const [, outcome, id] = answer as unknown as [string, 'done' | 'error', string];
  const failed = outcome === 'error';
  const questionsOf = (value: unknown) => (value as { questions: Question[] }).questions;

  switch (id) {
    case 'loadTickets':
    case 'loadTopics': {
      const mode = id === 'loadTickets' ? 'tickets' : 'topics';
      if (failed) {
        expect(to).toBe('selection');
        expect(now.alert).toBe(mode === 'tickets' ? 'ticketsLoadFailed' : 'topicsLoadFailed');
        // Why it failed, for the alert to say: the harness's failure names no reason.
        expect(now.failure).toEqual(NO_REASON);
        return;
      }
      expect(to).toEqual({ [mode]: 'list' });
      if (mode === 'tickets') {
        expect(now.tickets).toEqual(TICKETS.tickets);
        expect(now.ticketStats).toEqual(TICKETS.stats);
      } else {
        expect(now.topics).toEqual(TOPICS.topics);
        expect(now.topicStats).toEqual(TOPICS.stats);
      }
      // The list asks for the learner's progress as it shows.
      expect(newCalls.map((call) => call.id)).toEqual([
        mode === 'tickets' ? 'loadTicketProgress' : 'loadTopicProgress',
      ]);
      return;
    }
    case 'loadTicketProgress':
    case 'loadTopicProgress': {
      expect(to).toEqual(before.value);
      const field = id === 'loadTicketProgress' ? 'ticketProgress' : 'topicProgress';
      const expected = id === 'loadTicketProgress' ? TICKET_PROGRESS : TOPIC_PROGRESS;
      expect(now[field]).toEqual(failed ? was[field] : expected);
      return;
    }
    case 'hasBookmarks': {
      expect(to).toEqual(before.value);
      expect(now.modeAvailable).toBe(failed ? was.modeAvailable : output);
      return;
    }
    case 'getModes': {
      expect(to).toEqual(before.value);
      const offers = output as { id: string; available: boolean }[] | undefined;
      expect(now.modeAvailable).toBe(
        failed ? was.modeAvailable : offers!.find((offer) => offer.id === from!.mode)!.available,
      );
      return;
    }
    case 'getTicketQuestions':
    case 'getTopicQuestions': {
      const mode = id === 'getTicketQuestions' ? 'tickets' : 'topics';
      if (failed || questionsOf(output).length === 0) {
        expect(to).toEqual({ [mode]: 'list' });
        expect(now.alert).toBe(failed ? 'questionsLoadFailed' : 'noQuestions');
        expect(now.failure).toEqual(failed ? NO_REASON : null);
        expect(now.run).toBeNull();
        return;
      }
      const questions = questionsOf(output);
      expect(to).toEqual({ [mode]: 'practice' });
      // A ticket is scored out of its max_points; a topic out of its questions' points.
      expect(now.run).toEqual({
        mode,
        questions,
        sessionId: null,
        timeLimitSeconds: null,
        maxPoints: mode === 'tickets' ? 60 : points(questions),
        ticketNumber: mode === 'tickets' ? 3 : null,
        topicName: mode === 'topics' ? 'Signs' : null,
        topicId: mode === 'topics' ? 4 : null,
      });
      return;
    }
    case 'startExpressTest':
    case 'getWeakSpotQuestions':
    case 'startMarathon':
    case 'getDailyChallenge':
    case 'startReview':
    case 'startStudyPlan':
    case 'getBookmarkedQuestions': {
      const mode = from!.mode;
      if (failed) {
        expect(to).toEqual({ [mode]: 'intro' });
        expect(now.alert).toBe(START_FAILED[id]);
        expect(now.failure).toEqual(NO_REASON);
        expect(now.run).toBeNull();
        return;
      }
      const questions = questionsOf(output);
      if (questions.length === 0) {
        expect(to).toEqual(EMPTY_START[id]!.where);
        expect(now.alert).toBe(EMPTY_START[id]!.alert);
        expect(now.failure).toBeNull();
        return;
      }
      if (id === 'getDailyChallenge') {
        // As many recommended questions (express) as the challenge holds.
        expect(to).toEqual({ 'daily-challenge': 'loadingRecommendations' });
        expect(now.dailyChallenge).toEqual(output);
        expect(newCalls).toEqual([
          {
            id: 'getRecommendedQuestions',
            input: { session_type: 'express', count: questions.length },
          },
        ]);
        return;
      }
      expect(to).toEqual({ [mode]: 'practice' });
      const session = output as { session_id?: number | null; time_limit_seconds?: number | null };
      expect(now.run).toEqual({
        mode,
        questions,
        // The server's session and clock where it started one; express falls back to 5 minutes.
        sessionId: session.session_id ?? null,
        // A session mode's run drawn on the device records itself as it ends.
        ...(session.session_id === null ? { drawnOnDevice: true } : {}),
        timeLimitSeconds:
          mode === 'express'
            ? (session.time_limit_seconds ?? 300)
            : (session.time_limit_seconds ?? null),
        maxPoints: points(questions),
        ticketNumber: null,
        topicName: null,
        topicId: null,
      });
      return;
    }
    case 'getRecommendedQuestions': {
      // Without recommendations the challenge's own questions are practised.
      const recommended = failed ? [] : questionsOf(output);
      const questions = recommended.length > 0 ? recommended : was.dailyChallenge!.questions;
      expect(to).toEqual({ 'daily-challenge': 'practice' });
      expect(ids(now.run!.questions)).toEqual(ids(questions));
      expect(now.run).toMatchObject({
        mode: 'daily-challenge',
        sessionId: null,
        timeLimitSeconds: null,
        maxPoints: points(questions),
      });
      return;
    }
    default:
      throw new Error(`no expected effect for ${type}`);
  }
}

/**
 * What the training screen shows in a state, worked out from where the state is and what it
 * holds: which screen (the mode cards, a mode's intro, its list, or the practice), the mode,
 * the spinner, the alert, the lists and their progress, the heading of a ticket's or a topic's
 * run, and the step the page's address names (a mode, and the ticket or topic practised).
 */
export function expectedTrainingScreen(snapshot: TrainingSnapshot) {
  const place = placeOf(snapshot);
  const { run, alert, modeAvailable } = snapshot.context;
  const practising = place?.inner === 'practice';
  const step: { mode?: TrainingMode; ticket?: number; topic?: number } = {};
  if (place !== null) step.mode = place.mode;
  if (practising && place.mode === 'tickets' && run?.ticketNumber != null)
    step.ticket = run.ticketNumber;
  if (practising && place.mode === 'topics' && run?.topicId != null) step.topic = run.topicId;
  return {
    screen:
      place === null
        ? 'selection'
        : practising
          ? 'practice'
          : place.mode === 'tickets'
            ? 'ticketList'
            : place.mode === 'topics'
              ? 'topicList'
              : 'intro',
    mode: place?.mode ?? null,
    loading: place !== null && LOADING.includes(place.inner),
    alert,
    modeAvailable,
    tickets: snapshot.context.tickets,
    ticketStats: snapshot.context.ticketStats,
    topics: snapshot.context.topics,
    topicStats: snapshot.context.topicStats,
    ticketProgress: snapshot.context.ticketProgress,
    topicProgress: snapshot.context.topicProgress,
    runTicket: run?.ticketNumber ?? null,
    runTopic: run?.topicName ?? null,
    step,
  };
}
