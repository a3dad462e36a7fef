import { createFileRoute, redirect } from '@tanstack/react-router';
import { unwrap, type QuestionPage } from '../../api';
import { QuestionsError } from '../../features/questions/QuestionsError';
import { QuestionsPage } from '../../features/questions/QuestionsPage';
import { loadNamespaces } from '../../i18n';
import { LoadingScreen } from '../../ui/layout/screens';

/** Questions per page; here, not beside the page: the loader is in the entry chunk, the page is not. */
const QUESTIONS_PAGE_SIZE = 40;

interface QuestionsSearch {
  page?: number;
}

export const Route = createFileRoute('/_authenticated/questions')({
  staticData: { title: 'nav.questions' },
  validateSearch: (search: Record<string, unknown>): QuestionsSearch => {
    const page = Number(search.page);
    return Number.isInteger(page) && page > 1 ? { page } : {};
  },
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: async ({ context, deps, abortController }): Promise<QuestionPage> => {
    const [data] = await Promise.all([
      unwrap(
        context.api.GET('/questions', {
          params: { query: { mode: 'all-questions', page: deps.page, limit: QUESTIONS_PAGE_SIZE } },
          signal: abortController.signal,
        }),
      ),
      loadNamespaces(context.i18n, ['questions']),
    ]);
    // mode=all-questions answers a page; the array form is the exam's mode=training.
    if (Array.isArray(data)) {
      return {
        questions: data,
        page: 1,
        limit: data.length,
        totalPages: 1,
        totalQuestions: data.length,
      };
    }
    // A page past the end (an old link, a shrunk bank) shows the last page instead of nothing.
    if (deps.page > data.totalPages && data.totalPages >= 1) {
      throw redirect({
        to: '/questions',
        search: data.totalPages > 1 ? { page: data.totalPages } : {},
        replace: true,
      });
    }
    return data;
  },
  pendingComponent: LoadingScreen,
  errorComponent: QuestionsError,
  component: function QuestionsRoute() {
    const data = Route.useLoaderData();
    const { page = 1 } = Route.useSearch();
    const navigate = Route.useNavigate();
    return (
      <QuestionsPage
        data={data}
        page={page}
        onPageChange={(next) => void navigate({ search: next > 1 ? { page: next } : {} })}
      />
    );
  },
});
