import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import { text } from '../i18n/text';
import { HttpError } from './errors';
import { trimText } from './text-characters';

/** How many attempts a limit lets through in each window. */
export interface LimitPolicy {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * The shared limits, each counted per subject (an address, an account name, a user id) for
 * every server process together.
 */
export const DEFAULT_LIMITS = {
  /**
   * Failed sign-ins from one address (a sign-in that succeeds is given back): a school's
   * classroom shares one address, and its learners' typing slips with it.
   */
  loginAddress: { max: 20, windowMs: MINUTE },
  /**
   * Failed sign-ins at one account, from anywhere: password guessing spread over addresses. A
   * sign-in that succeeds is given back, so signing in often never locks the owner out.
   */
  loginAccount: { max: 10, windowMs: 10 * MINUTE },
  /** Registrations from one address: room for a class signing up together at a lesson's start. */
  register: { max: 50, windowMs: 10 * MINUTE },
  /** Attempts by one user that check their current password (a change, a deletion). */
  passwordGuess: { max: 5, windowMs: 15 * MINUTE },
  /** Exam and training sessions started by one learner. */
  sessionStart: { max: 30, windowMs: MINUTE },
} satisfies Record<string, LimitPolicy>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type LimitPolicies = Record<LimitName, LimitPolicy>;

/** An attempt counted: how many in this window so far, and when the window ends. */
export interface Count {
  hits: number;
  resetsAt: number;
}

/** The store of the counts could not be reached: the attempt can be neither counted nor let in. */
export class LimitStoreUnavailable extends Error {}

/** Where attempts are counted: somewhere every process of a deployment shares. */
export interface LimitStore {
  /** Counts one attempt under `key` in a window of `windowMs` starting at the first. */
  hit(key: string, windowMs: number, now: number): Promise<Count>;
  /** Takes one attempt back from `key`'s window, if it has not ended. */
  giveBack(key: string, now: number): Promise<void>;
  close(): Promise<void>;
}

/** How often a process clears the windows that have ended from the table. */
const SWEEP_EVERY_MS = MINUTE;

/**
 * Counts in the `rate_limits` table (migration 0016): one upsert per attempt, atomic on both
 * SQLite and PostgreSQL, so every process of one PostgreSQL database shares the counts.
 */
export function createDatabaseLimitStore(
  db: Kysely<Database>,
  onError: (error: unknown) => void = () => {},
): LimitStore {
  let lastSweep = 0;
  return {
    async hit(key, windowMs, now) {
      const resetsAt = now + windowMs;
      const row = await db
        .insertInto('rate_limits')
        .values({ key, hits: 1, resets_at: resetsAt })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            // A window that has ended starts again with this attempt.
            hits: sql<number>`case when rate_limits.resets_at <= ${now} then 1 else rate_limits.hits + 1 end`,
            resets_at: sql<number>`case when rate_limits.resets_at <= ${now} then excluded.resets_at else rate_limits.resets_at end`,
          }),
        )
        .returning(['hits', 'resets_at'])
        .executeTakeFirstOrThrow();
      if (now - lastSweep > SWEEP_EVERY_MS) {
        lastSweep = now;
        // Not awaited: the attempt's answer does not wait for the tidying.
        db.deleteFrom('rate_limits').where('resets_at', '<', now).execute().catch(onError);
      }
      return { hits: Number(row.hits), resetsAt: Number(row.resets_at) };
    },
    async giveBack(key, now) {
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', key)
        .where('resets_at', '>', now)
        .where('hits', '>', 0)
        .execute();
    },
    close: async () => {},
  };
}

/** How long an attempt waits for Redis to be connected before it is refused (503). */
const READY_WAIT_MS = 1000;

// One round trip, atomic: the first attempt of a window sets when it ends.
const HIT_SCRIPT = `
local hits = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {hits, ttl}
`;

// A window that has ended (the key expired) has nothing to give back.
const GIVE_BACK_SCRIPT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1])) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

/**
 * Counts in Redis (REDIS_URL): a key per subject that expires with its window. While Redis
 * cannot be reached an attempt fails at once (503) rather than waiting in a queue.
 */
