import {
  ADMIN_PAGE_SIZES,
  DEFAULT_ADMIN_PAGE_SIZE,
  type AdminPageSize,
} from '../../../machines/admin-questions.types';
import {
  readId,
  readQuestionFilter,
  type QuestionFilterSearch,
} from '../../lib/question-filter-search';

// The panel's reading of the route's search (admin-route-search.ts keeps only the types).

export const ADMIN_TABS = [
  'overview',
  'users',
  'courses',
  'questions',
  'tickets',
  'topics',
  'settings',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

/** The tabs that act on one course's bank, chosen above them when there are several courses. */
export const BANK_TABS = ['questions', 'tickets', 'topics'] as const satisfies readonly AdminTab[];
export type BankTab = (typeof BANK_TABS)[number];
export const isBankTab = (tab: AdminTab): tab is BankTab =>
  (BANK_TABS as readonly AdminTab[]).includes(tab);

/**
 * Where the administrator is, kept in the URL so that a reload or a shared link returns there
 * and Back goes to the tab before: `?tab=questions&page=2&size=50&search=stop&topic=3`.
 * Defaults are left out.
 */
export interface AdminSearch extends QuestionFilterSearch {
  tab?: Exclude<AdminTab, 'overview'>;
  /** The questions or users tab's page, from 2. */
  page?: number;
  /** The questions tab's page size, when not the default. */
  size?: AdminPageSize;
  /** The users tab's role filter, when not all. */
  role?: UserRoleFilter;
  /** The open form of the courses, questions, topics, users or settings tab: an id, or new. */
  edit?: EditTarget;
  /** The course whose bank the questions, tickets and topics tabs show, when not the default. */
  course?: number;
}

/** What an admin form is open on: a stored record by id, or a new one. */
export type EditTarget = number | 'new';

/** The form named by `?edit=`: `new` or a record's id; anything else is no form. */
const readEditTarget = (value: unknown): EditTarget | undefined =>
  value === 'new' ? value : readId(value);

export const USER_ROLE_FILTERS = ['all', 'admin', 'user'] as const;
export type UserRoleFilter = (typeof USER_ROLE_FILTERS)[number];

/** The users tab's search, role filter and page. */
export interface UsersView {
  search: string;
  role: UserRoleFilter;
  page: number;
}

const isTab = (value: unknown): value is AdminTab =>
  (ADMIN_TABS as readonly unknown[]).includes(value);
const isPageSize = (value: unknown): value is AdminPageSize =>
  (ADMIN_PAGE_SIZES as readonly unknown[]).includes(value);

/** The search as the route keeps it: anything unknown or out of range is dropped. */
export function validateAdminSearch(search: Record<string, unknown>): AdminSearch {
  const tab = isTab(search.tab) && search.tab !== 'overview' ? search.tab : undefined;
  const questions = tab === 'questions';
  const users = tab === 'users';
  const page = readId(search.page);
  const size = Number(search.size);
  const filter = readQuestionFilter(search);
  // Undefined, not left out, for what is dropped: the router would keep `?page=abc` as it came.
  return {
    tab,
    page: (questions || users) && page! > 1 ? page : undefined,
    size: questions && isPageSize(size) && size !== DEFAULT_ADMIN_PAGE_SIZE ? size : undefined,
    search: questions || users ? filter.search : undefined,
    topic: questions ? filter.topic : undefined,
    role: users
      ? USER_ROLE_FILTERS.find((known) => known !== 'all' && known === search.role)
      : undefined,
    // Every tab but the overview and tickets has a form.
    edit: tab && tab !== 'tickets' ? readEditTarget(search.edit) : undefined,
    course: tab && isBankTab(tab) ? readId(search.course) : undefined,
  };
}

/** The users tab's search, role, page and open form as the URL's search holds them. */
export function usersSearch(view: UsersView, edit?: EditTarget): AdminSearch {
  return validateAdminSearch({ tab: 'users', ...view, edit });
}

/**
 * Another tab: the course chosen above the bank tabs goes along from one of them to another,
 * and the rest of the tab's place (page, search, open form) stays behind.
 */
export function tabSearch(tab: AdminTab, now: { course?: number }): AdminSearch {
  if (tab === 'overview') return {};
  return validateAdminSearch({ tab, course: isBankTab(tab) ? now.course : undefined });
}

/** The questions tab's page, size, search, topic and open form as the URL's search holds them. */
export function questionsSearch(
  view: { page: number; pageSize: AdminPageSize; search: string; topicId: number | null },
  edit?: EditTarget,
  course?: number,
): AdminSearch {
  return validateAdminSearch({
    tab: 'questions',
    page: view.page,
    size: view.pageSize,
    search: view.search,
    topic: view.topicId ?? undefined,
    edit,
    course,
  });
}
