import { readId } from '../../lib/question-filter-search';

// Apart from the page: the route's search check is in the entry chunk, the page is not. It only
// reads the values' types; which modes exist is the page's to say (trainingStepOf).

/** /training's search as the URL holds it: `?mode=tickets&ticket=3`, `?mode=topics&topic=5`. */
export interface TrainingSearch {
  mode?: string;
  ticket?: number;
  topic?: number;
}

/** The search as the route keeps it: a mode's name, and whole ids; anything else is dropped. */
export function validateTrainingSearch(search: Record<string, unknown>): TrainingSearch {
  // Undefined, not left out, for what is dropped: the router would keep `?ticket=abc` as it came.
  return {
    mode: typeof search.mode === 'string' ? search.mode : undefined,
    ticket: readId(search.ticket),
    topic: readId(search.topic),
  };
}
