import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { trainingSessionFixture } from '../test/fixtures';
import { savedKeptWork, scriptedApi } from '../test/scripted-api';
import { addPendingResult, flushKeptWork } from './pending-results';
import {
  flushPendingSessionUpdates,
  PENDING_SESSION_RECORDS_KEY,
  PENDING_SESSION_UPDATES_KEY,
  readPendingSessionRecords,
  readPendingSessionUpdates,
  recordTrainingSession,
  updateTrainingSession,
} from './pending-session-updates';

const SESSION = trainingSessionFixture();
const server = (...outcomes: (number | 'offline')[]) => scriptedApi(savedKeptWork, ...outcomes);

const completion = {
  questions_answered: 3,
  correct_answers: 2,
  total_points: 2,
  time_spent_seconds: 900,
  is_completed: true,
  completed_at: '2026-11-27T10:15:00.000Z',
};

afterEach(() => localStorage.clear());

describe('kept session updates', () => {
  it('keeps a completion sent offline, per learner, and sends it whole later', async () => {
    await expect(updateTrainingSession(server('offline').api, 5, 12, completion)).rejects.toThrow(
      ApiError,
    );
    await expect(updateTrainingSession(server(503).api, 6, 13, completion)).rejects.toThrow();
    expect(readPendingSessionUpdates().map((item) => [item.userId, item.sessionId])).toEqual([
      [5, 12],
      [6, 13],
    ]);

    const online = server(200);
    expect(await flushPendingSessionUpdates(online.api, 5)).toBe(0);
    expect(online.calls).toEqual(['PUT /api/v1/training-modules/sessions/12']);
    expect(online.bodies).toEqual([completion]);
    // The other learner's waits for them.
    expect(readPendingSessionUpdates().map((item) => item.userId)).toEqual([6]);
  });

  it('sends at once and keeps nothing once taken', async () => {
    const { api, calls } = server(200);
    expect(await updateTrainingSession(api, 5, 12, completion)).toEqual(SESSION);
    expect(calls).toEqual(['PUT /api/v1/training-modules/sessions/12']);
    expect(localStorage.getItem(PENDING_SESSION_UPDATES_KEY)).toBeNull();
  });

  it('does not keep one the server refuses, and drops a kept one refused later', async () => {
    await expect(updateTrainingSession(server(422).api, 5, 12, completion)).rejects.toThrow();
    expect(readPendingSessionUpdates()).toEqual([]);

    await expect(updateTrainingSession(server('offline').api, 5, 12, completion)).rejects.toThrow();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The session is gone meanwhile.
    expect(await flushPendingSessionUpdates(server(404).api, 5)).toBe(0);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });

  it('goes out with the rest of the kept work, after the answers and before the results', async () => {
    await expect(updateTrainingSession(server('offline').api, 5, 12, completion)).rejects.toThrow();
    addPendingResult(5, { exam_type: 'training', answers: [] });
    const { api, calls } = server(200);
    expect(await flushKeptWork(api, 5)).toBe(0);
    expect(calls).toEqual([
      'PUT /api/v1/training-modules/sessions/12',
      'POST /api/v1/exams/submit',
    ]);
  });
});

describe('kept session records', () => {
  const record = {
    create: {
      session_type: 'marathon' as const,
      question_ids: [4, 9],
      time_limit_seconds: null,
      started_at: '2026-11-27T10:00:00.000Z',
      answers: [
        { question_id: 4, selected_answers: [1] },
        { question_id: 9, selected_answers: [2] },
      ],
    },
    update: completion,
  };

  it('keeps a run recorded offline whole, and sends its creation and completion later under one key', async () => {
    await expect(recordTrainingSession(server('offline').api, 5, record)).rejects.toThrow(ApiError);
    // Created, but the completion found the server gone: kept whole, under the same key.
    await expect(recordTrainingSession(server(201, 503).api, 5, record)).rejects.toThrow();
    const kept = readPendingSessionRecords();
    expect(kept.map((item) => [item.userId, item.create, item.update])).toEqual([
      [5, record.create, completion],
      [5, record.create, completion],
    ]);

    // Each run created (201), then its completion taken (200).
    const online = server(201, 200, 201, 200);
    expect(await flushKeptWork(online.api, 5)).toBe(0);
    expect(online.calls).toEqual([
      'POST /api/v1/training-modules/sessions',
      'PUT /api/v1/training-modules/sessions/12',
      'POST /api/v1/training-modules/sessions',
      'PUT /api/v1/training-modules/sessions/12',
    ]);
    expect(online.bodies).toEqual([
      { ...record.create, client_id: kept[0]!.id },
      completion,
      { ...record.create, client_id: kept[1]!.id },
      completion,
    ]);
    expect(localStorage.getItem(PENDING_SESSION_RECORDS_KEY)).toBeNull();
  });

  it('keeps nothing the server took or refused', async () => {
    expect(await recordTrainingSession(server(201, 200).api, 5, record)).toEqual(SESSION);
    await expect(recordTrainingSession(server(422).api, 5, record)).rejects.toThrow();
    expect(readPendingSessionRecords()).toEqual([]);
  });
});
