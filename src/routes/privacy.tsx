import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/pages/PrivacyPage';
import { translations } from './-components/translations';

export const Route = createFileRoute('/privacy')({
  staticData: { title: 'footer.privacy' },
  loader: translations('pages'),
  component: PrivacyPage,
});
