/**
 * The web tests' fake server answers with these fixtures: each must be what the real server
 * may send by the contract, or the screens are tested against shapes that never come. Every fake
 * answer is held to the contract as it is sent (fake-contract.ts); its check is tested here too.
 */
import { describe, expect, it } from 'vitest';
import { schemaViolation } from '../../tests/api/contract-conformance';
import { holdFakeToContract, takeOffContractAnswers } from './fake-contract';
import {
  courseFixture,
  examResultFixture,
  examSummaryFixture,
  numberSettingFixture,
  questionFixture,
  questionMemoryFixture,
  readinessFixture,
  systemStatusFixture,
  trainingSessionFixture,
  userFixture,
} from './fixtures';
import { bankSizeRoute } from './render-app';
import { scriptedApi } from './scripted-api';

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
    ['ExamResultSummary', examSummaryFixture()],
    ['ExamResultSummary', examSummaryFixture({ total_questions: 40, correct_answers: 20 })],
    ['ExamResult', examResultFixture({ id: 9 })],
    ['Readiness', readinessFixture()],
    ['SystemStatus', systemStatusFixture({ questions: 200 })],
    ['TrainingSession', trainingSessionFixture()],
    ['QuestionMemory', questionMemoryFixture(7, false)],
  ])('%s %#', (schema, fixture) => {
    expect(schemaViolation(schema, fixture)).toBeNull();
  });

  it('are checked: a fixture with a field of the wrong type is named', () => {
    expect(schemaViolation('User', { ...userFixture(), is_admin: 'no' })).toBe(
      '/is_admin must be boolean',
    );
  });
});

describe("a fake server's answers, by the contract", () => {
  const statsCall = () => new Request('http://localhost/api/v1/exams/stats');
  const stats = {
    total_exams: 3,
    passed_exams: 2,
    average_score: 71.2,
    best_score: 90,
    success_rate: 67,
    topics: [],
  };

  it('lets an answer the server may send through', () => {
    holdFakeToContract(statsCall(), 200, stats);
    expect(takeOffContractAnswers()).toEqual([]);
  });

  it('names an answer the server never sends, with its call', () => {
    holdFakeToContract(statsCall(), 200, { ...stats, success_rate: 66.7 });
    holdFakeToContract(statsCall(), 404, { detail: 'Not found' });
    expect(takeOffContractAnswers()).toEqual([
      'GET /api/v1/exams/stats answered 200: /success_rate must be integer',
      'GET /api/v1/exams/stats answered 404, a status the contract does not list for it',
    ]);
  });

  it('lets any server error through, and an answer its test says why of', () => {
    holdFakeToContract(statsCall(), 502, '<html>Bad gateway</html>');
    holdFakeToContract(statsCall(), 200, {}, 'a server from before the statistics');
    expect(takeOffContractAnswers()).toEqual([]);
  });

  it("holds a scripted server's answers too", async () => {
    const { api } = scriptedApi({ id: 1 }, 201);
    await api.POST('/exams/submit', { body: { exam_type: 'exam', answers: [] } });
    expect(takeOffContractAnswers()).toEqual([
      "POST /api/v1/exams/submit answered 201: (body) must have required property 'exam_type'; (body) must have required property 'total_questions'; (body) must have required property 'correct_answers'",
    ]);
  });
});
