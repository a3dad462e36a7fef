import type { AppDeps } from '../../deps';
import { type OperationHandlers, requireCaller } from '../../http/operations';
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

/** Handlers of the training-modules operations; all data is the caller's own. */
export function createTrainingHandlers(deps: AppDeps): Pick<OperationHandlers, TrainingOperations> {
  const training = createTrainingService(deps);

  return {
    async listWeakSpots({ query, caller }) {
      return training.weakSpots(requireCaller(caller), query.limit ?? 50);
    },

    async getWeakSpotAnalysis({ caller }) {
      return training.weakSpotAnalysis(requireCaller(caller));
    },

    async getWeakSpotQuestions({ query, caller }) {
      return {
        questions: await training.weakSpotQuestions(requireCaller(caller), query.limit ?? 20),
      };
    },

    async updateWeakSpot({ body, caller }) {
      return training.recordTrainingAnswer(requireCaller(caller), body);
    },

    async createTrainingSession({ body, caller }) {
      return training.createSession(requireCaller(caller), body);
    },

    async listTrainingSessions({ query, caller }) {
      return training.listSessions(requireCaller(caller), {
        sessionType: query.session_type,
        limit: query.limit ?? 50,
      });
    },

    async updateTrainingSession({ params, body, caller }) {
      return training.updateSession(requireCaller(caller), params.id, body);
    },

    async getTrainingSessionStats({ caller }) {
      return training.sessionStats(requireCaller(caller));
    },

    async getRecommendedQuestions({ query, caller }) {
      // session_type is accepted for the client's sake; every mode gets the same priorities.
      return {
        questions: await training.recommendedQuestions(requireCaller(caller), query.count ?? 10),
      };
    },

    async getDailyChallenge({ caller }) {
      return training.dailyChallenge(requireCaller(caller));
    },

    async startExpressTest({ body, caller }) {
      return training.startExpressTest(requireCaller(caller), body);
    },

    async startMarathon({ body, caller }) {
      return training.startMarathon(requireCaller(caller), body);
    },

    async getReviewQuestions({ query, caller }) {
      return training.reviewQuestions(requireCaller(caller), query.limit ?? 20);
    },

    async startReview({ query, caller }) {
      return training.startReview(requireCaller(caller), query.questions_count ?? 20);
    },

    async listTrainingModes({ caller }) {
      return training.trainingModes(requireCaller(caller));
    },
  };
}
