import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ApiError, unwrap, type QuestionPage } from '../../api';
import { QuestionsError } from '../../features/questions/QuestionsError';
import { QuestionsPage } from '../../features/questions/QuestionsPage';
import { loadNamespaces } from '../../i18n';
import {
  questionFilterSearch,
  readQuestionFilter,
  type QuestionFilterSearch,
} from '../../lib/question-filter-search';
import { LoadingScreen } from '../../ui/layout/screens';
import { WITH_ORIGINAL, useReloadOnContentLanguage } from '../../lib/question-languages';

/** A page of questions, or why none could be loaded. */
type QuestionsLoad = { data: QuestionPage; failure: undefined } | { data: null; failure: unknown };

/** Questions per page, asked of the server by the loader. */
const QUESTIONS_PAGE_SIZE = 40;
/** Where the learner is in the bank: `?search=stop&topic=3&page=2`; defaults are left out. */
interface QuestionsSearch extends QuestionFilterSearch {
  page?: number;
}

/** The search as the route keeps it: anything unknown, empty or out of range is dropped. */
function validateQuestionsSearch(search: Record<string, unknown>): QuestionsSearch {
  const page = Number(search.page);
  // Undefined, not left out, for a dropped page: the router would keep `?page=abc` as it came.
  return {
    page: Number.isInteger(page) && page > 1 ? page : undefined,
    ...readQuestionFilter(search),
  };
}

/**
 * Goes to another page or match of the bank once it is loaded: the list shown stays (dimmed,
 * with the search box and its focus) instead of giving way to the loading screen on a slow
 * link. Only the latest request is shown when several overlap.
 */
function useShowWhenLoaded() {
  const router = useRouter();
  const navigate = Route.useNavigate();
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const go = (search: QuestionsSearch) => {
    const request = ++latest.current;
    const isLatest = () => latest.current === request;
    setLoading(true);
    // A failed preload is left to the navigation, whose loader says why.
    void router
      .preloadRoute({ to: Route.fullPath, search })
      .catch(() => undefined)
      .then(() => (isLatest() ? navigate({ search }) : undefined))
      .finally(() => {
        if (isLatest()) setLoading(false);
      });
  };
  return { loading, go };
}

export const Route = createFileRoute('/_authenticated/questions')({
  // The loader comes in the page's chunk, fetched with it, rather than in the entry every
  // visitor downloads.
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  staticData: { title: 'nav.questions' },
  validateSearch: validateQuestionsSearch,
  loaderDeps: ({ search }) => ({
    page: search.page ?? 1,
    search: search.search ?? '',
    topic: search.topic ?? null,
  }),
  loader: async ({ context, deps, abortController }): Promise<QuestionsLoad> => {
    const [loaded] = await Promise.all([
      unwrap(
        context.api.GET('/questions', {
          params: {
            query: {
              mode: 'all-questions',
              page: deps.page,
              limit: QUESTIONS_PAGE_SIZE,
              ...(deps.search ? { search: deps.search } : {}),
              ...(deps.topic !== null ? { topic_id: deps.topic } : {}),
              ...WITH_ORIGINAL,
            },
          },
          signal: abortController.signal,
        }),
      ).then(
        (data) => ({ data }),
        // Shown under the search box by the page, which stays (with the box's focus and text).
        (failure: unknown) => ({ failure }),
      ),
      loadNamespaces(context.i18n, ['questions', 'parts']),
    ]);
    if ('failure' in loaded) {
      // A topic that is gone (an old link or bookmark): the whole bank, as a page past the end
      // shows the last page, rather than a failure no retry could mend.
      if (
        deps.topic !== null &&
        loaded.failure instanceof ApiError &&
        loaded.failure.status === 404
      ) {
        throw redirect({
          to: '/questions',
          search: (previous) => ({ ...previous, topic: undefined, page: undefined }),
          replace: true,
        });
      }
      return { data: null, failure: loaded.failure };
    }
    const { data } = loaded;
    // mode=all-questions answers a page; the array form is the exam's mode=training.
    if (Array.isArray(data)) {
      const page = {
        questions: data,
        page: 1,
        limit: data.length,
        totalPages: 1,
        totalQuestions: data.length,
      };
      return { data: page, failure: undefined };
    }
    // A page past the end (an old link, a shrunk bank) shows the last page instead of nothing.
    if (deps.page > data.totalPages && data.totalPages >= 1) {
      throw redirect({
        to: '/questions',
        search: (previous) => ({
          ...previous,
          page: data.totalPages > 1 ? data.totalPages : undefined,
        }),
        replace: true,
      });
    }
    return { data, failure: undefined };
  },
  pendingComponent: LoadingScreen,
  errorComponent: QuestionsError,
  component: function QuestionsRoute() {
    const { data, failure } = Route.useLoaderData();
    useReloadOnContentLanguage();
    const current = Route.useSearch();
    const { page = 1, search = '', topic } = current;
    const show = useShowWhenLoaded();
    return (
      <QuestionsPage
        data={data}
        failure={failure}
        page={page}
        search={search}
        topicId={topic ?? null}
        loading={show.loading}
        onPageChange={(next) => show.go({ ...current, page: next > 1 ? next : undefined })}
        // Other matches start from their first page.
        onFilterChange={(filter) => show.go(questionFilterSearch(filter))}
      />
    );
  },
});
