import { dailyChallengeIds, utcDate } from '../../domain/daily-challenge';
import { drawSize, pickExpressQuestions, shuffle } from '../../domain/draw';
import type {
  DailyChallenge,
  ExpressTestStart,
  MarathonStart,
  ModeOffer,
  Question,
  StartedSession,
  TrainingMode,
} from '../../machines/training.types';
import { REVIEW_QUESTIONS_COUNT, WEAK_SPOT_QUESTION_LIMIT } from '../../machines/training.types';
import { unwrap, type ApiClient } from '../api';
import { WITH_ORIGINAL } from './question-languages';
import { isOutOfReach } from './server-back';

/**
 * The training modes the server draws (express, marathon, review, the daily challenge, the study
 * plan), drawn on
 * the device from the course it keeps while the server is out of reach. The rules are the
 * server's (domain/draw.ts, domain/daily-challenge.ts); the pool is what the device kept. A run
 * drawn here has no server session: it is recorded as it ends, like any run kept offline.
 */

/** The calls the course keeper makes so that these draws find their data offline. */
export const KEPT_FOR_DRAWS = {
  weakSpots: { limit: WEAK_SPOT_QUESTION_LIMIT, ...WITH_ORIGINAL },
  review: { limit: REVIEW_QUESTIONS_COUNT, ...WITH_ORIGINAL },
} as const;

/** `call`, or when it finds the server out of reach, `onDevice`; its own error if that has nothing. */
export async function orOnDevice<T>(
  call: () => Promise<T>,
  onDevice: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isOutOfReach(error)) throw error;
    try {
      return await onDevice();
    } catch {
      // Nothing kept to draw from: the learner is told the start failed, as before.
      throw error;
    }
  }
}

/**
 * Every question of the kept topics and tickets, once each, sorted by id as the server's bank;
 * with `topicIds`, of those topics only.
 */
async function keptQuestions(api: ApiClient, topicIds?: readonly number[]): Promise<Question[]> {
  const [topics, tickets] = await Promise.all([
    unwrap(api.GET('/training-topics')),
    topicIds ? Promise.resolve([]) : unwrap(api.GET('/training-tickets')),
  ]);
  const lists = await Promise.allSettled([
    ...topics
      .filter((topic) => topic.question_count > 0 && (!topicIds || topicIds.includes(topic.id)))
      .map((topic) =>
        unwrap(
          api.GET('/training-topics/{id}/questions', {
            params: { path: { id: topic.id }, query: WITH_ORIGINAL },
          }),
        ),
      ),
    ...tickets.map((ticket) =>
      unwrap(
        api.GET('/training-tickets/{ticket_number}', {
          params: { path: { ticket_number: ticket.ticket_number }, query: WITH_ORIGINAL },
        }),
      ),
    ),
  ]);
  const byId = new Map<number, Question>();
  for (const list of lists) {
    if (list.status === 'fulfilled') list.value.questions.forEach((q) => byId.set(q.id, q));
  }
  if (byId.size === 0) throw new Error('No question of the course is kept on this device.');
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The size and time limit the server last gave for `mode` (kept with the course), if any. */
async function keptOffer(api: ApiClient, mode: TrainingMode): Promise<ModeOffer | undefined> {
  const offers = await unwrap(api.GET('/training-modules/modes')).catch(() => []);
  return offers.find((offer) => offer.id === mode);
}

/** The weak spots as the server last listed them, most wrong first; none when not kept. */
async function keptWeakSpotIds(api: ApiClient): Promise<number[]> {
  const found = await unwrap(
    api.GET('/training-modules/weak-spots/questions', {
      params: { query: KEPT_FOR_DRAWS.weakSpots },
    }),
  ).catch(() => ({ questions: [] }));
  return found.questions.map((question) => question.id);
}

function onDevice(
  mode: 'express' | 'marathon' | 'review' | 'study-plan',
  questions: Question[],
  timeLimitSeconds: number | null,
): StartedSession {
  return { session_id: null, session_type: mode, questions, time_limit_seconds: timeLimitSeconds };
}

function byIds(questions: readonly Question[], ids: readonly number[]): Question[] {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** An express test as the server draws one (see startExpressTest), from the kept course. */
export async function expressOnDevice(
  api: ApiClient,
  options: ExpressTestStart,
): Promise<StartedSession> {
  const [pool, offer, weakIds] = await Promise.all([
    keptQuestions(api, options.topics ?? undefined),
    keptOffer(api, 'express'),
    options.include_weak_spots === false ? Promise.resolve([]) : keptWeakSpotIds(api),
  ]);
  const count = options.questions_count ?? offer?.question_count ?? 10;
  const level = options.difficulty_level;
  const ids = pickExpressQuestions(pool, {
    count,
    weakIds,
    weakShare: options.include_weak_spots === false ? 0 : Math.floor(count / 2),
    preference: level === 'easy' || level === 'hard' ? level : undefined,
  });
  const seconds =
    options.time_limit_minutes !== undefined
      ? options.time_limit_minutes * 60
      : (offer?.time_limit_seconds ?? null);
  return onDevice('express', byIds(pool, ids), seconds);
}

/** A marathon as the server draws one: random, or the first by id, from the kept course. */
export async function marathonOnDevice(
  api: ApiClient,
  options: MarathonStart,
): Promise<StartedSession> {
  const [kept, offer] = await Promise.all([keptQuestions(api), keptOffer(api, 'marathon')]);
  const count = drawSize(options.max_questions ?? offer?.question_count ?? 50, kept.length);
  const ordered = options.randomize_order === false ? kept : shuffle(kept);
  const minutes = options.time_limit_minutes;
  return onDevice('marathon', ordered.slice(0, count), minutes ? minutes * 60 : null);
}

/** The questions that were due when the course was last kept or reviewed online. */
export async function reviewOnDevice(api: ApiClient): Promise<StartedSession> {
  const due = await unwrap(
    api.GET('/training-modules/review/questions', { params: { query: KEPT_FOR_DRAWS.review } }),
  );
  return onDevice('review', due.questions, null);
}

/**
 * The study plan as the server last gave it (the readiness focus kept with the dashboard or the
 * course), best first: its probability model needs the learner's whole history, kept only there.
 */
export async function studyPlanOnDevice(api: ApiClient, count: number): Promise<StartedSession> {
  const [readiness, kept] = await Promise.all([unwrap(api.GET('/readiness')), keptQuestions(api)]);
  const ids = readiness.focus.map((focus) => focus.question_id).slice(0, count);
  return onDevice('study-plan', byIds(kept, ids), null);
}

/**
 * Today's challenge: the server's answer, unless it is an earlier day's the device kept (the
 * service worker answers with the last one it has), in which case today's is drawn from the
 * kept course by the server's rule.
 */
export async function dailyChallengeOnDevice(
  api: ApiClient,
  userId: number,
  kept: DailyChallenge | null,
  now: Date = new Date(),
): Promise<DailyChallenge> {
  const today = utcDate(now);
  if (kept && kept.date >= today) return kept;
  const [questions, offer] = await Promise.all([
    keptQuestions(api),
    keptOffer(api, 'daily-challenge'),
  ]);
  const size = offer?.question_count ?? kept?.questions.length ?? 10;
  const ids = dailyChallengeIds(
    questions.map((question) => question.id),
    size,
    userId,
    today,
  );
  return { date: today, questions: byIds(questions, ids), completed: false };
}
