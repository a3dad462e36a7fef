import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import { holdFakeToContract } from '../test/fake-contract';
import { questionFixture, readinessFixture } from '../test/fixtures';
import { apiOver } from '../test/scripted-api';
import type { Question } from '../../machines/training.types';
import {
  dailyChallengeOnDevice,
  expressOnDevice,
  marathonOnDevice,
  orOnDevice,
  reviewOnDevice,
  studyPlanOnDevice,
} from './offline-draw';

const question = (id: number, points = 1): Question =>
  questionFixture({ id, points, question_text: `Q${id}`, answer_1: 'a', answer_2: 'b' });

// Topic 1 holds questions 1-6, topic 2 questions 5-8, ticket 1 questions 9-10: ten in all. Odd
// ids are worth 1 point, even ids 2.
const byPoints = (id: number) => question(id, id % 2 === 0 ? 2 : 1);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => byPoints(from + i));

/**
 * A device with no connection: the service worker answers the GET calls it kept (by path and
 * query) and nothing else; every other call finds no server.
 */
function offlineDevice(kept: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace('/api/v1', '')}${url.search}`;
    asked.push(key);
    if (!(key in kept)) throw new TypeError('Failed to fetch');
    holdFakeToContract(request, 200, kept[key]);
    return new Response(JSON.stringify(kept[key]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { api: apiOver(fetch), asked };
}

const KEPT_AT = '2026-11-27T10:00:00.000Z';

/** A topic as `GET /training-topics` lists it. */
const topicOf = (id: number, name: string, questionIds: number[]) => ({
  id,
  name,
  question_ids: JSON.stringify(questionIds),
  question_count: questionIds.length,
  created_at: KEPT_AT,
});

const COURSE = {
  'GET /training-topics': [
    topicOf(1, 'Signs', [1, 2, 3, 4, 5, 6]),
    topicOf(2, 'Priority', [5, 6, 7, 8]),
    topicOf(3, 'Empty', []),
  ],
  'GET /training-tickets': [
    {
      id: 1,
      ticket_number: 1,
      question_ids: '[9,10]',
      question_count: 2,
      max_points: 3,
      created_at: KEPT_AT,
    },
  ],
  'GET /training-topics/1/questions?with_original=true': {
    id: 1,
    name: 'Signs',
    questions: range(1, 6),
  },
  'GET /training-topics/2/questions?with_original=true': {
    id: 2,
    name: 'Priority',
    questions: range(5, 8),
  },
  'GET /training-tickets/1?with_original=true': {
    id: 1,
    ticket_number: 1,
    max_points: 3,
    questions: range(9, 10),
  },
  'GET /training-modules/modes': [
    { id: 'express', question_count: 4, time_limit_seconds: 120, available: true },
    { id: 'marathon', question_count: 7, time_limit_seconds: null, available: true },
    { id: 'daily-challenge', question_count: 3, time_limit_seconds: null, available: true },
  ],
  'GET /training-modules/weak-spots/questions?limit=20&with_original=true': {
    questions: [byPoints(8), byPoints(99)],
  },
  'GET /readiness': readinessFixture({
    focus: [7, 99, 2, 4].map((id) => ({
      question_id: id,
      question_text: `Q${id}`,
      topic_name: null,
      chance: 0.4,
      gain: 0.01,
    })),
  }),
  'GET /training-modules/review/questions?limit=20&with_original=true': {
    questions: [byPoints(2), byPoints(3)],
    due_count: 2,
  },
};

const ids = (questions: Question[]) => questions.map((item) => item.id);
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);

describe('a mode the server draws, drawn on the device', () => {
  it('draws an express test of the kept size and time, half from the weak spots kept', async () => {
    const { api } = offlineDevice(COURSE);
    const run = await expressOnDevice(api, { include_weak_spots: true, difficulty_level: 'hard' });
    expect(run).toMatchObject({
      session_id: null,
      session_type: 'express',
      time_limit_seconds: 120,
    });
    // Weak spot 8 (99 is not in the course), then the 2-point questions before the others.
    expect(run.questions).toHaveLength(4);
    expect(ids(run.questions)).toContain(8);
    expect(run.questions.every((item) => item.points === 2)).toBe(true);
  });

  it('draws an express test from the chosen topics only', async () => {
    const { api, asked } = offlineDevice(COURSE);
    const run = await expressOnDevice(api, {
      include_weak_spots: false,
      topics: [2],
      questions_count: 10,
    });
    expect(sorted(ids(run.questions))).toEqual([5, 6, 7, 8]);
    expect(asked).not.toContain('GET /training-tickets/1?with_original=true');
  });

  it('draws a marathon of the kept size from the whole kept course, each question once', async () => {
    const { api } = offlineDevice(COURSE);
    const run = await marathonOnDevice(api, { include_all_topics: true, randomize_order: true });
    expect(run).toMatchObject({ session_id: null, session_type: 'marathon' });
    expect(new Set(ids(run.questions)).size).toBe(7);
    expect(run.questions.every((item) => item.id >= 1 && item.id <= 10)).toBe(true);
    const inOrder = await marathonOnDevice(api, {
      include_all_topics: true,
      randomize_order: false,
      max_questions: 3,
    });
    expect(ids(inOrder.questions)).toEqual([1, 2, 3]);
  });

  it('reviews what was due when the course was kept', async () => {
    const { api } = offlineDevice(COURSE);
    const run = await reviewOnDevice(api);
    expect(run).toMatchObject({ session_id: null, session_type: 'review' });
    expect(ids(run.questions)).toEqual([2, 3]);
  });

  it('studies the focus the readiness last gave, best first, of the kept questions', async () => {
    const { api } = offlineDevice(COURSE);
    const run = await studyPlanOnDevice(api, 3);
    expect(run).toMatchObject({ session_id: null, session_type: 'study-plan' });
    // 99 is not kept on the device; the fourth is beyond the count.
    expect(ids(run.questions)).toEqual([7, 2]);
  });

  it("keeps today's challenge, and draws today's by the server's rule over an earlier day's", async () => {
    const { api } = offlineDevice(COURSE);
    const now = new Date('2026-12-04T10:00:00Z');
    const today = { date: '2026-12-04', questions: [byPoints(1)], completed: true };
    expect(await dailyChallengeOnDevice(api, 5, today, now)).toBe(today);

    const yesterday = { ...today, date: '2026-12-03' };
    const drawn = await dailyChallengeOnDevice(api, 5, yesterday, now);
    expect(drawn).toMatchObject({ date: '2026-12-04', completed: false });
    expect(drawn.questions).toHaveLength(3);
    expect(new Set(ids(drawn.questions)).size).toBe(3);
    // The same all day, whenever asked.
    const later = await dailyChallengeOnDevice(api, 5, null, new Date('2026-12-04T23:00:00Z'));
    expect(ids(later.questions)).toEqual(ids(drawn.questions));
  });

  it('fails as the call did when nothing of the course is kept', async () => {
    const { api } = offlineDevice({});
    const noAnswer = new ApiError(0, null);
    await expect(
      orOnDevice(
        () => Promise.reject(noAnswer),
        () => marathonOnDevice(api, { include_all_topics: true, randomize_order: true }),
      ),
    ).rejects.toBe(noAnswer);
  });
});

describe('the server first', () => {
  it('takes the server answer when there is one', async () => {
    const onDevice = vi.fn();
    expect(await orOnDevice(() => Promise.resolve('served'), onDevice)).toBe('served');
    expect(onDevice).not.toHaveBeenCalled();
  });

  it('draws on the device only when the server is out of reach, not when it refuses', async () => {
    const refused = new ApiError(422, 'no');
    const onDevice = vi.fn(() => Promise.resolve('drawn'));
    await expect(orOnDevice(() => Promise.reject(refused), onDevice)).rejects.toBe(refused);
    expect(onDevice).not.toHaveBeenCalled();
    const down = new ApiError(503, 'down');
    expect(await orOnDevice(() => Promise.reject(down), onDevice)).toBe('drawn');
  });
});
