import { createFileRoute } from '@tanstack/react-router';
import { TrainingPage } from '../../features/training/TrainingPage';

export const Route = createFileRoute('/_authenticated/training')({ component: TrainingPage });
