import type { components } from '../openapi/schema';

export type Question = components['schemas']['Question'];
export type QuestionPage = components['schemas']['QuestionPage'];

/** The page sizes the admin question list offers (spec section 9). */
export const ADMIN_PAGE_SIZES = [5, 10, 20, 50, 100] as const;
export type AdminPageSize = (typeof ADMIN_PAGE_SIZES)[number];
export const DEFAULT_ADMIN_PAGE_SIZE: AdminPageSize = 10;

/** What the injected `loadPage` actor is asked for. */
export interface PageRequest {
  page: number;
  limit: AdminPageSize;
}

export interface AdminQuestionsContext {
  /** The page asked for (1-based). */
  page: number;
  pageSize: AdminPageSize;
  /** The last page the server answered; kept while the next one loads. */
  data: QuestionPage | null;
}

export interface AdminQuestionsInput {
  page?: number;
  pageSize?: AdminPageSize;
}

export type AdminQuestionsEvent =
  | { type: 'user.goToPage'; page: number }
  | { type: 'user.nextPage' }
  | { type: 'user.previousPage' }
  | { type: 'user.setPageSize'; size: number }
  /** The bank changed (saved, deleted, imported) or the administrator asked to retry. */
  | { type: 'list.reload' }
  /** A question was added: it is listed last, so show that page. */
  | { type: 'list.added' };

export type AdminQuestionsTag = 'status:loading' | 'status:failed';
