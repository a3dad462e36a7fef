import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, unwrap } from '../api';
import { examResultFixture } from '../test/fixtures';
import { savedKeptWork, scriptedApi } from '../test/scripted-api';
import { flushPendingAnswers, PENDING_ANSWERS_KEY, recordTrainingAnswer } from './pending-answers';
import {
  addPendingResult,
  flushPendingResults,
  keepUnsentResult,
  PENDING_RESULTS_KEY,
  readPendingResults,
  REFUSED_RESULTS_KEY,
  useRefusedResult,
  FIRST_RETRY_MS,
  RESEND_INTERVAL_MS,
  startPendingResultSync,
  usePendingWorkCount,
  useTakenKeptResult,
  useWhenKeptWorkLeaves,
} from './pending-results';

const answers = [{ question_id: 7, selected_answers: [1] }];
const serverAnswering = (status: number) => scriptedApi(savedKeptWork, status);

afterEach(() => localStorage.clear());

describe('kept results', () => {
  it('sends a kept result with its own key when it carries none, and forgets it once taken', async () => {
    const kept = addPendingResult(5, { exam_type: 'exam', answers });
    const { api, bodies } = serverAnswering(201);
    expect(await flushPendingResults(api, 5)).toBe(0);
    expect(bodies).toEqual([{ exam_type: 'exam', answers, client_id: kept.id }]);
    expect(localStorage.getItem(PENDING_RESULTS_KEY)).toBeNull();
  });

  it('keeps the key the attempt was made with', async () => {
    addPendingResult(5, { exam_type: 'exam', answers, client_id: 'exam-1700000000000' });
    const { api, bodies } = serverAnswering(201);
    await flushPendingResults(api, 5);
    expect(bodies[0]?.client_id).toBe('exam-1700000000000');
  });

  it("keeps the result on a server error and sends only the signed-in learner's", async () => {
    addPendingResult(5, { exam_type: 'exam', answers });
    addPendingResult(6, { exam_type: 'exam', answers });
    const { api, bodies } = serverAnswering(503);
    expect(await flushPendingResults(api, 5)).toBe(1);
    expect(bodies).toHaveLength(1);
    const list = readPendingResults();
    expect(list.map((item) => [item.userId, item.attempts])).toEqual([
      [5, 1],
      [6, 0],
    ]);
  });

  it('tells the summary on screen what the server saved once this tab sends the kept attempt', async () => {
    addPendingResult(5, { exam_type: 'exam', answers, client_id: 'exam-1700000000001' });
    const { result } = renderHook(() => useTakenKeptResult('exam-1700000000001'));
    expect(result.current).toBeNull();
    // The server kept another tab's picks for this attempt and answers with them.
    const saved = examResultFixture({ id: 4 });
    await act(async () => {
      await flushPendingResults(scriptedApi(saved, 200).api, 5);
    });
    expect(result.current).toEqual(saved);
  });

  it('drops a result the server rejects for good, and tells the summary of that attempt why', async () => {
    addPendingResult(5, { exam_type: 'exam', answers, client_id: 'exam-1700000000002' });
    const { result } = renderHook(() => useRefusedResult('exam-1700000000002'));
    expect(result.current).toBeNull();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = serverAnswering(422);
    await act(async () => {
      expect(await flushPendingResults(api, 5)).toBe(0);
    });
    expect(error).toHaveBeenCalled();
    error.mockRestore();
    expect(result.current).toEqual({ clientId: 'exam-1700000000002', userId: 5, reason: 'no' });
  });

  it('keeps an unsent result the server could not take, and records one it refused for good', () => {
    const submission = { exam_type: 'exam' as const, answers, client_id: 'exam-1700000000003' };
    keepUnsentResult(5, submission, new ApiError(503, 'Service unavailable'));
    expect(readPendingResults()).toHaveLength(1);
    expect(localStorage.getItem(REFUSED_RESULTS_KEY)).toBeNull();

    localStorage.clear();
    const { result } = renderHook(() => useRefusedResult('exam-1700000000003'));
    act(() => keepUnsentResult(5, submission, new ApiError(422, 'Question 9 does not exist.')));
    expect(readPendingResults()).toHaveLength(0);
    expect(result.current?.reason).toBe('Question 9 does not exist.');
  });
});

