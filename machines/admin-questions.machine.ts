import type { ContentLanguage } from '../domain/question-languages';
import { assign, fromPromise, setup } from 'xstate';
import {
  ADMIN_PAGE_SIZES,
  DEFAULT_ADMIN_PAGE_SIZE,
  type AdminPageSize,
  type AdminQuestionsContext,
  type AdminQuestionsEvent,
  type AdminQuestionsInput,
  type AdminQuestionsTag,
  MAX_QUESTION_SEARCH_LENGTH,
  type PageRequest,
  type QuestionPage,
} from './admin-questions.types';
import { notProvidedIn } from './not-provided';

// The highest page the contract takes: asking for it answers the last page's number.
const LAST_PAGE = 2147483647;

const notProvided = notProvidedIn('admin questions');

/** The page count as far as it is known; an empty bank still has page 1. */
export function pageCountOf(context: Pick<AdminQuestionsContext, 'data'>): number {
  return Math.max(1, context.data?.totalPages ?? 1);
}

/** A go-to-page value clamped to 1..pages (spec section 5: the admin input clamps, minimum 1). */
export function clampPage(page: number, pages: number): number {
  return Math.min(Math.max(1, Math.trunc(page)), Math.max(1, pages));
}

export function isAdminPageSize(size: number): size is AdminPageSize {
  return (ADMIN_PAGE_SIZES as readonly number[]).includes(size);
}

/** The page that keeps the first question on screen when the page size changes. */
export function pageKeepingFirstItem(page: number, from: number, to: number): number {
  return Math.floor(((page - 1) * from) / to) + 1;
}

/** Search text as sent: trimmed and cut to what the contract takes. */
export function searchTextOf(search: string): string {
  return search.trim().slice(0, MAX_QUESTION_SEARCH_LENGTH).trim();
}

/** The load request for the context: the filter's fields only when set. */
export function pageRequestOf(
  context: Pick<AdminQuestionsContext, 'page' | 'pageSize' | 'search' | 'topicId'> &
    Partial<Pick<AdminQuestionsContext, 'missingLanguage'>>,
): PageRequest {
  return {
    page: context.page,
    limit: context.pageSize,
    ...(context.search ? { search: context.search } : {}),
    ...(context.topicId !== null ? { topic_id: context.topicId } : {}),
    ...(context.missingLanguage ? { missing_language: context.missingLanguage } : {}),
  };
}

/**
 * A transition that loads again when `guard` lets the event through, after `action` has
 * applied it; both read the same params from the event.
 */
function reloadWhen<G extends string, A extends string, E, P>(
  guard: G,
  action: A,
  params: (args: { event: E }) => P,
) {
  return {
    guard: { type: guard, params },
    target: 'loading',
    reenter: true,
    actions: { type: action, params },
  } as const;
}

// The three states answer the same paging events; `reenter` restarts a load under way, so
// the answer to a page no longer wanted is never shown.
const paging = {
  'user.goToPage': reloadWhen(
    'isOtherPage',
    'goToPage',
    ({ event }: { event: { page: number } }) => ({
      page: event.page,
    }),
  ),
  'user.nextPage': { guard: 'hasNextPage', target: 'loading', reenter: true, actions: 'nextPage' },
  'user.previousPage': {
    guard: 'hasPreviousPage',
    target: 'loading',
    reenter: true,
    actions: 'previousPage',
  },
  'user.setPageSize': reloadWhen(
    'isNewPageSize',
    'setPageSize',
    ({ event }: { event: { size: number } }) => ({ size: event.size }),
  ),
  'user.search': reloadWhen(
    'isNewSearch',
    'setSearch',
    ({ event }: { event: { search: string } }) => ({
      search: event.search,
    }),
  ),
  'user.filterTopic': reloadWhen(
    'isOtherTopic',
    'setTopic',
    ({ event }: { event: { topicId: number | null } }) => ({ topicId: event.topicId }),
  ),
  'user.filterMissingLanguage': reloadWhen(
    'isOtherMissingLanguage',
    'setMissingLanguage',
    ({ event }: { event: { language: ContentLanguage | null } }) => ({
      language: event.language,
    }),
  ),
  'list.reload': { target: 'loading', reenter: true },
  'list.added': { target: 'loading', reenter: true, actions: 'goToPageOfNewQuestion' },
} as const;

/**
 * The admin question list: one page at a time, page sizes 5 to 100 (default 10), previous and
 * next, go-to-page clamped to 1..pages, a search, a topic filter and a missing-translation
 * filter (a change of any starts again from page 1), and reloads after the bank changes (to the page of a
 * question just added, so the administrator sees it). The page is loaded
 * by the injected `loadPage` actor; a failure is reported by the injected `reportLoadFailure`.
 */
