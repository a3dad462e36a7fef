import type { AppDeps } from '../../deps';
import { type OperationHandlers, requireCaller } from '../../http/operations';
import {
  createLearnerLanguage,
  createLearnerQuestions,
  createLearnerQuestionTexts,
} from '../questions/question-views';
import { createReadinessService } from './readiness.service';

export type ReadinessOperations = 'getReadiness' | 'startStudyPlan';

/** Handlers of the readiness operations; all of it is the caller's own, in their course. */
export function createReadinessHandlers(
  deps: AppDeps,
): Pick<OperationHandlers, ReadinessOperations> {
  const readiness = createReadinessService(deps);
  const inLearnersLanguage = createLearnerQuestions(deps);
  const textsInLearnersLanguage = createLearnerQuestionTexts(deps);
  const learnersLanguage = createLearnerLanguage(deps);
  return {
    async getReadiness({ caller, request }) {
      const learner = requireCaller(caller);
      const figures = await readiness.readiness(learner, await learnersLanguage(request, learner));
      // The questions to study next are read as the learner reads every question.
      return { ...figures, focus: await textsInLearnersLanguage(request, learner, figures.focus) };
    },

    async startStudyPlan({ query, caller, request }) {
      const learner = requireCaller(caller);
      const started = await readiness.startStudyPlan(learner, query.questions_count ?? 20);
      // In the learner's language, as every question a learner gets (see question-views).
      return {
        ...started,
        questions: await inLearnersLanguage(request, learner, started.questions, {
          withOriginal: query.with_original,
        }),
      };
    },
  };
}