describe('kept work of every kind', () => {
  const trainingAnswer = {
    question_id: 7,
    is_correct: true,
    topic_name: 'Signs',
    selected_answers: [1],
  };

  it("tells of work leaving when one kind's item is taken while another's is kept", async () => {
    await recordTrainingAnswer(scriptedApi(savedKeptWork, 'offline').api, 5, trainingAnswer).catch(
      () => {},
    );
    const onSent = vi.fn();
    const { result } = renderHook(() => useWhenKeptWorkLeaves(5, onSent));
    expect(result.current).toBe(1);

    act(() => void addPendingResult(5, { exam_type: 'exam', answers }));
    expect(result.current).toBe(2);
    expect(onSent).not.toHaveBeenCalled();

    // The answer is taken and a second result is kept: as many wait as before, yet one left.
    await act(async () => {
      await flushPendingAnswers(scriptedApi(savedKeptWork, 200).api, 5);
      addPendingResult(5, { exam_type: 'exam', answers });
    });
    expect(result.current).toBe(2);
    expect(onSent).toHaveBeenCalledTimes(1);

    // Another learner's work is not this learner's.
    act(() => void addPendingResult(6, { exam_type: 'exam', answers }));
    expect(result.current).toBe(2);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('counts what another tab keeps once the browser says it wrote it', () => {
    const stop = startPendingResultSync({
      api: scriptedApi(savedKeptWork, 'offline').api,
      getUserId: () => null,
    });
    const { result } = renderHook(() => usePendingWorkCount(5));
    expect(result.current).toBe(0);
    const keptElsewhere = [
      {
        id: 'a1',
        userId: 5,
        body: { ...trainingAnswer, client_id: 'a1' },
        answeredAt: 1,
        attempts: 0,
      },
    ];
    localStorage.setItem(PENDING_ANSWERS_KEY, JSON.stringify(keptElsewhere));
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: PENDING_ANSWERS_KEY }));
    });
    expect(result.current).toBe(1);
    stop();
  });

  describe('sending kept work again', () => {
    /** A server that is down (no answer) until `up` is set; `submissions` counts the results it took. */
    function switchableServer() {
      const server = { up: false, submissions: 0, tries: 0 };
      const api = createApiClient({
        baseUrl: 'http://trainer.test/api/v1',
        fetch: async (request) => {
          const isSubmission = new URL(request.url).pathname.endsWith('/exams/submit');
          if (isSubmission) server.tries += 1;
          if (!server.up) throw new TypeError('Failed to fetch');
          if (isSubmission) server.submissions += 1;
          return Response.json(isSubmission ? { id: 1 } : { status: 'ok' }, { status: 200 });
        },
        getToken: () => 't',
        onUnauthorized: vi.fn(),
      });
      return { server, api };
    }

    afterEach(() => vi.useRealTimers());

    it('tries a result soon after it is kept, then less and less often while the server is away', async () => {
      vi.useFakeTimers();
      const { server, api } = switchableServer();
      const stop = startPendingResultSync({ api, getUserId: () => 5 });
      addPendingResult(5, { exam_type: 'exam', answers });
      expect(server.tries).toBe(0);
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
      expect(server.tries).toBe(1);
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 2);
      expect(server.tries).toBe(2);
      await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS * 4);
      expect(server.tries).toBe(3);
      // Never further apart than the usual interval.
      await vi.advanceTimersByTimeAsync(RESEND_INTERVAL_MS * 2);
      expect(server.tries).toBe(5);
      stop();
      await vi.advanceTimersByTimeAsync(RESEND_INTERVAL_MS * 2);
      expect(server.tries).toBe(5);
      expect(readPendingResults()).toHaveLength(1);
    });

    it('sends a kept result as soon as the server answers again, before the next timed try', async () => {
      vi.useFakeTimers();
      const { server, api } = switchableServer();
      addPendingResult(5, { exam_type: 'exam', answers });
      const stop = startPendingResultSync({ api, getUserId: () => 5 });
      await vi.advanceTimersByTimeAsync(0);
      expect(server.tries).toBe(1);
      expect(server.submissions).toBe(0);

      // The server restarts; the learner's next call is answered.
      server.up = true;
      await unwrap(api.GET('/health'));
      await vi.advanceTimersByTimeAsync(0);
      expect(server.submissions).toBe(1);
      expect(readPendingResults()).toHaveLength(0);
      stop();
    });
  });
});
