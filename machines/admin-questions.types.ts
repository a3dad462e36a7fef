import type { components } from '../openapi/schema';
import type { ContentLanguage } from '../domain/question-languages';

export type Question = components['schemas']['Question'];
export type QuestionPage = components['schemas']['QuestionPage'];

/** The page sizes the admin question list offers (spec section 9). */
export const ADMIN_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const DEFAULT_ADMIN_PAGE_SIZE: AdminPageSize = 10;

/** The longest search the contract takes. */
export const MAX_QUESTION_SEARCH_LENGTH = 200;

/** What the injected `loadPage` actor is asked for; no search or topic means the whole bank. */
export interface PageRequest {
  page: number;
  limit: AdminPageSize;
  search?: string;
  topic_id?: number;
  /** Only the questions without a translation into this language. */
  missing_language?: ContentLanguage;
}

export interface AdminQuestionsContext {
  /** The page asked for (1-based). */
  page: number;
  pageSize: AdminPageSize;
  /** The text searched for, trimmed; empty for none. */
  search: string;
  /** Only this topic's questions; null for all. */
  topicId: number | null;
  /** Only the questions not yet translated into this language; null for all. */
  missingLanguage: ContentLanguage | null;
  /** The last page the server answered; kept while the next one loads. */
  data: QuestionPage | null;
}

export interface AdminQuestionsInput {
  page?: number;
  pageSize?: AdminPageSize;
  search?: string;
  topicId?: number | null;
  missingLanguage?: ContentLanguage | null;
}

export type AdminQuestionsEvent =
  | { type: 'user.goToPage'; page: number }
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.setPageSize'; size: number }
  /** New search text (it is trimmed; empty clears the search). */
  | { type: 'user.search'; search: string }
  /** A topic to list, or null for all of them. */
  | { type: 'user.filterTopic'; topicId: number | null }
  /** A language whose untranslated questions to list, or null for all of them. */
  | { type: 'user.filterMissingLanguage'; language: ContentLanguage | null }
  /** The bank changed (saved, deleted, imported) or the administrator asked to retry. */
  | { type: 'list.reload' }
  /** A question was added: it is listed last, so show that page. */
  | { type: 'list.added' };

export type AdminQuestionsTag = 'status:loading' | 'status:failed';
