import { createFileRoute } from '@tanstack/react-router';
import { validateTrainingSearch } from '../../features/training/training-search';
import { trainingStepOf } from '../../features/training/training-step';
import { TrainingPage } from '../../features/training/TrainingPage';
import { useTidySearch } from '../../lib/use-tidy-search';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/training')({
  staticData: { title: 'nav.training' },
  // Where the learner is: `?mode=tickets&ticket=3`; Back returns to the step before.
  validateSearch: validateTrainingSearch,
  loader: translations('training'),
  component: function TrainingRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    const step = trainingStepOf(search);
    useTidySearch(search, step, (tidy) => void navigate({ search: tidy, replace: true }));
    return <TrainingPage step={step} />;
  },
});
