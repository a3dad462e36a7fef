// Apart from pending-results, which the app's frame loads on every page: XState comes only
// with the pages that run machines.
import { fromPromise } from 'xstate';
import type { components } from '../../openapi/schema';
import { unwrap, type ApiClient } from '../api';
import { keepUnsentResult } from './pending-results';

type ExamSubmission = components['schemas']['ExamSubmission'];

/**
 * The send of a finished exam's or run's result, as its machine's actor (whose
 * `storePendingResult` keeps what the server does not take). A machine stopped mid-send (its
 * page left, or a run resumed from storage and left for another step) hears no answer, so a
 * failure after that is kept here instead; the send itself goes on, and the result's
 * `client_id` makes the server save it once however often it comes. `settledUnheard` runs once
 * such a send is over, saved or kept: what the page kept of the work in progress (the copy a
 * reload resumes) is then out of date.
 */
export function resultSubmission(
  api: ApiClient,
  userId: number,
  settledUnheard?: (submission: ExamSubmission) => void,
) {
  return fromPromise(({ input, signal }: { input: ExamSubmission; signal: AbortSignal }) => {
    const sending = unwrap(api.POST('/exams/submit', { body: input }));
    sending.then(
      () => {
        if (signal.aborted) settledUnheard?.(input);
      },
      (error: unknown) => {
        if (!signal.aborted) return;
        keepUnsentResult(userId, input, error);
        settledUnheard?.(input);
      },
    );
    return sending;
  });
}
