import { readId, readQuestionFilter } from '../../lib/question-filter-search';

// Apart from the panel: the route's search check is in the entry chunk, the panel is not. It
// only reads the values' types; which tabs, sizes and roles exist is the panel's to say
// (validateAdminSearch in admin-search.ts).

/** /admin's search as the URL holds it: `?tab=questions&page=2&size=50&search=stop&edit=12`. */
// A type, not an interface: it is read again as a Record by the panel's check.
export type AdminRouteSearch = {
  tab?: string;
  page?: number;
  size?: number;
  search?: string;
  topic?: number;
  role?: string;
  edit?: number | 'new';
  course?: number;
};

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The search as the route keeps it: names, whole numbers, and `new` or an id for `edit`. */
export function readAdminSearch(search: Record<string, unknown>): AdminRouteSearch {
  // Undefined, not left out, for what is dropped: the router would keep `?page=abc` as it came.
  return {
    tab: text(search.tab),
    page: readId(search.page),
    size: readId(search.size),
    ...readQuestionFilter(search),
    role: text(search.role),
    edit: search.edit === 'new' ? 'new' : readId(search.edit),
    course: readId(search.course),
  };
}
