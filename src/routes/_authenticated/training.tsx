import { createFileRoute } from '@tanstack/react-router';
import { validateTrainingSearch } from '../../features/training/training-search';
import { TrainingPage } from '../../features/training/TrainingPage';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/training')({
  staticData: { title: 'nav.training' },
  // Where the learner is: `?mode=tickets&ticket=3`; Back returns to the step before.
  validateSearch: validateTrainingSearch,
  loader: translations('training'),
  component: function TrainingRoute() {
    return <TrainingPage step={Route.useSearch()} />;
  },
});
