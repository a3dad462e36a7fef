import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../features/admin/AdminPage';
import {
  questionsSearch,
  usersSearch,
  validateAdminSearch,
} from '../../features/admin/admin-search';
import { readAdminSearch } from '../../features/admin/admin-route-search';
import { DEFAULT_ADMIN_PAGE_SIZE } from '../../../machines/admin-questions.types';
import { useTidySearch } from '../../lib/use-tidy-search';
import { requireAdmin } from '../-components/guards';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/admin')({
  staticData: { title: 'nav.admin' },
  validateSearch: readAdminSearch,
  beforeLoad: ({ context }) => requireAdmin(context.user),
  loader: translations('admin', 'auth'),
  component: function AdminRoute() {
    const raw = Route.useSearch();
    const navigate = Route.useNavigate();
    const search = validateAdminSearch(raw);
    useTidySearch(raw, search, (tidy) => void navigate({ search: tidy, replace: true }));
    return (
      <AdminPage
        tab={search.tab ?? 'overview'}
        // A tab is a step Back returns from; a page of questions replaces the one before.
        onTabChange={(tab) => void navigate({ search: tab === 'overview' ? {} : { tab } })}
        questionsView={{
          page: search.page ?? 1,
          pageSize: search.size ?? DEFAULT_ADMIN_PAGE_SIZE,
          search: search.search ?? '',
          topicId: search.topic ?? null,
        }}
        onQuestionsViewChange={(view) =>
          void navigate({ search: (now) => questionsSearch(view, now.edit), replace: true })
        }
        // The open form is kept for a reload (or a sign-in after the session ended), not as a
        // step of its own: Back leaves the tab, the form's changes stay kept in the tab.
        editing={search.edit ?? null}
        onEditingChange={(edit) =>
          void navigate({ search: (now) => ({ ...now, edit: edit ?? undefined }), replace: true })
        }
        usersView={{ search: search.search ?? '', role: search.role ?? 'all' }}
        onUsersViewChange={(view) =>
          void navigate({ search: (now) => usersSearch(view, now.edit), replace: true })
        }
      />
    );
  },
});
