import { createFileRoute } from '@tanstack/react-router';
import { LoadingScreen } from '../ui/layout/screens';
import { requireUser } from './-components/guards';

/**
 * Guards every signed-in page: 'Loading...' while the session restores, guests to /login. No
 * component: the route renders its child (an explicit Outlet would be split into a chunk of its
 * own that every signed-in page waits for).
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ context, location }) => requireUser(context.session, location.href),
  pendingComponent: LoadingScreen,
  pendingMs: 0,
  pendingMinMs: 0,
});
