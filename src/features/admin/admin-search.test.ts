import { describe, expect, it } from 'vitest';
import { questionsSearch, validateAdminSearch } from './admin-search';

describe('the admin panel search', () => {
  it('keeps a known tab, and a page and size only on the questions tab', () => {
    expect(validateAdminSearch({ tab: 'users' })).toEqual({ tab: 'users' });
    expect(validateAdminSearch({ tab: 'users', page: 3, size: 50 })).toEqual({ tab: 'users' });
    expect(validateAdminSearch({ tab: 'questions', page: '3', size: '50' })).toEqual({
      tab: 'questions',
      page: 3,
      size: 50,
    });
  });

  it('drops what is unknown, out of range or the default', () => {
    expect(validateAdminSearch({ tab: 'overview' })).toEqual({});
    expect(validateAdminSearch({ tab: 'secrets' })).toEqual({});
    expect(validateAdminSearch({ tab: 'questions', page: 0, size: 7 })).toEqual({
      tab: 'questions',
    });
    expect(validateAdminSearch({ tab: 'questions', page: 2.5, size: 10 })).toEqual({
      tab: 'questions',
    });
    expect(questionsSearch({ page: 1, pageSize: 10, search: '', topicId: null })).toEqual({
      tab: 'questions',
    });
  });

  it('keeps the questions tab search and topic beside page and size', () => {
    expect(
      validateAdminSearch({ tab: 'questions', page: '2', search: ' stop ', topic: '4' }),
    ).toEqual({ tab: 'questions', page: 2, search: 'stop', topic: 4 });
    expect(validateAdminSearch({ tab: 'users', search: 'stop', topic: 4 })).toEqual({
      tab: 'users',
    });
    expect(questionsSearch({ page: 3, pageSize: 50, search: 'знак', topicId: 2 })).toEqual({
      tab: 'questions',
      page: 3,
      size: 50,
      search: 'знак',
      topic: 2,
    });
  });
});
