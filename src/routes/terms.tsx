import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/pages/TermsPage';
import { translations } from './-components/translations';

export const Route = createFileRoute('/terms')({
  staticData: { title: 'footer.terms' },
  loader: translations('pages'),
  component: TermsPage,
});
