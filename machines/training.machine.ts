import { assign, assertEvent, fromPromise, setup } from 'xstate';
import { practiceMachine } from './practice.machine';
import type {
  DailyChallenge,
  ExpressTestStart,
  MarathonStart,
  ModeOffer,
  PracticeInput,
  Question,
  QuestionSet,
  SessionType,
  StartedSession,
  TicketProgress,
  TicketQuestions,
  TicketsAndStats,
  TopicProgress,
  TopicQuestions,
  TopicsAndStats,
  TrainingAlert,
  TrainingContext,
  TrainingEvent,
  TrainingMode,
  TrainingTag,
} from './training.types';
import {
  EXPRESS_TEST_START,
  EXPRESS_TIME_LIMIT_SECONDS,
  MARATHON_START,
  REVIEW_QUESTIONS_COUNT,
  STUDY_PLAN_QUESTIONS_COUNT,
  TRAINING_MODES,
  WEAK_SPOT_QUESTION_LIMIT,
} from './training.types';
import { callFailureOf } from './call-failure';
import { notProvidedIn } from './not-provided';

const notProvided = notProvidedIn('training');

const sumOfPoints = (questions: Question[]) =>
  questions.reduce((sum, question) => sum + question.points, 0);

/** A run without a server session or time limit, scored out of the questions' points. */
function plainRun(mode: TrainingMode, questions: Question[]): PracticeInput {
  return {
    mode,
    questions,
    sessionId: null,
    timeLimitSeconds: null,
    maxPoints: sumOfPoints(questions),
    topicName: null,
    ticketNumber: null,
    topicId: null,
  };
}

function sessionRun(
  mode: TrainingMode,
  session: StartedSession,
  fallbackLimit: number | null,
): PracticeInput {
  return {
    mode,
    questions: session.questions,
    sessionId: session.session_id,
    ...(session.session_id === null ? { drawnOnDevice: true } : {}),
    timeLimitSeconds: session.time_limit_seconds ?? fallbackLimit,
    maxPoints: sumOfPoints(session.questions),
    topicName: null,
    ticketNumber: null,
    topicId: null,
  };
}

/** A failed call the screen works without: only logged. */
function logFailure(where: string) {
  return {
    actions: {
      type: 'logError' as const,
      params: ({ event }: { event: { error: unknown } }) => ({ where, error: event.error }),
    },
  };
}

/** The weak-spots and review modes ask the server, on entry, whether they have anything now. */
function askWhetherAvailable(mode: TrainingMode) {
  return {
    id: 'getModes',
    src: 'getModes',
    onDone: {
      actions: {
        type: 'setModeAvailable' as const,
        params: ({ event }: { event: { output: ModeOffer[] } }) => ({ offers: event.output, mode }),
      },
    },
    onError: logFailure('getModes'),
  } as const;
}

function runOf(context: TrainingContext): PracticeInput {
  if (context.run === null) throw new Error('training machine: practice entered without a run');
  return context.run;
}

/** `alert` shown in `target`: where a failed or empty start leaves the learner. */
function alertIn(target: 'intro' | 'list', alert: TrainingAlert) {
  return { target, actions: { type: 'raiseAlert' as const, params: { alert } } };
}

/** Shows `alert` with the reason the call behind it failed (its error event's). */
function raiseFailure(alert: TrainingAlert) {
  return {
    type: 'raiseAlert' as const,
    params: ({ event }: { event: { error: unknown } }) => ({ alert, error: event.error }),
  };
}

/** `alert` shown in `target` for a call that failed, with the reason it failed. */
function failedIn(target: 'intro' | 'list', alert: TrainingAlert) {
  return { target, actions: raiseFailure(alert) };
}

/** Back to the mode cards with `alert` showing, for a list that failed to load, and why. */
function leaveFailed(alert: TrainingAlert) {
  return { target: '#training.selection', actions: ['leaveMode' as const, raiseFailure(alert)] };
}

/** Back to the mode cards with `alert` showing: a mode that could not load or has nothing now. */
function leaveWith(alert: TrainingAlert) {
  return {
    target: '#training.selection',
    actions: ['leaveMode' as const, { type: 'raiseAlert' as const, params: { alert } }],
  };
}

