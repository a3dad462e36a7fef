import { TRAINING_MODES, type TrainingStep } from '../../../machines/training.types';
import { readId } from '../../lib/question-filter-search';

// Apart from the page: the route's search check is in the entry chunk, the page is not.

/**
 * The step of /training as its URL keeps it: `?mode=express`, `?mode=tickets&ticket=3`,
 * `?mode=topics&topic=5`. An unknown mode leaves the mode cards; a ticket or topic that is not
 * a whole id, or does not go with the mode, leaves that mode's list.
 */
export function validateTrainingSearch(search: Record<string, unknown>): TrainingStep {
  const mode = TRAINING_MODES.find((known) => known === search.mode);
  // Undefined, not left out, for what is dropped: the router would keep `?ticket=abc` as it came.
  return {
    mode,
    ticket: mode === 'tickets' ? readId(search.ticket) : undefined,
    topic: mode === 'topics' ? readId(search.topic) : undefined,
  };
}
