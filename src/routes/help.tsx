import { createFileRoute } from '@tanstack/react-router';
import { HelpPage } from '../features/pages/HelpPage';
import { translations } from './-components/translations';

export const Route = createFileRoute('/help')({
  staticData: { title: 'footer.help' },
  loader: translations('pages'),
  component: HelpPage,
});
