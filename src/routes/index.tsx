import { createFileRoute } from '@tanstack/react-router';
import { LandingPage } from '../features/pages/LandingPage';
import { translations } from './-components/translations';

export const Route = createFileRoute('/')({
  loader: translations('landing'),
  component: LandingPage,
});
