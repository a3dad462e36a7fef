import type { AppDeps } from '../../deps';
import { type OperationHandlers, requireCaller } from '../../http/operations';
import { createReadinessService } from './readiness.service';

export type ReadinessOperations = 'getReadiness' | 'startStudyPlan';

/** Handlers of the readiness operations; all of it is the caller's own, in their course. */
export function createReadinessHandlers(
  deps: AppDeps,
): Pick<OperationHandlers, ReadinessOperations> {
  const readiness = createReadinessService(deps);
  return {
    async getReadiness({ caller }) {
      return readiness.readiness(requireCaller(caller));
    },

    async startStudyPlan({ query, caller }) {
      return readiness.startStudyPlan(requireCaller(caller), query.questions_count ?? 20);
    },
  };
}
