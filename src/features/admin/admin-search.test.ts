import { describe, expect, it } from 'vitest';
import { readAdminSearch } from './admin-route-search';
import { questionsSearch, usersSearch, validateAdminSearch } from './admin-search';

describe('the admin panel search', () => {
  it('keeps a known tab, a page on the questions and users tabs, and a size only on questions', () => {
    expect(validateAdminSearch({ tab: 'users' })).toEqual({ tab: 'users' });
    expect(validateAdminSearch({ tab: 'users', page: 3, size: 50 })).toEqual({
      tab: 'users',
      page: 3,
    });
    expect(validateAdminSearch({ tab: 'topics', page: 3 })).toEqual({ tab: 'topics' });
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
    expect(validateAdminSearch({ tab: 'tickets', search: 'stop', topic: 4 })).toEqual({
      tab: 'tickets',
    });
    expect(questionsSearch({ page: 3, pageSize: 50, search: 'знак', topicId: 2 })).toEqual({
      tab: 'questions',
      page: 3,
      size: 50,
      search: 'знак',
      topic: 2,
    });
  });

  it('keeps the users tab search and a role other than all, and nothing of the questions tab', () => {
    expect(
      validateAdminSearch({ tab: 'users', search: ' Анна ', role: 'admin', size: 50, topic: 4 }),
    ).toEqual({ tab: 'users', search: 'Анна', role: 'admin' });
    expect(validateAdminSearch({ tab: 'users', search: '  ', role: 'all' })).toEqual({
      tab: 'users',
    });
    expect(validateAdminSearch({ tab: 'users', role: 'owner' })).toEqual({ tab: 'users' });
    expect(validateAdminSearch({ tab: 'questions', role: 'user' })).toEqual({ tab: 'questions' });
    expect(usersSearch({ search: 'bea', role: 'user', page: 2 })).toEqual({
      tab: 'users',
      search: 'bea',
      role: 'user',
      page: 2,
    });
    expect(usersSearch({ search: '', role: 'all', page: 1 })).toEqual({ tab: 'users' });
  });

  it('keeps the open form of a tab that has one, new or by id, and drops any other', () => {
    expect(validateAdminSearch({ tab: 'questions', page: '2', edit: '12' })).toEqual({
      tab: 'questions',
      page: 2,
      edit: 12,
    });
    expect(validateAdminSearch({ tab: 'topics', edit: 'new' })).toEqual({
      tab: 'topics',
      edit: 'new',
    });
    for (const edit of ['0', '-3', '1.5', 'NEW', 'abc', '99999999999'])
      expect(validateAdminSearch({ tab: 'questions', edit })).toEqual({ tab: 'questions' });
    expect(validateAdminSearch({ tab: 'users', edit: 4 })).toEqual({ tab: 'users', edit: 4 });
    expect(validateAdminSearch({ tab: 'settings', edit: 'new' })).toEqual({
      tab: 'settings',
      edit: 'new',
    });
    expect(validateAdminSearch({ tab: 'tickets', edit: 4 })).toEqual({ tab: 'tickets' });
    expect(validateAdminSearch({ edit: 4 })).toEqual({});
    expect(questionsSearch({ page: 1, pageSize: 10, search: '', topicId: null }, 'new')).toEqual({
      tab: 'questions',
      edit: 'new',
    });
  });

  it('keeps in the route only names and whole numbers, which the panel then narrows', () => {
    const raw = readAdminSearch({
      tab: 'secrets',
      page: 'abc',
      size: '7',
      search: ' stop ',
      topic: '-1',
      role: 42,
      edit: 'NEW',
    });
    expect(raw).toEqual({ tab: 'secrets', size: 7, search: 'stop' });
    expect(validateAdminSearch(raw)).toEqual({});
    const questions = readAdminSearch({ tab: 'questions', page: '2', size: '50', edit: 'new' });
    // Nothing to narrow: the address stays as it is (the keys come in the same order).
    expect(JSON.stringify(validateAdminSearch(questions))).toBe(JSON.stringify(questions));
  });
});
