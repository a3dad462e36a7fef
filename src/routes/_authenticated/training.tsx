import { createFileRoute } from '@tanstack/react-router';
import { validateTrainingSearch } from '../../features/training/training-search';
import { trainingStepOf } from '../../features/training/training-step';
import { TrainingPage } from '../../features/training/TrainingPage';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/training')({
  staticData: { title: 'nav.training' },
  // Where the learner is: `?mode=tickets&ticket=3`; Back returns to the step before.
  validateSearch: validateTrainingSearch,
  loader: translations('training', 'parts'),
  component: function TrainingRoute() {
    const search = Route.useSearch();
    const step = trainingStepOf(search);
    // What names no step leaves the address, by the page: it alone replaces the address (a run
    // kept in the browser may take it instead), so two replaces do not race.
    const stray = JSON.stringify(step) !== JSON.stringify(search);
    return <TrainingPage step={step} stray={stray} />;
  },
});
