import { createFileRoute } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/LoginPage';
import { requireGuest, returnPath } from './-components/guards';
import { translations } from './-components/translations';

interface LoginSearch {
  /** The page a guest was sent here from, to return to once signed in. */
  redirect?: string;
}

export const Route = createFileRoute('/login')({
  staticData: { title: 'nav.login' },
  validateSearch: (search: Record<string, unknown>): LoginSearch => {
    const back = returnPath(search.redirect);
    return back ? { redirect: back } : {};
  },
  beforeLoad: ({ context, search }) => requireGuest(context.session, search.redirect),
  loader: translations('auth', 'parts'),
  component: function LoginRoute() {
    const { redirect } = Route.useSearch();
    return <LoginPage sentFromPage={redirect !== undefined} />;
  },
});
