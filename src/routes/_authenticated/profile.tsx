import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/ProfilePage';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/profile')({
  staticData: { title: 'nav.profile' },
  loader: translations('profile', 'auth', 'parts'),
  component: ProfilePage,
});
