import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { requireGuest } from './-components/guards';

export const Route = createFileRoute('/login')({
  beforeLoad: ({ context }) => requireGuest(context.auth),
  component: LoginPage,
});
