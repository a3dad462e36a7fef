import { describe, expect, it } from 'vitest';
import { accountProblems, emailProblem, nameProblem, usernameProblem } from './account-fields';

describe('account field checks (the contract: Username, Email, Name)', () => {
  it('takes a username of Latin letters, digits and _ . @ + - up to 50 characters', () => {
    expect(usernameProblem('ada.l_1+x@y-z')).toBeNull();
    expect(usernameProblem('a'.repeat(50))).toBeNull();
    expect(usernameProblem('a'.repeat(51))).toEqual({ code: 'tooLong', max: 50 });
    expect(usernameProblem('')).toEqual({ code: 'required' });
    for (const bad of ['ada lovelace', 'ада', 'ada!', 'ada#1', 'naïve']) {
      expect(usernameProblem(bad), bad).toEqual({ code: 'usernameCharacters' });
    }
  });

  it('takes an e-mail address such as name@domain.tld up to 254 characters', () => {
    expect(emailProblem('ada@example.com')).toBeNull();
    expect(emailProblem('')).toEqual({ code: 'required' });
    for (const bad of ['ada', 'ada@example', 'ada@@example.com', 'a da@example.com', '@x.y']) {
      expect(emailProblem(bad), bad).toEqual({ code: 'email' });
    }
    const longest = `${'a'.repeat(64)}@${'b'.repeat(185)}.com`;
    expect(longest).toHaveLength(254);
    expect(emailProblem(longest)).toBeNull();
    expect(emailProblem(`a${longest}`)).toEqual({ code: 'tooLong', max: 254 });
  });

  it('counts characters, not UTF-16 units, as the server does', () => {
    expect(nameProblem('😀'.repeat(100), true)).toBeNull();
    expect(nameProblem('😀'.repeat(101), true)).toEqual({ code: 'tooLong', max: 100 });
  });

  it('requires names only where the form does', () => {
    expect(nameProblem('', true)).toEqual({ code: 'required' });
    expect(nameProblem('', false)).toBeNull();
    expect(accountProblems({ first_name: '', username: 'ada' }, { namesRequired: true })).toEqual({
      first_name: { code: 'required' },
    });
  });
});
