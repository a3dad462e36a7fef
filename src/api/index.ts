export { createApiClient, unwrap, type ApiClient, type ApiClientOptions } from './client';
export {
  ApiError,
  apiErrorFrom,
  detailFrom,
  detailOf,
  fieldOf,
  fieldsOf,
  isUnreachable,
  noAnswerOf,
} from './errors';
export type { components, paths } from '../../openapi/schema';

import type { components } from '../../openapi/schema';

export type User = components['schemas']['User'];
export type Question = components['schemas']['Question'];
export type QuestionPage = components['schemas']['QuestionPage'];
export type ExamStats = components['schemas']['ExamStats'];
export type ExamResultSummary = components['schemas']['ExamResultSummary'];
export type ExamReview = components['schemas']['ExamReview'];
export type Setting = components['schemas']['Setting'];
export { tokenStorage, TOKEN_KEY } from './token-storage';
