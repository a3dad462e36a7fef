import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';

export type TopicOperations = 'listTopics' | 'createTopic' | 'getTopic' | 'updateTopic' | 'deleteTopic' | 'getTopicQuestions' | 'deleteAllTopics' | 'importTopicsCsv' | 'exportTopicsCsv' | 'getTopicStats';

const unfinished = async (): Promise<never> => {
  throw new HttpError(501, 'Not implemented yet');
};

/** Handlers of the topics operations. */
export function createTopicHandlers(_deps: AppDeps): Pick<OperationHandlers, TopicOperations> {
  return {
    listTopics: unfinished,
    createTopic: unfinished,
    getTopic: unfinished,
    updateTopic: unfinished,
    deleteTopic: unfinished,
    getTopicQuestions: unfinished,
    deleteAllTopics: unfinished,
    importTopicsCsv: unfinished,
    exportTopicsCsv: unfinished,
    getTopicStats: unfinished,
  };
}
