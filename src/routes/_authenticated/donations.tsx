import { createFileRoute } from '@tanstack/react-router';
import { DonationsPage } from '../../features/pages/DonationsPage';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/donations')({
  staticData: { title: 'nav.donations' },
  loader: translations('pages'),
  component: DonationsPage,
});
