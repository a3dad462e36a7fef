import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api';
import { questionFixture } from '../test/fixtures';
import { scriptedApi } from '../test/scripted-api';
import { hasPreparedExam, prepareExam, takePreparedExam } from './prepared-exam';

const SESSION = {
  id: 31,
  session_id: 31,
  exam_type: 'exam',
  questions: [4, 9, 2].map((id) => questionFixture({ id })),
  main_count: 2,
  language: 'en',
  time_limit_seconds: 1200,
  is_completed: false,
  result_id: null,
  started_at: '2026-12-04T08:00:00.000Z',
  completed_at: null,
  prepared: true,
};
const OFFLINE = new ApiError(0, null);

afterEach(() => localStorage.clear());

describe('the exam kept on the device', () => {
  it('asks the server for a prepared session and keeps it per learner and course', async () => {
    const server = scriptedApi(SESSION, 201);
    await prepareExam(server.api, 7, 3);
    expect(server.calls).toEqual(['POST /api/v1/exams/sessions']);
    expect(server.bodies).toEqual([{ exam_type: 'exam', prepared: true }]);
    expect(hasPreparedExam(7, 3)).toBe(true);
    expect(hasPreparedExam(7, 4)).toBe(false);
    expect(hasPreparedExam(8, 3)).toBe(false);
  });

  it('starts it only when the server is out of reach, once, and only in its own course', async () => {
    await prepareExam(scriptedApi(SESSION, 201).api, 7, 3);
    // The server answered (a refusal): its exam does not start here.
    expect(takePreparedExam(7, 3, new ApiError(409, 'The bank has no questions'))).toBeNull();
    // The learner moved to another course meanwhile.
    expect(takePreparedExam(7, 4, OFFLINE)).toBeNull();
    expect(takePreparedExam(7, 3, OFFLINE)).toEqual({
      sessionId: 31,
      startedAt: Date.parse('2026-12-04T08:00:00.000Z'),
      questions: SESSION.questions,
      mainCount: 2,
      timeLimitSeconds: 1200,
      startedOnDevice: true,
    });
    expect(takePreparedExam(7, 3, OFFLINE)).toBeNull();
    expect(hasPreparedExam(7, 3)).toBe(false);
  });

  it('starts it when a gateway says the server is down', async () => {
    await prepareExam(scriptedApi(SESSION, 201).api, 7, 3);
    expect(takePreparedExam(7, 3, new ApiError(503, null))?.sessionId).toBe(31);
  });
});