/**
 * The first answer to a call that brings a run's questions: the run practised when it has any.
 * The entry after it says where an empty answer leaves the learner.
 */
function practiseWhenAny<Output extends { questions: Question[] }>(
  run: (output: Output) => PracticeInput,
) {
  return {
    guard: {
      type: 'hasQuestions' as const,
      params: ({ event }: { event: { output: Output } }) => ({ questions: event.output.questions }),
    },
    target: 'practice',
    actions: {
      type: 'setRun' as const,
      params: ({ event }: { event: { output: Output } }) => ({ run: run(event.output) }),
    },
  };
}

/**
 * A mode's intro with start and back (its description is the caller's, so that builds drop it
 * as they drop the others). A `guarded` start is refused once the server said there is nothing
 * to practise (see askWhetherAvailable).
 */
function introState(next: 'starting' | 'loadingChallenge', guarded = false) {
  return {
    tags: ['screen:intro' as const],
    on: {
      'user.start': {
        ...(guarded ? { guard: 'mayStart' as const } : {}),
        target: next,
        actions: 'dismissAlert' as const,
      },
      'user.dismissAlert': { actions: 'dismissAlert' as const },
    },
  };
}

/** A mode's practice state: the `practice` child running the mode's run. */
const PRACTICE = {
  tags: ['screen:practice' as const],
  invoke: {
    id: 'practice' as const,
    src: 'practice' as const,
    input: ({ context }: { context: TrainingContext }) => runOf(context),
  },
};

/** What leaving a mode clears: the lists, the challenge and the run (questions, session, timer). */
const CLEARED = {
  tickets: [],
  ticketStats: null,
  topics: [],
  topicStats: null,
  ticketProgress: [],
  topicProgress: [],
  dailyChallenge: null,
  run: null,
  modeAvailable: null,
} satisfies Omit<TrainingContext, 'alert' | 'failure'>;

/**
 * Training (spec 4, Training): the mode cards, each mode's intro (the list, for tickets and
 * topics) with its back button, the calls that start a mode, and the `practice` child that
 * runs the questions. Back from practice returns to the ticket or topic list, or to the mode
 * selection; returning to the selection stops the child and clears questions, session and timer.
 */
