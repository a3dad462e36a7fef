import { MAX_QUESTION_SEARCH_LENGTH } from '../../machines/admin-questions.types';

export { MAX_QUESTION_SEARCH_LENGTH };
// The contract's integer range for ids.
const MAX_ID = 2147483647;

/** A whole id in the contract's range, or undefined (a URL's `?topic=` or `?edit=`). */
export function readId(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID ? id : undefined;
}

/** A question list's search and topic as a URL keeps them (`?search=stop&topic=3`). */
export interface QuestionFilterSearch {
  search?: string;
  topic?: number;
}

/**
 * The search and topic of a URL's search, as the question lists keep them: the text trimmed
 * and cut to what the API takes, a topic a whole id; anything else (or empty) is dropped.
 */
export function readQuestionFilter(search: Record<string, unknown>): QuestionFilterSearch {
  // A search for `150` or `true` comes back from the URL as a number or a boolean.
  const text = ['string', 'number', 'boolean'].includes(typeof search.search)
    ? String(search.search).trim().slice(0, MAX_QUESTION_SEARCH_LENGTH).trim()
    : '';
  // Each key is named, undefined when dropped: the router keeps a raw value (`?topic=`) under a
  // key the check leaves out.
  return {
    search: text || undefined,
    topic: readId(search.topic),
  };
}

/** The URL's form of a list's search (empty for none) and topic (null for all). */
export function questionFilterSearch(filter: {
  search: string;
  topicId: number | null;
}): QuestionFilterSearch {
  return readQuestionFilter({ search: filter.search, topic: filter.topicId ?? undefined });
}
