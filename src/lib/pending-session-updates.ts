import type { components } from '../../openapi/schema';
import { unwrap, type ApiClient } from '../api';
import { createKeptQueue, newKeptId } from './kept-queue';

type TrainingSessionUpdate = components['schemas']['TrainingSessionUpdate'];
type TrainingSession = components['schemas']['TrainingSession'];

/**
 * A training session's update (`PUT /training-modules/sessions/{id}`) the server did not take,
 * kept in localStorage per learner until it is sent: the completion of a run that ended offline
 * (an express test whose time ran out on the train, say), which the training statistics count.
 */
export interface PendingSessionUpdate {
  id: string;
  userId: number;
  sessionId: number;
  /** The whole update, `completed_at` included: sending it again sets the same values. */
  body: TrainingSessionUpdate;
  attempts: number;
}

export const PENDING_SESSION_UPDATES_KEY = 'pendingSessionUpdates';

function isPendingSessionUpdate(value: unknown): value is PendingSessionUpdate {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<PendingSessionUpdate>;
  return (
    typeof item.id === 'string' &&
    typeof item.userId === 'number' &&
    typeof item.sessionId === 'number' &&
    typeof item.body === 'object' &&
    item.body !== null
  );
}

function send(
  api: ApiClient,
  { sessionId, body }: Pick<PendingSessionUpdate, 'sessionId' | 'body'>,
): Promise<TrainingSession> {
  return unwrap(
    api.PUT('/training-modules/sessions/{id}', { params: { path: { id: sessionId } }, body }),
  );
}

const queue = createKeptQueue<PendingSessionUpdate>({
  key: PENDING_SESSION_UPDATES_KEY,
  isItem: isPendingSessionUpdate,
  send,
  // A 404: the session is gone (the account's history was cleared meanwhile).
  finalStatuses: [400, 404, 409, 413, 422],
  noun: 'session update',
});

export const pendingSessionUpdates = queue;
export const readPendingSessionUpdates = queue.read;
/** Sends the learner's kept session updates, oldest first; resolves with how many are still kept. */
export const flushPendingSessionUpdates = queue.flush;

/**
 * Updates one of the learner's training sessions. One the server did not take (no answer, 5xx)
 * is kept and sent again later; a refusal (4xx) is not kept. Rejects whenever it was not
 * written now, for the caller to log.
 */
export async function updateTrainingSession(
  api: ApiClient,
  userId: number,
  sessionId: number,
  body: TrainingSessionUpdate,
): Promise<TrainingSession> {
  try {
    return await send(api, { sessionId, body });
  } catch (error) {
    if (!queue.isFinalRejection(error)) {
      queue.add({ id: newKeptId(), userId, sessionId, body, attempts: 0 });
    }
    throw error;
  }
}
