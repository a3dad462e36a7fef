import type { components } from '../../openapi/schema';
import { unwrap, type ApiClient } from '../api';
import { createKeptQueue, newKeptId } from './kept-queue';

type TrainingSessionUpdate = components['schemas']['TrainingSessionUpdate'];
type TrainingSession = components['schemas']['TrainingSession'];
type TrainingSessionCreate = components['schemas']['TrainingSessionCreate'];

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

/**
 * A run recorded once it is over (a restarted run of a mode with sessions) that the server did
 * not take: its session's creation, with its answers, then its completion, kept together in
 * localStorage per learner so the training statistics count the run once it is sent. The item's
 * id is the session's `client_id`: a resend after a lost answer records it once.
 */
export interface PendingSessionRecord {
  id: string;
  userId: number;
  create: TrainingSessionCreate;
  update: TrainingSessionUpdate;
  attempts: number;
}

export const PENDING_SESSION_RECORDS_KEY = 'pendingSessionRecords';

function isPendingSessionRecord(value: unknown): value is PendingSessionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<PendingSessionRecord>;
  return (
    typeof item.id === 'string' &&
    typeof item.userId === 'number' &&
    typeof item.create === 'object' &&
    item.create !== null &&
    typeof item.update === 'object' &&
    item.update !== null
  );
}

async function sendRecord(
  api: ApiClient,
  { id, create, update }: Pick<PendingSessionRecord, 'id' | 'create' | 'update'>,
): Promise<TrainingSession> {
  const session = await unwrap(
    api.POST('/training-modules/sessions', { body: { ...create, client_id: id } }),
  );
  return send(api, { sessionId: session.id, body: update });
}

const records = createKeptQueue<PendingSessionRecord>({
  key: PENDING_SESSION_RECORDS_KEY,
  isItem: isPendingSessionRecord,
  send: sendRecord,
  finalStatuses: [400, 404, 409, 413, 422],
  noun: 'session record',
});

export const pendingSessionRecords = records;
export const readPendingSessionRecords = records.read;

/**
 * Records a finished run as a training session of its own and completes it. One the server did
 * not take (no answer, 5xx) is kept whole and sent again later under the same key; a refusal
 * (4xx) is not kept. Rejects whenever it was not written now, for the caller to log.
 */
export async function recordTrainingSession(
  api: ApiClient,
  userId: number,
  record: Pick<PendingSessionRecord, 'create' | 'update'>,
): Promise<TrainingSession> {
  const item: PendingSessionRecord = { id: newKeptId(), userId, ...record, attempts: 0 };
  try {
    return await sendRecord(api, item);
  } catch (error) {
    if (!records.isFinalRejection(error)) records.add(item);
    throw error;
  }
}
