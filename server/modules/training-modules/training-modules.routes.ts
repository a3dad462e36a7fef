import type { AppDeps } from '../../deps';
import { type OperationHandlers, requireCaller } from '../../http/operations';
import {
  createLearnerLanguage,
  createLearnerQuestions,
  createLearnerQuestionTexts,
} from '../questions/question-views';
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
  // Every question a mode hands out comes in the learner's language (see question-views).
  const inLearnersLanguage = createLearnerQuestions(deps);
  const textsInLearnersLanguage = createLearnerQuestionTexts(deps);
  const learnersLanguage = createLearnerLanguage(deps);

  return {
    async listWeakSpots({ query, caller, request }) {
      const learner = requireCaller(caller);
      return textsInLearnersLanguage(
        request,
        learner,
        await training.weakSpots(
          learner,
          query.limit ?? 50,
          await learnersLanguage(request, learner),
        ),
      );
    },

    async getWeakSpotAnalysis({ caller, request }) {
      const learner = requireCaller(caller);
      return training.weakSpotAnalysis(learner, await learnersLanguage(request, learner));
    },

    async getWeakSpotQuestions({ query, caller, request }) {
      const learner = requireCaller(caller);
      const questions = await training.weakSpotQuestions(learner, query.limit ?? 20);
      return {
        questions: await inLearnersLanguage(request, learner, questions, {
          withOriginal: query.with_original,
        }),
      };
    },

    async updateWeakSpot({ body, caller, request }) {
      return training.recordTrainingAnswer(requireCaller(caller), body, request.revisions);
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

    async getRecommendedQuestions({ query, caller, request }) {
      const learner = requireCaller(caller);
      // session_type is accepted for the client's sake; every mode gets the same priorities.
      const questions = await training.recommendedQuestions(learner, query.count ?? 10);
      return {
        questions: await inLearnersLanguage(request, learner, questions, {
          withOriginal: query.with_original,
        }),
      };
    },

    async getDailyChallenge({ caller, query, request }) {
      const learner = requireCaller(caller);
      const challenge = await training.dailyChallenge(learner);
      const withOriginal = query?.with_original;
      return {
        ...challenge,
        questions: await inLearnersLanguage(request, learner, challenge.questions, {
          withOriginal,
        }),
      };
    },

    async startExpressTest({ body, caller, query, request }) {
      const learner = requireCaller(caller);
      const started = await training.startExpressTest(learner, body);
      return {
        ...started,
        questions: await inLearnersLanguage(request, learner, started.questions, {
          withOriginal: query?.with_original,
        }),
      };
    },

    async startMarathon({ body, caller, query, request }) {
      const learner = requireCaller(caller);
      const started = await training.startMarathon(learner, body);
      return {
        ...started,
        questions: await inLearnersLanguage(request, learner, started.questions, {
          withOriginal: query?.with_original,
        }),
      };
    },

    async getReviewQuestions({ query, caller, request }) {
      const learner = requireCaller(caller);
      const due = await training.reviewQuestions(learner, query.limit ?? 20);
      return {
        ...due,
        questions: await inLearnersLanguage(request, learner, due.questions, {
          withOriginal: query.with_original,
        }),
      };
    },

    async startReview({ query, caller, request }) {
      const learner = requireCaller(caller);
      const started = await training.startReview(learner, query.questions_count ?? 20);
      return {
        ...started,
        questions: await inLearnersLanguage(request, learner, started.questions, {
          withOriginal: query.with_original,
        }),
      };
    },

    async listTrainingModes({ caller }) {
      return training.trainingModes(requireCaller(caller));
    },
  };
}
