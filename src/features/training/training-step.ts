import { TRAINING_MODES, type TrainingStep } from '../../../machines/training.types';
import type { TrainingSearch } from './training-search';

/**
 * The step of /training its URL names: an unknown mode leaves the mode cards; a ticket or
 * topic that does not go with the mode leaves that mode's list.
 */
export function trainingStepOf(search: TrainingSearch): TrainingStep {
  const mode = TRAINING_MODES.find((known) => known === search.mode);
  return {
    mode,
    ticket: mode === 'tickets' ? search.ticket : undefined,
    topic: mode === 'topics' ? search.topic : undefined,
  };
}
