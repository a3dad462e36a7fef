import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';

export type TicketOperations = 'generateTickets' | 'listTickets' | 'getTicketQuestions' | 'deleteAllTickets' | 'getTicketStats';

const unfinished = async (): Promise<never> => {
  throw new HttpError(501, 'Not implemented yet');
};

/** Handlers of the tickets operations. */
export function createTicketHandlers(_deps: AppDeps): Pick<OperationHandlers, TicketOperations> {
  return {
    generateTickets: unfinished,
    listTickets: unfinished,
    getTicketQuestions: unfinished,
    deleteAllTickets: unfinished,
    getTicketStats: unfinished,
  };
}
