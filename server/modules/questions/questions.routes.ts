import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';

export type QuestionOperations = 'listAdminQuestions' | 'createQuestion' | 'updateQuestion' | 'deleteQuestion' | 'importQuestionsCsv' | 'uploadQuestionImage' | 'deleteAllQuestions' | 'listQuestions' | 'getQuestionImage';

const unfinished = async (): Promise<never> => {
  throw new HttpError(501, 'Not implemented yet');
};

/** Handlers of the questions operations. */
export function createQuestionHandlers(_deps: AppDeps): Pick<OperationHandlers, QuestionOperations> {
  return {
    listAdminQuestions: unfinished,
    createQuestion: unfinished,
    updateQuestion: unfinished,
    deleteQuestion: unfinished,
    importQuestionsCsv: unfinished,
    uploadQuestionImage: unfinished,
    deleteAllQuestions: unfinished,
    listQuestions: unfinished,
    getQuestionImage: unfinished,
  };
}
