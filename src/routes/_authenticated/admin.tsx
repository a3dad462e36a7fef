import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../../features/admin/AdminPage';
import {
  questionsSearch,
  tabSearch,
  usersSearch,
  validateAdminSearch,
} from '../../features/admin/admin-search';
import { readAdminSearch } from '../../features/admin/admin-route-search';
import { useFormHistory } from '../../features/admin/use-form-history';
import { DEFAULT_ADMIN_PAGE_SIZE } from '../../../machines/admin-questions.types';
import { useTidySearch } from '../../lib/use-tidy-search';
import { requireAdmin } from '../-components/guards';
import { translations } from '../-components/translations';

export const Route = createFileRoute('/_authenticated/admin')({
  staticData: { title: 'nav.admin' },
  validateSearch: readAdminSearch,
  beforeLoad: ({ context }) => requireAdmin(context.user),
  loader: translations('admin', 'auth', 'parts'),
  component: function AdminRoute() {
    const raw = Route.useSearch();
    const navigate = Route.useNavigate();
    const search = validateAdminSearch(raw);
    const form = useFormHistory();
    // A replaced entry keeps its history state: an open form's tells whether this tab opened it.
    useTidySearch(
      raw,
      search,
      (tidy) => void navigate({ search: tidy, replace: true, state: true }),
    );
    return (
      <AdminPage
        tab={search.tab ?? 'overview'}
        // A tab is a step Back returns from; a page of questions replaces the one before.
        onTabChange={(tab) => void navigate({ search: (now) => tabSearch(tab, now) })}
        questionsView={{
          page: search.page ?? 1,
          pageSize: search.size ?? DEFAULT_ADMIN_PAGE_SIZE,
          search: search.search ?? '',
          topicId: search.topic ?? null,
        }}
        onQuestionsViewChange={(view) =>
          void navigate({
            search: (now) => questionsSearch(view, now.edit, now.course),
            replace: true,
            state: true,
          })
        }
        // The open form is a step of its own, kept for a reload (or a sign-in after the session
        // ended) too: Back closes it onto the list, Forward opens it again.
        editing={search.edit ?? null}
        onEditingChange={(edit) => (edit === null ? form.close() : form.open(edit))}
        usersView={{
          search: search.search ?? '',
          role: search.role ?? 'all',
          page: search.page ?? 1,
        }}
        // A course chosen is a step Back returns from, and a fresh start: page one, no topic.
        bankCourse={search.course ?? null}
        onBankCourseChange={(course, replace) =>
          void navigate({
            search: (now) => validateAdminSearch({ tab: now.tab, course }),
            replace: replace ?? false,
          })
        }
        onUsersViewChange={(view) =>
          void navigate({
            search: (now) => usersSearch(view, now.edit),
            replace: true,
            state: true,
          })
        }
      />
    );
  },
});
