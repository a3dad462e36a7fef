import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { unwrap } from '../../api';
import { useApi } from '../../lib/api-context';
import { useAuth } from '../../lib/auth';
import { useCourses } from '../../lib/learner-course';
import { Button } from '../../ui/button/Button';
import { Badge } from '../../ui/card/Card';
import { useConfirm } from '../../ui/confirm/ConfirmDialog';
import { SelectField } from '../../ui/form/SelectField';
import { TextField } from '../../ui/form/TextField';
import { useNotify } from '../../ui/notifications/Notifications';
import { DataTable, type Column } from '../../ui/table/DataTable';
import type { AdminUser } from './admin-api';
import type { EditTarget, UserRoleFilter, UsersView } from './admin-search';
import * as styles from './admin.css';
import { ListEmptyState, ListPager, RowActions, YesNo } from './parts';
import { useAdminData } from './use-admin-data';
import { useAdminTask, useFailureMessage } from './use-admin-task';
import { UserFormModal } from './UserFormModal';
import { fullName } from '../../lib/person-name';
import { breakableAfter } from '../../ui/table/breakable';

/** Users a page shows: the API answers every match at once, so the pages are kept here. */
const USERS_PER_PAGE = 25;

/**
 * Users: search by username, e-mail or name, role filter, the table in pages of 25 (with each
 * user's course when there are several), add, edit and delete.
 */
