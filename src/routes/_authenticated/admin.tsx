import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../features/admin/AdminPage';
import { requireAdmin } from '../-components/guards';

export const Route = createFileRoute('/_authenticated/admin')({
  beforeLoad: ({ context }) => requireAdmin(context.user),
  component: AdminPage,
});
