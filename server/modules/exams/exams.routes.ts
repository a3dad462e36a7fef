import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';

export type ExamOperations = 'submitExam' | 'getExamHistory' | 'getExamStats' | 'getExamResult' | 'startExamSession' | 'completeExamSession';

const unfinished = async (): Promise<never> => {
  throw new HttpError(501, 'Not implemented yet');
};

/** Handlers of the exams operations. */
export function createExamHandlers(_deps: AppDeps): Pick<OperationHandlers, ExamOperations> {
  return {
    submitExam: unfinished,
    getExamHistory: unfinished,
    getExamStats: unfinished,
    getExamResult: unfinished,
    startExamSession: unfinished,
    completeExamSession: unfinished,
  };
}