export function UsersTab({
  initialView,
  onViewChange,
  editing,
  onEditingChange,
}: {
  initialView: UsersView;
  /** Told each search, role and page shown, so the URL can keep them. */
  onViewChange: (view: UsersView) => void;
  /** The user whose form is open (kept in the URL). */
  editing: EditTarget | null;
  onEditingChange: (editing: EditTarget | null) => void;
}) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const notify = useNotify();
  const { user: me } = useAuth();
  // With one course every user is in it: the column would say nothing.
  const listed = useCourses();
  const courses = listed && listed.length >= 2 ? listed : null;
  const failure = useFailureMessage();
  const { busy, run } = useAdminTask();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState(initialView.search);
  const [query, setQuery] = useState(initialView.search);
  const [role, setRole] = useState<UserRoleFilter>(initialView.role);
  const [page, setPage] = useState(initialView.page);

  // Searching waits for a pause in typing.
  useEffect(() => {
    const timer = window.setTimeout(() => setQuery(search.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  const viewChanged = useRef(onViewChange);
  viewChanged.current = onViewChange;
  // Told again once a form closes: its close went back to the list's entry, which holds the
  // view from before it opened (a search typed just before may have landed since).
  const formOpen = editing !== null;
  useEffect(
    () => viewChanged.current({ search: query, role, page }),
    [query, role, page, formOpen],
  );

  const users = useAdminData(
    `users:${role}:${query}`,
    (signal) =>
      unwrap(
        api.GET('/admin/users', {
          params: { query: { role, ...(query ? { search: query } : {}) } },
          signal,
        }),
      ),
    () => notify.error(t('errors.fetchAdminData')),
  );
  const all = users.data ?? [];
  const pages = Math.max(1, Math.ceil(all.length / USERS_PER_PAGE));
  // A new search starts at its first page; a list that shrank (a delete), or a page of the URL
  // beyond the list, comes back to a page that exists once the list is here.
  const [searched, setSearched] = useState(`${role}:${query}`);
  if (searched !== `${role}:${query}`) {
    setSearched(`${role}:${query}`);
    setPage(1);
  } else if (users.data && page > pages) {
    setPage(pages);
  }
  const shownPage = Math.min(page, pages);
  // A user just added: once the list that came after the save holds them, it shows their page.
  const [added, setAdded] = useState<{ id: number; listBefore: unknown } | null>(null);
  if (added && users.data && users.data !== added.listBefore) {
    setAdded(null);
    const index = all.findIndex((user) => user.id === added.id);
    if (index >= 0) setPage(Math.floor(index / USERS_PER_PAGE) + 1);
  }
  const first = (shownPage - 1) * USERS_PER_PAGE;
  const rows = all.slice(first, first + USERS_PER_PAGE);

  const remove = async (user: AdminUser) => {
    const confirmed = await confirm({
      title: t('users.deleteTitle'),
      // Their exam results, sessions and review memory are deleted with the account.
      message: t('confirm.deleteUser', { name: user.username }),
      confirmLabel: t('actions.delete'),
      cancelLabel: t('actions.cancel'),
    });
    if (!confirmed) return;
    const result = await run(
      `delete:${user.id}`,
      () => unwrap(api.DELETE('/admin/users/{id}', { params: { path: { id: user.id } } })),
      {
        success: () => t('success.userDeleted'),
        error: (error) => failure('errors.deleteUser', error),
      },
    );
    if (result.ok) users.reload();
  };

  const columns: Column<AdminUser>[] = [
    {
      key: 'username',
      header: t('users.username'),
      cell: (user) => (
        <strong className={styles.mono}>
          {user.username}
          {user.id === me?.id && <span className={styles.muted}> {t('users.you')}</span>}
        </strong>
      ),
    },
    {
      key: 'name',
      header: t('users.fullName'),
      cell: (user) => <span className={styles.breakAnywhere}>{fullName(user) || '—'}</span>,
    },
    {
      key: 'email',
      header: t('users.email'),
      cell: (user) => <span className={styles.wholeParts}>{breakableAfter(user.email, '@.')}</span>,
    },
    ...(courses
      ? [
          {
            key: 'course',
            header: t('users.course'),
            // None for a course made since the list was read (a deleted one's learners are
            // in the default course, and the users list read after says so).
            cell: (user: AdminUser) =>
              courses.find((course) => course.id === user.course_id)?.name ?? '—',
          },
        ]
      : []),
    {
      key: 'role',
      header: t('users.role'),
      cell: (user) => (
        <Badge className={user.is_admin ? styles.flag.admin : undefined}>
          {user.is_admin ? t('users.roles.admin') : t('users.roles.user')}
        </Badge>
      ),
    },
    { key: 'active', header: t('users.active'), cell: (user) => <YesNo value={user.is_active} /> },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (user) => (
        <RowActions
          editLabel={t('users.editNamed', { name: user.username })}
          deleteLabel={t('users.deleteNamed', { name: user.username })}
          onEdit={() => onEditingChange(user.id)}
          onDelete={() => void remove(user)}
          deleting={busy === `delete:${user.id}`}
          cannotDelete={user.id === me?.id ? t('users.cannotDeleteSelf') : undefined}
        />
      ),
    },
  ];

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <div className={styles.grow}>
          <TextField
            type="search"
            label={t('users.search')}
            placeholder={t('users.searchPlaceholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <SelectField
          className={styles.fixed}
          label={t('users.roleFilter')}
          value={role}
          onChange={(event) => setRole(event.target.value as UserRoleFilter)}
          options={[
            { value: 'all', label: t('users.roles.all') },
            { value: 'admin', label: t('users.roles.admin') },
            { value: 'user', label: t('users.roles.user') },
          ]}
        />
        <div className={styles.toolbarEnd}>
          <Button variant="secondary" onClick={users.reload} loading={users.loading}>
            {t('actions.refresh')}
          </Button>
          <Button onClick={() => onEditingChange('new')}>{t('users.add')}</Button>
        </div>
      </div>
      <p className={styles.muted} aria-live="polite">
        {users.data
          ? all.length > USERS_PER_PAGE
            ? t('users.showing', { total: all.length, from: first + 1, to: first + rows.length })
            : t('users.count', { total: all.length })
          : users.failed
            ? ''
            : t('common.loading')}
      </p>
      <DataTable
        caption={t('users.caption')}
        rows={rows}
        columns={columns}
        rowKey={(user) => user.id}
        empty={<ListEmptyState list={users} empty={t('users.empty')} />}
        busy={users.loading}
        testId="users-table"
      />
      {pages > 1 && (
        <ListPager
          label={t('users.pagination')}
          testId="users-page"
          page={shownPage}
          pages={pages}
          canPrevious={shownPage > 1}
          canNext={shownPage < pages}
          onPrevious={() => setPage(shownPage - 1)}
          onNext={() => setPage(shownPage + 1)}
          onGoTo={setPage}
        />
      )}
      <UserFormModal
        target={editing}
        onClose={() => onEditingChange(null)}
        onSaved={(saved) => {
          if (editing === 'new') setAdded({ id: saved.id, listBefore: users.data });
          onEditingChange(null);
          users.reload();
        }}
        onGone={() => users.reload()}
      />
      {dialog}
    </div>
  );
}
