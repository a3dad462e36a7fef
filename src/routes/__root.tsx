import { createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../ui/layout/AppLayout';
import { ErrorScreen, NotFoundScreen } from '../ui/layout/screens';
import type { RouterContext } from './-components/router-context';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: AppLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error, reset }) => <ErrorScreen error={error} reset={reset} />,
});
