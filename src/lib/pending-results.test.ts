import { afterEach, describe, expect, it, vi } from 'vitest';
import { scriptedApi } from '../test/scripted-api';
import {
  addPendingResult,
  flushPendingResults,
  PENDING_RESULTS_KEY,
  readPendingResults,
} from './pending-results';

const answers = [{ question_id: 7, selected_answers: [1] }];
const serverAnswering = (status: number) => scriptedApi({ id: 1 }, status);

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

  it('drops a result the server rejects for good', async () => {
    addPendingResult(5, { exam_type: 'exam', answers });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { api } = serverAnswering(422);
    expect(await flushPendingResults(api, 5)).toBe(0);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
