import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../features/admin/AdminPage';
import { requireAdmin } from '../-components/guards';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/admin')({
  staticData: { title: 'nav.admin' },
  beforeLoad: ({ context }) => requireAdmin(context.user),
  loader: translations('admin', 'auth'),
  component: AdminPage,
});
