import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';

export type TrainingOperations = 'listWeakSpots' | 'getWeakSpotAnalysis' | 'getWeakSpotQuestions' | 'updateWeakSpot' | 'createTrainingSession' | 'listTrainingSessions' | 'updateTrainingSession' | 'getTrainingSessionStats' | 'getRecommendedQuestions' | 'getDailyChallenge' | 'startExpressTest' | 'startMarathon' | 'getReviewQuestions' | 'startReview' | 'listTrainingModes';

const unfinished = async (): Promise<never> => {
  throw new HttpError(501, 'Not implemented yet');
};

/** Handlers of the training-modules operations. */
export function createTrainingHandlers(_deps: AppDeps): Pick<OperationHandlers, TrainingOperations> {
  return {
    listWeakSpots: unfinished,
    getWeakSpotAnalysis: unfinished,
    getWeakSpotQuestions: unfinished,
    updateWeakSpot: unfinished,
    createTrainingSession: unfinished,
    listTrainingSessions: unfinished,
    updateTrainingSession: unfinished,
    getTrainingSessionStats: unfinished,
    getRecommendedQuestions: unfinished,
    getDailyChallenge: unfinished,
    startExpressTest: unfinished,
    startMarathon: unfinished,
    getReviewQuestions: unfinished,
    startReview: unfinished,
    listTrainingModes: unfinished,
  };
}