export const adminQuestionsMachine = setup({
  types: {
    context: {} as AdminQuestionsContext,
    events: {} as AdminQuestionsEvent,
    input: {} as AdminQuestionsInput,
    tags: {} as AdminQuestionsTag,
  },
  actors: {
    loadPage: fromPromise<QuestionPage, PageRequest>(notProvided('loadPage')),
  },
  actions: {
    /** Shows 'Failed to fetch questions'. */
    reportLoadFailure: (_, _params: { error: unknown }) => {},
    goToPage: assign({
      page: ({ context }, params: { page: number }) => clampPage(params.page, pageCountOf(context)),
    }),
    nextPage: assign({ page: ({ context }) => context.page + 1 }),
    previousPage: assign({ page: ({ context }) => context.page - 1 }),
    setPageSize: assign(({ context }, params: { size: number }) => {
      const size = isAdminPageSize(params.size) ? params.size : context.pageSize;
      return { pageSize: size, page: pageKeepingFirstItem(context.page, context.pageSize, size) };
    }),
    /** Other matches start from their first page. */
    setSearch: assign((_, params: { search: string }) => ({
      search: searchTextOf(params.search),
      page: 1,
    })),
    setTopic: assign((_, params: { topicId: number | null }) => ({
      topicId: params.topicId,
      page: 1,
    })),
    setMissingLanguage: assign((_, params: { language: ContentLanguage | null }) => ({
      missingLanguage: params.language,
      page: 1,
    })),
    storePage: assign({ data: (_, params: { data: QuestionPage }) => params.data }),
    /**
     * A new question is listed last: the page it is on, which may be a page more than before.
     * It may not match a search or topic, so those are cleared; the whole bank's count is then
     * unknown, and a page past the end comes back as the last one (isPastLastPage).
     */
    goToPageOfNewQuestion: assign(({ context }) =>
      context.search === '' && context.topicId === null && context.missingLanguage === null
        ? {
            page: Math.max(
              1,
              Math.ceil(((context.data?.totalQuestions ?? 0) + 1) / context.pageSize),
            ),
          }
        : { search: '', topicId: null, missingLanguage: null, page: LAST_PAGE },
    ),
    moveToLastPage: assign({
      page: (_, params: { data: QuestionPage }) => Math.max(1, params.data.totalPages),
    }),
  },
  guards: {
    isOtherPage: ({ context }, params: { page: number }) =>
      Number.isFinite(params.page) && clampPage(params.page, pageCountOf(context)) !== context.page,
    hasNextPage: ({ context }) => context.page < pageCountOf(context),
    hasPreviousPage: ({ context }) => context.page > 1,
    isNewPageSize: ({ context }, params: { size: number }) =>
      isAdminPageSize(params.size) && params.size !== context.pageSize,
    isNewSearch: ({ context }, params: { search: string }) =>
      searchTextOf(params.search) !== context.search,
    isOtherTopic: ({ context }, params: { topicId: number | null }) =>
      params.topicId !== context.topicId,
    isOtherMissingLanguage: ({ context }, params: { language: ContentLanguage | null }) =>
      params.language !== context.missingLanguage,
    /**
     * The filter's topic is gone (an old link or bookmark): the server answered 404. The whole
     * bank is listed instead, as /questions does, rather than a failure no retry could mend.
     */
    isGoneTopic: ({ context }, params: { error: unknown }) =>
      context.topicId !== null &&
      typeof params.error === 'object' &&
      params.error !== null &&
      'status' in params.error &&
      params.error.status === 404,
    /** The bank shrank under the page asked for (the last question of the last page deleted). */
    isPastLastPage: ({ context }, params: { data: QuestionPage }) =>
      context.page > Math.max(1, params.data.totalPages),
  },
}).createMachine({
  id: 'adminQuestions',
  context: ({ input }) => ({
    page: Math.max(1, Math.trunc(input.page ?? 1)),
    pageSize: input.pageSize ?? DEFAULT_ADMIN_PAGE_SIZE,
    search: searchTextOf(input.search ?? ''),
    topicId: input.topicId ?? null,
    missingLanguage: input.missingLanguage ?? null,
    data: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The page is being fetched; the previous page stays on screen until it arrives.',
      tags: ['status:loading'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => pageRequestOf(context),
        onDone: [
          {
            guard: { type: 'isPastLastPage', params: ({ event }) => ({ data: event.output }) },
            target: 'loading',
            reenter: true,
            actions: [
              { type: 'storePage', params: ({ event }) => ({ data: event.output }) },
              { type: 'moveToLastPage', params: ({ event }) => ({ data: event.output }) },
            ],
          },
          {
            target: 'ready',
            actions: { type: 'storePage', params: ({ event }) => ({ data: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isGoneTopic', params: ({ event }) => ({ error: event.error }) },
            target: 'loading',
            reenter: true,
            actions: { type: 'setTopic', params: { topicId: null } },
          },
          {
            target: 'failed',
            actions: { type: 'reportLoadFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: paging,
    },
    ready: {
      description:
        'The page is shown; paging, a new page size, search, topic or missing language, or a change in the bank loads again.',
      on: paging,
    },
    failed: {
      description:
        'The page could not be loaded; the last good page (if any) stays, and any paging or reload retries.',
      tags: ['status:failed'],
      on: paging,
    },
  },
});

export type AdminQuestionsMachine = typeof adminQuestionsMachine;
