import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { questionMemoryFixture } from '../test/fixtures';
import { scriptedApi } from '../test/scripted-api';
import {
  flushPendingAnswers,
  PENDING_ANSWERS_KEY,
  readPendingAnswers,
  recordTrainingAnswer,
} from './pending-answers';

const MEMORY = questionMemoryFixture(7);
const server = (...outcomes: (number | 'offline')[]) => scriptedApi(MEMORY, ...outcomes);

const update = (questionId: number) => ({
  question_id: questionId,
  is_correct: true,
  topic_name: 'Signs',
  selected_answers: [1],
});

afterEach(() => localStorage.clear());

describe('kept training answers', () => {
  it('keeps an answer sent offline, per learner, and sends it later with when it was given', async () => {
    const offline = server('offline');
    await expect(
      recordTrainingAnswer(offline.api, 5, update(7), 1_700_000_000_000),
    ).rejects.toThrow(ApiError);
    await expect(
      recordTrainingAnswer(offline.api, 6, update(8), 1_700_000_001_000),
    ).rejects.toThrow();
    const [kept] = readPendingAnswers();
    expect(kept).toMatchObject({ userId: 5, answeredAt: 1_700_000_000_000, attempts: 0 });
    expect(JSON.parse(localStorage.getItem(PENDING_ANSWERS_KEY)!)).toHaveLength(2);

    const online = server(200);
    expect(await flushPendingAnswers(online.api, 5)).toBe(0);
    expect(online.bodies).toEqual([
      {
        ...update(7),
        client_id: kept!.id,
        answered_at: new Date(1_700_000_000_000).toISOString(),
      },
    ]);
    // The other learner's answer waits for them.
    expect(readPendingAnswers().map((item) => item.userId)).toEqual([6]);
  });

  it('sends an answer at once, with its key, when none waits, and keeps nothing once taken', async () => {
    const { api, bodies } = server(200);
    expect(await recordTrainingAnswer(api, 5, update(7))).toEqual(MEMORY);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ ...update(7), client_id: expect.any(String) });
    expect(bodies[0]).not.toHaveProperty('answered_at');
    expect(readPendingAnswers()).toEqual([]);
  });

  it('keeps an answer on a server error but not one the server refuses', async () => {
    await expect(recordTrainingAnswer(server(503).api, 5, update(7))).rejects.toThrow();
    expect(readPendingAnswers()).toHaveLength(1);
    localStorage.clear();
    await expect(recordTrainingAnswer(server(422).api, 5, update(7))).rejects.toThrow();
    expect(readPendingAnswers()).toEqual([]);
  });

  it('sends the answers in the order given, a new one behind those still waiting', async () => {
    const offline = server('offline');
    await expect(recordTrainingAnswer(offline.api, 5, update(1), 1000)).rejects.toThrow();
    await expect(recordTrainingAnswer(offline.api, 5, update(2), 2000)).rejects.toThrow();

    // Back online: the next answer does not overtake the two kept before it.
    const online = server(200);
    await expect(recordTrainingAnswer(online.api, 5, update(3), 3000)).rejects.toThrow(
      /earlier answers/,
    );
    await vi.waitFor(() => expect(readPendingAnswers()).toEqual([]));
    expect(online.bodies.map((body) => body.question_id)).toEqual([1, 2, 3]);
    expect(online.bodies.map((body) => body.answered_at)).toEqual(
      [1000, 2000, 3000].map((ms) => new Date(ms).toISOString()),
    );
  });

  it('stops at the first failure, counting the try, and drops one refused for good', async () => {
    const offline = server('offline');
    await expect(recordTrainingAnswer(offline.api, 5, update(1))).rejects.toThrow();
    await expect(recordTrainingAnswer(offline.api, 5, update(2))).rejects.toThrow();
    expect(await flushPendingAnswers(server(500).api, 5)).toBe(2);
    const [first, second] = readPendingAnswers();
    expect(first!.attempts).toBeGreaterThan(0);
    expect(second!.attempts).toBe(0);

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const gone = server(404, 200);
    expect(await flushPendingAnswers(gone.api, 5)).toBe(0);
    expect(gone.bodies.map((body) => body.question_id)).toEqual([1, 2]);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
