import type { components } from '../../openapi/schema';
import { unwrap, type ApiClient } from '../api';
import { createKeptQueue, newKeptId } from './kept-queue';
import { KeptForLater } from './call-failure-log';

type WeakSpotUpdate = components['schemas']['WeakSpotUpdate'];
type QuestionMemory = components['schemas']['QuestionMemory'];

/**
 * A training answer whose record (`POST /training-modules/weak-spots/update`) the server did not
 * take, kept in localStorage per learner until it is sent: it feeds their memory (FSRS), the
 * topic's progress and the dashboard's accuracy, which the run's result does not.
 */
export interface PendingAnswer {
  id: string;
  userId: number;
  /** The update as first sent; its `client_id` is the item's id. */
  body: WeakSpotUpdate;
  /** Epoch ms when the learner checked it: sent as `answered_at`, so FSRS counts from then. */
  answeredAt: number;
  attempts: number;
}

export const PENDING_ANSWERS_KEY = 'pendingAnswers';

function isPendingAnswer(value: unknown): value is PendingAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<PendingAnswer>;
  return (
    typeof item.id === 'string' &&
    typeof item.userId === 'number' &&
    typeof item.answeredAt === 'number' &&
    typeof item.body === 'object' &&
    item.body !== null &&
    typeof item.body.question_id === 'number'
  );
}

function send(api: ApiClient, item: PendingAnswer): Promise<QuestionMemory> {
  const body = { ...item.body, answered_at: new Date(item.answeredAt).toISOString() };
  return unwrap(api.POST('/training-modules/weak-spots/update', { body }));
}

const queue = createKeptQueue<PendingAnswer>({
  key: PENDING_ANSWERS_KEY,
  isItem: isPendingAnswer,
  send,
  // A 404: the question was deleted meanwhile. A 401 keeps it for the learner's next session.
  finalStatuses: [400, 404, 409, 413, 422],
  noun: 'answer',
});

export const pendingAnswers = queue;
export const readPendingAnswers = queue.read;
/** Sends the learner's kept answers in the order given; resolves with how many are still kept. */
export const flushPendingAnswers = queue.flush;

/**
 * Records one training answer. Sent at once (the server's clock then dates it) unless earlier
 * answers of the learner still wait: it then goes behind them, so the memory sees them in the
 * order given. One the server did not take (no answer, 5xx) is kept and sent again with the
 * same `client_id`, which the server counts once, and with when it was given; a refusal (4xx) is
 * not kept. Rejects whenever it was not recorded now, for the caller to log.
 */
export async function recordTrainingAnswer(
  api: ApiClient,
  userId: number,
  update: WeakSpotUpdate,
  answeredAt = Date.now(),
): Promise<QuestionMemory> {
  const id = newKeptId();
  const item: PendingAnswer = {
    id,
    userId,
    body: { ...update, client_id: id },
    answeredAt,
    attempts: 0,
  };
  if (queue.countOf(userId) > 0) {
    queue.add(item);
    void queue.flush(api, userId);
    throw new KeptForLater('Kept to be sent after the earlier answers that wait in this browser.');
  }
  try {
    return await unwrap(api.POST('/training-modules/weak-spots/update', { body: item.body }));
  } catch (error) {
    if (!queue.isFinalRejection(error)) queue.add(item);
    throw error;
  }
}
