/**
 * The web tests' fake server answers with these fixtures: each must be what the real server
 * may send by the contract, or the screens are tested against shapes that never come.
 */
import { describe, expect, it } from 'vitest';
import { schemaViolation } from '../../tests/api/contract-conformance';
import {
  bankSizeRoute,
  courseFixture,
  numberSettingFixture,
  questionFixture,
  userFixture,
} from './render-app';

describe("the web tests' fixtures, by the contract", () => {
  it.each([
    ['User', userFixture()],
    ['User', userFixture({ is_admin: true, content_language: 'ru', last_login: null })],
    ['Course', courseFixture()],
    ['Course', courseFixture({ id: 2, language: 'ru', is_default: false })],
    ['Question', questionFixture()],
    ['Question', questionFixture({ answer_3: 'C', right_answers: '1,3', explanation: 'Why' })],
    ['Setting', numberSettingFixture('exam_question_count', '20')],
    ['QuestionPage', bankSizeRoute(200).body],
  ])('%s %#', (schema, fixture) => {
    expect(schemaViolation(schema, fixture)).toBeNull();
  });

  it('are checked: a fixture with a field of the wrong type is named', () => {
    expect(schemaViolation('User', { ...userFixture(), is_admin: 'no' })).toBe(
      '/is_admin must be boolean',
    );
  });
});