export function createRedisLimitStore(
  url: string,
  {
    prefix = 'trainer:limit:',
    onError = () => {},
  }: {
    prefix?: string;
    onError?: (error: unknown) => void;
  } = {},
): LimitStore {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  });
  // Unheard, a connection error would end the process; it reconnects by itself.
  redis.on('error', onError);
  // Without a queue a command fails while connecting too: one waits a moment for the connection
  // (at start, after a drop) before the attempt is refused.
  const ready = () =>
    redis.status === 'ready'
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const onReady = () => {
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            redis.off('ready', onReady);
            reject(new Error(`Redis is ${redis.status}`));
          }, READY_WAIT_MS);
          redis.once('ready', onReady);
        });
  return {
    async hit(key, windowMs, now) {
      try {
        await ready();
        const [hits, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [
          number,
          number,
        ];
        return { hits, resetsAt: now + ttl };
      } catch (error) {
        throw new LimitStoreUnavailable('Redis did not count the attempt', { cause: error });
      }
    },
    async giveBack(key) {
      await ready();
      await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key);
    },
    async close() {
      redis.disconnect();
    },
  };
}

/** The wait suggested while the limits' store cannot be reached. */
const STORE_RETRY_SECONDS = 5;

/** Counts attempts against the policies; refuses the one over a limit with 429. */
export function createLimiter(
  store: LimitStore,
  policies: LimitPolicies,
  now: () => number = Date.now,
  onError: (error: unknown) => void = () => {},
) {
  return {
    /**
     * Counts an attempt of `subject` under the limit `name`; past the limit, a 429 whose
     * `retry-after` (set on the reply) says how many seconds until the window ends.
     */
    async take(name: LimitName, subject: string | number, reply: FastifyReply): Promise<void> {
      const policy = policies[name];
      const at = now();
      let count: Count;
      try {
        count = await store.hit(`${name}:${subject}`, policy.windowMs, at);
      } catch (error) {
        if (!(error instanceof LimitStoreUnavailable)) throw error;
        // Not let through uncounted: a limit that lapses whenever its store does protects little.
        reply.header('retry-after', String(STORE_RETRY_SECONDS));
        throw new HttpError(503, text('limitsUnavailable'));
      }
      const { hits, resetsAt } = count;
      if (hits <= policy.max) return;
      const seconds = Math.max(1, Math.ceil((resetsAt - at) / 1000));
      reply.header('retry-after', String(seconds));
      throw new HttpError(429, text('tooManyRequestsFor', { seconds }));
    },
    /**
     * Gives back an attempt `take` counted, once the call succeeded: the limit then counts
     * failures alone. Counted first and given back after, so that attempts sent together are
     * all counted while they run. A store that cannot give it back leaves it counted.
     */
    async giveBack(name: LimitName, subject: string | number): Promise<void> {
      await store.giveBack(`${name}:${subject}`, now()).catch(onError);
    },
  };
}

export type Limiter = ReturnType<typeof createLimiter>;

/** One limit an operation counts: whom it counts, and whether a success is given back. */
export interface CountedLimit {
  name: LimitName;
  subject: string | number;
  /** The limit counts failures alone: an attempt that succeeds is given back. */
  failuresOnly?: true;
}

/** The limits an operation counts, and whom each counts; none for most. */
export function limitsOf(
  operationId: string,
): ((request: FastifyRequest) => CountedLimit[]) | undefined {
  switch (operationId) {
    case 'login':
      return (request) => [
        { name: 'loginAddress', subject: request.ip, failuresOnly: true },
        { name: 'loginAccount', subject: accountOf(request.body), failuresOnly: true },
      ];
    case 'register':
      return (request) => [{ name: 'register', subject: request.ip }];
    case 'changePassword':
    case 'deleteOwnAccount':
      return (request) => [{ name: 'passwordGuess', subject: request.caller?.id ?? request.ip }];
    case 'startExamSession':
    case 'createTrainingSession':
      return (request) => [{ name: 'sessionStart', subject: request.caller?.id ?? request.ip }];
    default:
      return undefined;
  }
}

/** The account a sign-in names, as it is looked up (trimmed, any case). */
function accountOf(body: unknown): string {
  const name = (body as { username?: unknown } | undefined)?.username;
  return typeof name === 'string' ? trimText(name).toLowerCase() : '';
}

/** The policies in force: the defaults, all raised to `everyMax` if given, then `exact`. */
export function limitPolicies(
  everyMax: number | undefined,
  exact: Partial<LimitPolicies> = {},
): LimitPolicies {
  const raised = Object.fromEntries(
    Object.entries(DEFAULT_LIMITS).map(([name, policy]) => [
      name,
      everyMax === undefined ? policy : { ...policy, max: everyMax },
    ]),
  ) as LimitPolicies;
  return { ...raised, ...exact };
}
