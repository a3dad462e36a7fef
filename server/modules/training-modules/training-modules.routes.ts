import type { AppDeps } from '../../deps';
import { UnauthorizedError } from '../../http/errors';
import type { Caller, OperationHandlers } from '../../http/operations';
import { createTrainingService } from './training-modules.service';

export type TrainingOperations =
  | 'listWeakSpots'
  | 'getWeakSpotAnalysis'
  | 'getWeakSpotQuestions'
  | 'updateWeakSpot'
  | 'createTrainingSession'
  | 'listTrainingSessions'
  | 'updateTrainingSession'
  | 'getTrainingSessionStats'
  | 'getRecommendedQuestions'
  | 'getDailyChallenge'
  | 'startExpressTest'
  | 'startMarathon'
  | 'getReviewQuestions'
  | 'startReview'
  | 'listTrainingModes';

/** Every training operation needs a learner; the contract's security already refused guests. */
function learnerId(caller: Caller | null): number {
  if (!caller) throw new UnauthorizedError();
  return caller.id;
}

/** Handlers of the training-modules operations; all data is the caller's own. */
export function createTrainingHandlers(deps: AppDeps): Pick<OperationHandlers, TrainingOperations> {
  const training = createTrainingService(deps);

  return {
    async listWeakSpots({ query, caller }) {
      return training.weakSpots(learnerId(caller), query.limit ?? 50);
    },

    async getWeakSpotAnalysis({ caller }) {
      return training.weakSpotAnalysis(learnerId(caller));
    },

    async getWeakSpotQuestions({ query, caller }) {
      return { questions: await training.weakSpotQuestions(learnerId(caller), query.limit ?? 20) };
    },

    async updateWeakSpot({ body, caller }) {
      return training.recordTrainingAnswer(learnerId(caller), body);
    },

    async createTrainingSession({ body, caller }) {
      return training.createSession(learnerId(caller), body);
    },

    async listTrainingSessions({ query, caller }) {
      return training.listSessions(learnerId(caller), {
        sessionType: query.session_type,
        limit: query.limit ?? 50,
      });
    },

    async updateTrainingSession({ params, body, caller }) {
      return training.updateSession(learnerId(caller), params.id, body);
    },

    async getTrainingSessionStats({ caller }) {
      return training.sessionStats(learnerId(caller));
    },

    async getRecommendedQuestions({ query, caller }) {
      // session_type is accepted for the client's sake; every mode gets the same priorities.
      return {
        questions: await training.recommendedQuestions(learnerId(caller), query.count ?? 10),
      };
    },

    async getDailyChallenge({ caller }) {
      return training.dailyChallenge(learnerId(caller));
    },

    async startExpressTest({ body, caller }) {
      return training.startExpressTest(learnerId(caller), body);
    },

    async startMarathon({ body, caller }) {
      return training.startMarathon(learnerId(caller), body);
    },

    async getReviewQuestions({ query, caller }) {
      return training.reviewQuestions(learnerId(caller), query.limit ?? 20);
    },

    async startReview({ query, caller }) {
      return training.startReview(learnerId(caller), query.questions_count ?? 20);
    },

    async listTrainingModes({ caller }) {
      return training.trainingModes(learnerId(caller));
    },
  };
}
