/**
 * The check every API test's answers go through (`helpers.ts`): it must catch an answer a
 * client of the contract would not expect, and let the documented ones by.
 */
import { describe, expect, it } from 'vitest';
import { contractViolation } from './contract-conformance';

const JSON_TYPE = 'application/json; charset=utf-8';
const stats = {
  total_exams: 2,
  passed_exams: 1,
  average_score: 75,
  best_score: 90,
  success_rate: 50,
  topics: [],
};

describe('the contract check of the API tests', () => {
  it('lets a documented answer by', () => {
    expect(contractViolation('GET', '/api/v1/exams/stats', 200, JSON_TYPE, stats)).toBeNull();
    expect(
      contractViolation('GET', '/api/v1/exams/results/12', 404, JSON_TYPE, { detail: 'No' }),
    ).toBeNull();
  });

  it('names a body its schema refuses', () => {
    const { best_score: _left, ...partial } = stats;
    expect(contractViolation('GET', '/api/v1/exams/stats', 200, JSON_TYPE, partial)).toBe(
      "GET /api/v1/exams/stats answered 200: (body) must have required property 'best_score'",
    );
    expect(
      contractViolation('GET', '/api/v1/exams/results/12', 404, JSON_TYPE, { message: 'No' }),
    ).toMatch(/^GET \/api\/v1\/exams\/results\/12 answered 404: .*'detail'/);
  });

  it('names a status the operation does not list', () => {
    expect(contractViolation('GET', '/api/v1/exams/stats?x=1', 418, JSON_TYPE, {})).toBe(
      'GET /api/v1/exams/stats?x=1 answered 418, a status the contract does not list for it',
    );
  });

  it("takes the errors the description promises of every operation, in the errors' shape", () => {
    const refusal = { detail: 'Refused' };
    // Logout reads no body: one sent to it is refused whatever it is.
    for (const status of [400, 413, 415, 503]) {
      expect(
        contractViolation('POST', '/api/v1/auth/logout', status, JSON_TYPE, refusal),
      ).toBeNull();
    }
    expect(contractViolation('POST', '/api/v1/auth/logout', 503, JSON_TYPE, {})).toMatch(
      /'detail'/,
    );
    expect(contractViolation('POST', '/api/v1/auth/logout', 409, JSON_TYPE, refusal)).toMatch(
      /a status the contract does not list/,
    );
    // Registration reads one, and lists the refusals of its body itself.
    expect(contractViolation('POST', '/api/v1/auth/register', 415, JSON_TYPE, refusal)).toBeNull();
    expect(contractViolation('POST', '/api/v1/auth/register', 404, JSON_TYPE, refusal)).toMatch(
      /a status the contract does not list/,
    );
  });

  it('reads a literal path before a parameter: the topics export is not topic "export"', () => {
    expect(
      contractViolation('GET', '/api/v1/training-topics/export', 200, 'text/csv', 'name\n'),
    ).toBeNull();
    expect(contractViolation('GET', '/api/v1/training-topics/7', 200, JSON_TYPE, {})).toMatch(
      /^GET \/api\/v1\/training-topics\/7 answered 200: \(body\) must have required property/,
    );
  });

  it('leaves what is not the API alone: pages, photos, paths the contract lacks', () => {
    expect(contractViolation('GET', '/dashboard', 200, 'text/html', '<html>')).toBeNull();
    expect(contractViolation('GET', '/api/v1/no-such-thing', 404, JSON_TYPE, {})).toBeNull();
  });
});
