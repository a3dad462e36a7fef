import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage } from '../../features/dashboard/DashboardPage';
import { loadDashboardData, loadReadiness } from '../../features/dashboard/dashboard-data';
import { loadNamespaces } from '../../i18n';
import { readId } from '../../lib/question-filter-search';

/** `?review=12`: the past exam whose review is open, so Back closes it and a reload keeps it. */
interface DashboardSearch {
  review?: number;
}

export const Route = createFileRoute('/_authenticated/dashboard')({
  // The loader comes in the page's chunk (see questions.tsx): a first visit has the chunk named
  // in the page's head, fetched beside the entry; later ones find it in the service worker's cache.
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  staticData: { title: 'nav.dashboard' },
  validateSearch: (search: Record<string, unknown>): DashboardSearch => ({
    review: readId(search.review),
  }),
  loader: async ({ context }) => {
    // The figures are fetched beside the page's strings; the page does not wait for them (it
    // shows chart skeletons, or an error card, until they settle).
    const data = loadDashboardData(context.api);
    const readiness = loadReadiness(context.api);
    // Shown by the page; a preloaded page that is never opened leaves no unhandled rejection.
    void data.catch(() => undefined);
    void readiness.catch(() => undefined);
    await loadNamespaces(context.i18n, ['dashboard', 'parts']);
    return { data, readiness };
  },
  component: function DashboardRoute() {
    const { data, readiness } = Route.useLoaderData();
    const { review } = Route.useSearch();
    return <DashboardPage data={data} readiness={readiness} reviewId={review ?? null} />;
  },
});
