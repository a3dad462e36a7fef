import { createFileRoute } from '@tanstack/react-router';
import { TrainingPage } from '../../features/training/TrainingPage';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/training')({
  staticData: { title: 'nav.training' },
  loader: translations('training'),
  component: TrainingPage,
});
