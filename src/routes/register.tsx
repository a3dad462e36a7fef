import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/RegisterPage';
import { requireGuest } from './-components/guards';
import { translations } from './-components/translations';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => requireGuest(context.auth),
  loader: translations('auth'),
  component: RegisterPage,
});