export const trainingMachine = setup({
  types: {
    context: {} as TrainingContext,
    events: {} as TrainingEvent,
    tags: {} as TrainingTag,
    children: {} as { practice: 'practice' },
  },
  actors: {
    /** `GET /training-tickets` and `GET /training-tickets/stats/info`. */
    loadTickets: fromPromise<TicketsAndStats>(notProvided('loadTickets')),
    /** `GET /training-tickets/{ticket_number}`. */
    getTicketQuestions: fromPromise<TicketQuestions, { ticketNumber: number }>(
      notProvided('getTicketQuestions'),
    ),
    /** `GET /training-topics` and `GET /training-topics/stats/info`. */
    loadTopics: fromPromise<TopicsAndStats>(notProvided('loadTopics')),
    /** `GET /training-tickets/progress`. */
    loadTicketProgress: fromPromise<TicketProgress[]>(notProvided('loadTicketProgress')),
    /** `GET /training-topics/progress`. */
    loadTopicProgress: fromPromise<TopicProgress[]>(notProvided('loadTopicProgress')),
    /** `GET /training-topics/{id}/questions`. */
    getTopicQuestions: fromPromise<TopicQuestions, { topicId: number }>(
      notProvided('getTopicQuestions'),
    ),
    /** `POST /training-modules/express-test/start`. */
    startExpressTest: fromPromise<StartedSession, ExpressTestStart>(
      notProvided('startExpressTest'),
    ),
    /** `GET /training-modules/weak-spots/questions?limit=`. */
    getWeakSpotQuestions: fromPromise<QuestionSet, { limit: number }>(
      notProvided('getWeakSpotQuestions'),
    ),
    /** `POST /training-modules/marathon/start`. */
    startMarathon: fromPromise<StartedSession, MarathonStart>(notProvided('startMarathon')),
    /** `GET /training-modules/daily-challenge`. */
    getDailyChallenge: fromPromise<DailyChallenge>(notProvided('getDailyChallenge')),
    /** `GET /training-modules/recommendations/questions?session_type=&count=`. */
    getRecommendedQuestions: fromPromise<QuestionSet, { session_type: SessionType; count: number }>(
      notProvided('getRecommendedQuestions'),
    ),
    /** `POST /training-modules/review/start?questions_count=`. */
    startReview: fromPromise<StartedSession, { questions_count: number }>(
      notProvided('startReview'),
    ),
    /** `POST /training-modules/study-plan/start?questions_count=`. */
    startStudyPlan: fromPromise<StartedSession, { questions_count: number }>(
      notProvided('startStudyPlan'),
    ),
    /** `GET /bookmarks/questions`: the learner's starred questions. */
    getBookmarkedQuestions: fromPromise<QuestionSet>(notProvided('getBookmarkedQuestions')),
    /** Whether the learner starred any question of the course (`GET /bookmarks/questions`). */
    hasBookmarks: fromPromise<boolean>(notProvided('hasBookmarks')),
    /** `GET /training-modules/modes`: which modes have questions for this learner now. */
    getModes: fromPromise<ModeOffer[]>(notProvided('getModes')),
    /** The question-practice view; provide its own API actors with `practiceMachine.provide()`. */
    practice: practiceMachine,
  },
  actions: {
    /** Reports a failure that the learner does not need to act on. */
    logError: (_, _params: { where: string; error: unknown }) => {},
    /** Shows `alert`; with the `error` of a failed call, the reason it failed too. */
    raiseAlert: assign((_, params: { alert: TrainingAlert; error?: unknown }) => ({
      alert: params.alert,
      failure: 'error' in params ? callFailureOf(params.error) : null,
    })),
    dismissAlert: assign({ alert: null, failure: null }),
    setTickets: assign({
      tickets: (_, params: TicketsAndStats) => params.tickets,
      ticketStats: (_, params: TicketsAndStats) => params.stats,
    }),
    setTopics: assign({
      topics: (_, params: TopicsAndStats) => params.topics,
      topicStats: (_, params: TopicsAndStats) => params.stats,
    }),
    setTicketProgress: assign({
      ticketProgress: (_, params: { progress: TicketProgress[] }) => params.progress,
    }),
    setTopicProgress: assign({
      topicProgress: (_, params: { progress: TopicProgress[] }) => params.progress,
    }),
    setDailyChallenge: assign({
      dailyChallenge: (_, params: { challenge: DailyChallenge }) => params.challenge,
    }),
    setRun: assign({ run: (_, params: { run: PracticeInput }) => params.run }),
    clearRun: assign({ run: null }),
    setModeAvailable: assign({
      modeAvailable: (_, params: { offers: ModeOffer[]; mode: TrainingMode }) =>
        params.offers.find((offer) => offer.id === params.mode)?.available ?? null,
    }),
    setAvailable: assign({
      modeAvailable: (_, params: { available: boolean }) => params.available,
    }),
    leaveMode: assign({ ...CLEARED, alert: null, failure: null }),
  },
  guards: {
    isMode: (_, params: { selected: TrainingMode; mode: TrainingMode }) =>
      params.selected === params.mode,
    hasQuestions: (_, params: { questions: Question[] }) => params.questions.length > 0,
    /** A ticket or topic asked for by number or id (a link may name one that is not there). */
    isListedTicket: ({ context }, params: { ticketNumber: number }) =>
      context.tickets.some((ticket) => ticket.ticket_number === params.ticketNumber),
    isListedTopic: ({ context }, params: { topicId: number }) =>
      context.topics.some((topic) => topic.id === params.topicId),
    /** Start is refused only when the server said there is nothing to practise. */
    mayStart: ({ context }) => context.modeAvailable !== false,
  },
}).createMachine({
  id: 'training',
  context: { ...CLEARED, alert: null, failure: null },
  initial: 'selection',
  states: {
    selection: {
      description: 'The mode cards. An alert (a failed load, no weak spots) may be showing.',
      tags: ['screen:selection'],
      on: {
        // One transition per mode card: each mode is a state of the same name.
        'user.selectMode': TRAINING_MODES.map((mode) => ({
          guard: {
            type: 'isMode' as const,
            params: ({ event }: { event: { mode: TrainingMode } }) => ({
              selected: event.mode,
              mode,
            }),
          },
          target: mode,
          actions: 'dismissAlert' as const,
        })),
        'user.dismissAlert': { actions: 'dismissAlert' },
      },
    },

    tickets: {
      description:
        'Ticket mode: the ticket list with its stats, then a ticket practised, scored out of its max_points.',
      initial: 'loading',
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        loading: {
          description: 'The tickets and their stats are requested.',
          tags: ['screen:ticketList', 'status:loading'],
          invoke: {
            id: 'loadTickets',
            src: 'loadTickets',
            onDone: {
              target: 'list',
              actions: { type: 'setTickets', params: ({ event }) => event.output },
            },
            onError: leaveFailed('ticketsLoadFailed'),
          },
        },
        list: {
          description:
            "Summary stats and a card with a start button and the learner's progress per ticket; back goes to the mode selection. A ticket not on the list (from a link) is not started: an alert says so.",
          tags: ['screen:ticketList'],
          // Asked each time the list shows, so a practised ticket shows its new state on the way back.
          invoke: {
            id: 'loadTicketProgress',
            src: 'loadTicketProgress',
            onDone: {
              actions: {
                type: 'setTicketProgress',
                params: ({ event }) => ({ progress: event.output }),
              },
            },
            onError: logFailure('loadTicketProgress'),
          },
          on: {
            'user.startTicket': [
              {
                guard: {
                  type: 'isListedTicket',
                  params: ({ event }) => ({ ticketNumber: event.ticketNumber }),
                },
                target: 'loadingQuestions',
                actions: 'dismissAlert',
              },
              { actions: { type: 'raiseAlert', params: { alert: 'ticketNotFound' } } },
            ],
            'user.dismissAlert': { actions: 'dismissAlert' },
          },
        },
        loadingQuestions: {
          description: "The ticket's questions are requested by ticket_number.",
          tags: ['screen:ticketList', 'status:loading'],
          invoke: {
            id: 'getTicketQuestions',
            src: 'getTicketQuestions',
            input: ({ event }) => {
              assertEvent(event, 'user.startTicket');
              return { ticketNumber: event.ticketNumber };
            },
            onDone: [
              practiseWhenAny((output: TicketQuestions) => ({
                ...plainRun('tickets', output.questions),
                maxPoints: output.max_points,
                ticketNumber: output.ticket_number,
              })),
              alertIn('list', 'noQuestions'),
            ],
            onError: failedIn('list', 'questionsLoadFailed'),
          },
        },
        practice: {
          description: 'The ticket practised; back returns to the ticket list.',
          ...PRACTICE,
          on: { 'user.back': { target: 'list', actions: 'clearRun' } },
        },
      },
    },

    topics: {
      description: "Topic mode: the topic list with its stats, then a topic's questions practised.",
      initial: 'loading',
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        loading: {
          description: 'The topics and their stats are requested.',
          tags: ['screen:topicList', 'status:loading'],
          invoke: {
            id: 'loadTopics',
            src: 'loadTopics',
            onDone: {
              target: 'list',
              actions: { type: 'setTopics', params: ({ event }) => event.output },
            },
            onError: leaveFailed('topicsLoadFailed'),
          },
        },
        list: {
          description:
            "Summary stats and a card with a start button and the learner's progress per topic; back goes to the mode selection. A topic not on the list (from a link) is not started: an alert says so.",
          tags: ['screen:topicList'],
          // Asked each time the list shows, so a practised topic shows its new state on the way back.
          invoke: {
            id: 'loadTopicProgress',
            src: 'loadTopicProgress',
            onDone: {
              actions: {
                type: 'setTopicProgress',
                params: ({ event }) => ({ progress: event.output }),
              },
            },
            onError: logFailure('loadTopicProgress'),
          },
          on: {
            'user.startTopic': [
              {
                guard: {
                  type: 'isListedTopic',
                  params: ({ event }) => ({ topicId: event.topicId }),
                },
                target: 'loadingQuestions',
                actions: 'dismissAlert',
              },
              { actions: { type: 'raiseAlert', params: { alert: 'topicNotFound' } } },
            ],
            'user.dismissAlert': { actions: 'dismissAlert' },
          },
        },
        loadingQuestions: {
          description: "The topic's questions are requested.",
          tags: ['screen:topicList', 'status:loading'],
          invoke: {
            id: 'getTopicQuestions',
            src: 'getTopicQuestions',
            input: ({ event }) => {
              assertEvent(event, 'user.startTopic');
              return { topicId: event.topicId };
            },
            onDone: [
              practiseWhenAny((output: TopicQuestions) => ({
                ...plainRun('topics', output.questions),
                topicName: output.name,
                topicId: output.id,
              })),
              alertIn('list', 'noQuestions'),
            ],
            onError: failedIn('list', 'questionsLoadFailed'),
          },
        },
        practice: {
          description: 'The topic practised; back returns to the topic list.',
          ...PRACTICE,
          on: { 'user.back': { target: 'list', actions: 'clearRun' } },
        },
      },
    },

    express: {
      description: 'Express: 10 questions against a 5-minute countdown.',
      initial: 'intro',
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: { description: 'The intro with start and back.', ...introState('starting') },
        starting: {
          description: 'The express test is started on the server.',
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'startExpressTest',
            src: 'startExpressTest',
            input: EXPRESS_TEST_START,
            onDone: [
              practiseWhenAny((output: StartedSession) =>
                sessionRun('express', output, EXPRESS_TIME_LIMIT_SECONDS),
              ),
              alertIn('intro', 'noQuestions'),
            ],
            onError: failedIn('intro', 'expressStartFailed'),
          },
        },
        practice: {
          description:
            'The express questions with the countdown; back leaves to the mode selection, start (offered once the time is up) starts a new test.',
          ...PRACTICE,
          on: {
            // Leaving the state stops the old child and its timer, as back does; the finished
            // run is cleared so that a failed start leaves the intro as a first start would.
            'user.start': { target: 'starting', actions: ['clearRun', 'dismissAlert'] },
          },
        },
      },
    },

    'weak-spots': {
      description: 'Weak spots: 20 questions the learner tends to get wrong.',
      initial: 'intro',
      // Asked once per visit: whether the server has anything to practise in this mode now.
      invoke: askWhetherAvailable('weak-spots'),
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: {
          description:
            'The intro with start and back; start is refused once the server said there is nothing to practise.',
          ...introState('starting', true),
        },
        starting: {
          description:
            'The weak-spot questions are requested; an empty list means there are none yet.',
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'getWeakSpotQuestions',
            src: 'getWeakSpotQuestions',
            input: { limit: WEAK_SPOT_QUESTION_LIMIT },
            onDone: [
              practiseWhenAny((output: QuestionSet) => plainRun('weak-spots', output.questions)),
              leaveWith('noWeakSpots'),
            ],
            onError: failedIn('intro', 'weakSpotsStartFailed'),
          },
        },
        practice: {
          description: 'The weak-spot questions; back leaves to the mode selection.',
          ...PRACTICE,
        },
      },
    },

    marathon: {
      description: 'Marathon: 50 questions in random order, no time limit.',
      initial: 'intro',
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: { description: 'The intro with start and back.', ...introState('starting') },
        starting: {
          description: 'The marathon is started on the server.',
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'startMarathon',
            src: 'startMarathon',
            input: MARATHON_START,
            onDone: [
              practiseWhenAny((output: StartedSession) => sessionRun('marathon', output, null)),
              alertIn('intro', 'noQuestions'),
            ],
            onError: failedIn('intro', 'marathonStartFailed'),
          },
        },
        practice: {
          description: 'The marathon questions; back leaves to the mode selection.',
          ...PRACTICE,
        },
      },
    },

    'daily-challenge': {
      description:
        "Daily challenge: today's challenge, then as many recommended questions (express) as it holds.",
      initial: 'intro',
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: { description: 'The intro with start and back.', ...introState('loadingChallenge') },
        loadingChallenge: {
          description: "Today's challenge is requested.",
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'getDailyChallenge',
            src: 'getDailyChallenge',
            onDone: [
              {
                guard: {
                  type: 'hasQuestions',
                  params: ({ event }) => ({ questions: event.output.questions }),
                },
                target: 'loadingRecommendations',
                actions: {
                  type: 'setDailyChallenge',
                  params: ({ event }) => ({ challenge: event.output }),
                },
              },
              alertIn('intro', 'noQuestions'),
            ],
            onError: failedIn('intro', 'dailyChallengeStartFailed'),
          },
        },
        loadingRecommendations: {
          description:
            "Recommendations with session_type express and count equal to the challenge's size; without them the challenge's own questions are practised.",
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'getRecommendedQuestions',
            src: 'getRecommendedQuestions',
            input: ({ context }) => ({
              session_type: 'express',
              count: context.dailyChallenge?.questions.length ?? 10,
            }),
            onDone: [
              practiseWhenAny((output: QuestionSet) =>
                plainRun('daily-challenge', output.questions),
              ),
              {
                target: 'practice',
                actions: {
                  type: 'setRun',
                  params: ({ context }) => ({
                    run: plainRun('daily-challenge', context.dailyChallenge?.questions ?? []),
                  }),
                },
              },
            ],
            onError: {
              target: 'practice',
              actions: [
                {
                  type: 'logError',
                  params: ({ event }) => ({
                    where: 'training.getRecommendedQuestions',
                    error: event.error,
                  }),
                },
                {
                  type: 'setRun',
                  params: ({ context }) => ({
                    run: plainRun('daily-challenge', context.dailyChallenge?.questions ?? []),
                  }),
                },
              ],
            },
          },
        },
        practice: {
          description: 'The challenge questions; back leaves to the mode selection.',
          ...PRACTICE,
        },
      },
    },

    review: {
      description: 'Review: the questions due by spaced repetition (FSRS).',
      initial: 'intro',
      // Asked once per visit: whether the server has anything to practise in this mode now.
      invoke: askWhetherAvailable('review'),
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: {
          description:
            'The intro with start and back; start is refused once the server said there is nothing to practise.',
          ...introState('starting', true),
        },
        starting: {
          description: 'A review session is started; an empty list means nothing is due.',
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'startReview',
            src: 'startReview',
            input: { questions_count: REVIEW_QUESTIONS_COUNT },
            onDone: [
              practiseWhenAny((output: StartedSession) => sessionRun('review', output, null)),
              leaveWith('nothingToReview'),
            ],
            onError: failedIn('intro', 'reviewStartFailed'),
          },
        },
        practice: {
          description: 'The due questions; back leaves to the mode selection.',
          ...PRACTICE,
        },
      },
    },

    bookmarked: {
      description: 'Bookmarked: the questions the learner starred, the most recent first.',
      initial: 'intro',
      // Asked once per visit, as weak spots and review ask: whether any question is starred.
      invoke: {
        id: 'hasBookmarks',
        src: 'hasBookmarks',
        onDone: {
          actions: { type: 'setAvailable', params: ({ event }) => ({ available: event.output }) },
        },
        onError: logFailure('hasBookmarks'),
      },
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: {
          description:
            'The intro with start and back; start is refused once the bookmarks are known to be none.',
          ...introState('starting', true),
        },
        starting: {
          description: 'The starred questions are requested; an empty list means none are starred.',
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'getBookmarkedQuestions',
            src: 'getBookmarkedQuestions',
            onDone: [
              practiseWhenAny((output: QuestionSet) => plainRun('bookmarked', output.questions)),
              alertIn('intro', 'noBookmarks'),
            ],
            onError: failedIn('intro', 'bookmarkedStartFailed'),
          },
        },
        practice: {
          description: 'The starred questions; back leaves to the mode selection.',
          ...PRACTICE,
        },
      },
    },
    'study-plan': {
      description:
        'Study plan: the questions whose study would raise the pass probability most (GET /readiness).',
      initial: 'intro',
      on: { 'user.back': { target: 'selection', actions: 'leaveMode' } },
      states: {
        intro: { description: 'The intro with start and back.', ...introState('starting') },
        starting: {
          description:
            'A study plan session is started; an empty list means nothing would raise it.',
          tags: ['screen:intro', 'status:loading'],
          invoke: {
            id: 'startStudyPlan',
            src: 'startStudyPlan',
            input: { questions_count: STUDY_PLAN_QUESTIONS_COUNT },
            onDone: [
              practiseWhenAny((output: StartedSession) => sessionRun('study-plan', output, null)),
              alertIn('intro', 'noStudyPlan'),
            ],
            onError: failedIn('intro', 'studyPlanStartFailed'),
          },
        },
        practice: {
          description: 'The study plan questions; back leaves to the mode selection.',
          ...PRACTICE,
        },
      },
    },
  },
});

export type TrainingMachine = typeof trainingMachine;
