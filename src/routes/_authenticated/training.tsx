import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { validateTrainingSearch } from '../../features/training/training-search';
import { trainingStepOf } from '../../features/training/training-step';
import { TrainingPage } from '../../features/training/TrainingPage';
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
    // What names no step (an unknown mode, a ticket without its mode) leaves the address.
    const stray = JSON.stringify(step) !== JSON.stringify(search);
    useEffect(() => {
      if (stray) void navigate({ search: trainingStepOf(search), replace: true });
    }, [stray, navigate, search]);
    return <TrainingPage step={step} />;
  },
});
