import { fromPromise, type ActorRefFrom } from 'xstate';
import { practiceMachine } from '../../../machines/practice.machine';
import type {
  SessionRecordInput,
  SessionUpdateInput,
  WeakSpotUpdateInput,
} from '../../../machines/practice.types';
import { trainingMachine } from '../../../machines/training.machine';
import type {
  ExpressTestStart,
  MarathonStart,
  SessionType,
  StartedSession,
} from '../../../machines/training.types';
import { unwrap, type ApiClient } from '../../api';
import {
  dailyChallengeOnDevice,
  expressOnDevice,
  marathonOnDevice,
  orOnDevice,
  reviewOnDevice,
  studyPlanOnDevice,
} from '../../lib/offline-draw';
import { recordTrainingAnswer } from '../../lib/pending-answers';
import { WITH_ORIGINAL } from '../../lib/question-languages';
import { recordTrainingSession, updateTrainingSession } from '../../lib/pending-session-updates';
import { keepUnsentResult } from '../../lib/pending-results';
import { resultSubmission } from '../../lib/result-submission';
import { logCallFailure } from '../../lib/call-failure-log';

const logError = (_: unknown, params: { where: string; error: unknown }) => logCallFailure(params);

/**
 * The training and practice machines with every API call they make, in one place. A run's
 * result the server did not take is kept in the browser and sent again later, as in the exam,
 * and so are each answer's record (the learner's memory, topic progress and accuracy) and the
 * completion of the run's session.
 */
export function createTrainingLogic(api: ApiClient, { userId }: { userId: number }) {
  const practice = practiceMachine.provide({
    actors: {
      submitResult: resultSubmission(api, userId),
      // One the server did not take is kept and sent again with when it was answered.
      updateWeakSpot: fromPromise(({ input }: { input: WeakSpotUpdateInput }) =>
        recordTrainingAnswer(api, userId, input.body),
      ),
      // A run's completion the server did not take is kept and sent again.
      updateTrainingSession: fromPromise(({ input }: { input: SessionUpdateInput }) =>
        updateTrainingSession(api, userId, input.sessionId, input.body),
      ),
      // A run recorded once it is over the server did not take is kept whole and sent again,
      // under one key: the server records it once.
      recordTrainingSession: fromPromise(({ input }: { input: SessionRecordInput }) =>
        recordTrainingSession(api, userId, input),
      ),
    },
    actions: {
      storePendingResult: (_, params) => {
        keepUnsentResult(userId, params.submission, params.error);
      },
      logError,
    },
  });

  return trainingMachine.provide({
    actors: {
      loadTickets: fromPromise(async ({ signal }) => {
        const [tickets, stats] = await Promise.all([
          unwrap(api.GET('/training-tickets', { signal })),
          unwrap(api.GET('/training-tickets/stats/info', { signal })),
        ]);
        return { tickets, stats };
      }),
      loadTicketProgress: fromPromise(({ signal }) =>
        unwrap(api.GET('/training-tickets/progress', { signal })),
      ),
      loadTopicProgress: fromPromise(({ signal }) =>
        unwrap(api.GET('/training-topics/progress', { signal })),
      ),
      getTicketQuestions: fromPromise(
        ({ input, signal }: { input: { ticketNumber: number }; signal: AbortSignal }) =>
          unwrap(
            api.GET('/training-tickets/{ticket_number}', {
              params: { path: { ticket_number: input.ticketNumber }, query: WITH_ORIGINAL },
              signal,
            }),
          ),
      ),
      loadTopics: fromPromise(async ({ signal }) => {
        const [topics, stats] = await Promise.all([
          unwrap(api.GET('/training-topics', { signal })),
          unwrap(api.GET('/training-topics/stats/info', { signal })),
        ]);
        return { topics, stats };
      }),
      getTopicQuestions: fromPromise(
        ({ input, signal }: { input: { topicId: number }; signal: AbortSignal }) =>
          unwrap(
            api.GET('/training-topics/{id}/questions', {
              params: { path: { id: input.topicId }, query: WITH_ORIGINAL },
              signal,
            }),
          ),
      ),
      // With the server out of reach, the modes it draws are drawn from the kept course.
      startExpressTest: fromPromise(({ input }: { input: ExpressTestStart }) =>
        orOnDevice<StartedSession>(
          () =>
            unwrap(
              api.POST('/training-modules/express-test/start', {
                params: { query: WITH_ORIGINAL },
                body: input,
              }),
            ),
          () => expressOnDevice(api, input),
        ),
      ),
      getWeakSpotQuestions: fromPromise(
        ({ input, signal }: { input: { limit: number }; signal: AbortSignal }) =>
          unwrap(
            api.GET('/training-modules/weak-spots/questions', {
              params: { query: { limit: input.limit, ...WITH_ORIGINAL } },
              signal,
            }),
          ),
      ),
      startMarathon: fromPromise(({ input }: { input: MarathonStart }) =>
        orOnDevice<StartedSession>(
          () =>
            unwrap(
              api.POST('/training-modules/marathon/start', {
                params: { query: WITH_ORIGINAL },
                body: input,
              }),
            ),
          () => marathonOnDevice(api, input),
        ),
      ),
      getDailyChallenge: fromPromise(async ({ signal }) => {
        const load = () =>
          unwrap(
            api.GET('/training-modules/daily-challenge', {
              params: { query: WITH_ORIGINAL },
              signal,
            }),
          );
        // Offline the service worker answers with the last challenge it kept, maybe an earlier day's.
        return orOnDevice(
          async () => dailyChallengeOnDevice(api, userId, await load()),
          () => dailyChallengeOnDevice(api, userId, null),
        );
      }),
      getRecommendedQuestions: fromPromise(
        ({
          input,
          signal,
        }: {
          input: { session_type: SessionType; count: number };
          signal: AbortSignal;
        }) =>
          unwrap(
            api.GET('/training-modules/recommendations/questions', {
              params: { query: { ...input, ...WITH_ORIGINAL } },
              signal,
            }),
          ),
      ),
      getModes: fromPromise(({ signal }) => unwrap(api.GET('/training-modules/modes', { signal }))),
      getBookmarkedQuestions: fromPromise(({ signal }) =>
        unwrap(api.GET('/bookmarks/questions', { params: { query: WITH_ORIGINAL }, signal })),
      ),
      hasBookmarks: fromPromise(async ({ signal }) => {
        const starred = await unwrap(api.GET('/bookmarks/questions', { signal }));
        return starred.questions.length > 0;
      }),
      startStudyPlan: fromPromise(({ input }: { input: { questions_count: number } }) =>
        orOnDevice<StartedSession>(
          () =>
            unwrap(
              api.POST('/training-modules/study-plan/start', {
                params: { query: { questions_count: input.questions_count, ...WITH_ORIGINAL } },
              }),
            ),
          () => studyPlanOnDevice(api, input.questions_count),
        ),
      ),
      startReview: fromPromise(({ input }: { input: { questions_count: number } }) =>
        orOnDevice<StartedSession>(
          () =>
            unwrap(
              api.POST('/training-modules/review/start', {
                params: { query: { questions_count: input.questions_count, ...WITH_ORIGINAL } },
              }),
            ),
          () => reviewOnDevice(api),
        ),
      ),
      practice,
    },
    actions: { logError },
  });
}

export type TrainingLogic = ReturnType<typeof createTrainingLogic>;

/** The running training actor the screens render and `useTrainingUrl` steers. */
export type TrainingActor = ActorRefFrom<TrainingLogic>;
