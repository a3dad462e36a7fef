import { createFileRoute } from '@tanstack/react-router';
import { RegisterPage } from '../features/auth/RegisterPage';
import { requireGuest } from './-components/guards';

export const Route = createFileRoute('/register')({
  beforeLoad: ({ context }) => requireGuest(context.auth),
  component: RegisterPage,
});
