import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { requireGuest } from './-components/guards';
import { translations } from './-components/translations';

export const Route = createFileRoute('/login')({
  staticData: { title: 'nav.login' },
  beforeLoad: ({ context }) => requireGuest(context.auth),
  loader: translations('auth'),
  component: LoginPage,
});
