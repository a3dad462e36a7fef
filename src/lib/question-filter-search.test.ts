import { describe, expect, it } from 'vitest';
import { questionFilterSearch, readQuestionFilter } from './question-filter-search';

describe('a question list search in the URL', () => {
  it('keeps a trimmed search, a number searched for and a whole topic id', () => {
    expect(readQuestionFilter({ search: '  главная дорога ', topic: '3' })).toEqual({
      search: 'главная дорога',
      topic: 3,
    });
    expect(readQuestionFilter({ search: 42 })).toEqual({ search: '42' });
  });

  it('drops an empty search and a topic that is no id, and cuts a long search to 200', () => {
    expect(readQuestionFilter({ search: '   ', topic: 0 })).toEqual({});
    expect(readQuestionFilter({ search: ['a'], topic: 1.5 })).toEqual({});
    expect(readQuestionFilter({ topic: 2147483648 })).toEqual({});
    expect(readQuestionFilter({ search: 'x'.repeat(300) }).search).toHaveLength(200);
  });

  it('leaves out what is not set', () => {
    expect(questionFilterSearch({ search: '', topicId: null })).toEqual({});
    expect(questionFilterSearch({ search: 'stop', topicId: 7 })).toEqual({
      search: 'stop',
      topic: 7,
    });
  });
});
