/**
 * Limits shared by all processes: sign-in per account and per address, registration per
 * address, current-password guesses per user and session starts per learner, counted in the
 * database (one PostgreSQL for several processes) or in Redis when REDIS_URL is set. Each
 * refusal is 429 with Retry-After and a worded {detail}.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppOptions, buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { LimitPolicies } from '../../server/http/rate-limits';
import { addQuestions, createTestApp, DATABASES, type TestApp } from './helpers';

const WINDOW = 60_000;
const limit = (max: number) => ({ max, windowMs: WINDOW });
/** Tight limits for these tests; the other tests' helper raises every limit out of reach. */
const TIGHT: Partial<LimitPolicies> = {
  loginAddress: limit(4),
  loginAccount: limit(3),
  register: limit(2),
  passwordGuess: limit(3),
  sessionStart: limit(2),
};

interface Answer {
  status: number;
  body: { detail?: string; access_token?: string };
  retryAfter: number;
}

/** A request through `app` from the address `ip`, with the answer's Retry-After as a number. */
async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  init: { ip?: string; token?: string; body?: object; language?: string } = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url: `/api/v1${url}`,
    remoteAddress: init.ip ?? '127.0.0.1',
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.language ? { 'accept-language': init.language } : {}),
    },
    ...(init.body ? { payload: init.body } : {}),
  });
  return {
    status: response.statusCode,
    body: response.json(),
    retryAfter: Number(response.headers['retry-after']),
  };
}

const login = (app: FastifyInstance, username: string, password: string, ip?: string) =>
  call(app, 'POST', '/auth/login', { body: { username, password }, ...(ip ? { ip } : {}) });

/** Expects a refusal for going over a limit of WINDOW: 429, a wait within it, the wait said. */
function expectRefused(answer: Answer) {
  expect(answer.status).toBe(429);
  expect(answer.retryAfter).toBeGreaterThanOrEqual(1);
  expect(answer.retryAfter).toBeLessThanOrEqual(WINDOW / 1000);
  expect(answer.body.detail).toMatch(
    new RegExp(`^Too many requests, try again in ${answer.retryAfter} seconds?$`),
  );
}

let registrations = 0;

/** Registers a learner from an address of their own (registration is limited per address). */
async function learnerOf(app: FastifyInstance, username: string) {
  registrations += 1;
  const answer = await call(app, 'POST', '/auth/register', {
    ip: `10.250.${Math.floor(registrations / 250)}.${registrations % 250}`,
    body: {
      username,
      email: `${username}@example.com`,
      password: `pw-${username}`,
      first_name: 'Lea',
      last_name: 'Rner',
    },
  });
  expect(answer.status).toBe(201);
  return { username, token: String(answer.body.access_token) };
}

describe.each(DATABASES)('shared limits on %s', (kind) => {
  let t: TestApp;
  const learner = (name: string) => learnerOf(t.app, name);
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: TIGHT });
    await addQuestions(t, [1, 1, 1]);
  });
  afterAll(() => t.close());

  it('refuses a fourth sign-in at one account within the window, even with the right password', async () => {
    const victim = await learner('guessed');
    const other = await learner('untouched');
    // From three addresses: the account's limit counts them together.
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3'])
      expect((await login(t.app, victim.username, 'wrong', ip)).status).toBe(401);
    const refused = await login(t.app, victim.username, `pw-${victim.username}`, '10.1.0.4');
    expectRefused(refused);
    // The account's name in another case or with spaces around is the same account.
    expectRefused(await login(t.app, ` ${victim.username.toUpperCase()} `, 'wrong', '10.1.0.5'));
    const ru = await call(t.app, 'POST', '/auth/login', {
      ip: '10.1.0.6',
      language: 'ru',
      body: { username: victim.username, password: 'wrong' },
    });
    expect(ru.status).toBe(429);
    expect(ru.body.detail).toMatch(/^Слишком много запросов, попробуйте через \d+ секунд/);
    // Another account is not held back.
    expect((await login(t.app, other.username, `pw-${other.username}`, '10.1.0.7')).status).toBe(
      200,
    );
  });

  it('counts failed sign-ins alone: a classroom behind one address signs in as often as it likes', async () => {
    const ip = '10.7.0.1';
    const pupils = [];
    for (const name of ['pupil1', 'pupil2', 'pupil3', 'pupil4', 'pupil5', 'pupil6'])
      pupils.push(await learner(name));
    // Six sign-ins from one address, over its limit of four, and one account thrice, over its three.
    for (const pupil of [...pupils, pupils[0]!, pupils[0]!])
      expect((await login(t.app, pupil.username, `pw-${pupil.username}`, ip)).status).toBe(200);
    // Failures still count: three slips at one account, then its right password is refused.
    for (let slip = 0; slip < 3; slip++)
      expect((await login(t.app, pupils[1]!.username, 'slip', ip)).status).toBe(401);
    expectRefused(await login(t.app, pupils[1]!.username, `pw-${pupils[1]!.username}`, ip));
    // The address has had four failures (the refused attempt counts as one): the next is refused.
    expectRefused(await login(t.app, pupils[2]!.username, `pw-${pupils[2]!.username}`, ip));
  });

  it('refuses a fifth sign-in from one address, whichever the accounts', async () => {
    const ip = '10.2.0.1';
    for (const name of ['a1', 'a2', 'a3', 'a4'])
      expect((await login(t.app, name, 'wrong', ip)).status).toBe(401);
    expectRefused(await login(t.app, 'a5', 'wrong', ip));
    expect((await login(t.app, 'a5', 'wrong', '10.2.0.2')).status).toBe(401);
  });

  it('refuses a third registration from one address and stores nothing for it', async () => {
    const ip = '10.3.0.1';
    const register = (username: string) =>
      call(t.app, 'POST', '/auth/register', {
        ip,
        body: {
          username,
          email: `${username}@example.com`,
          password: 'pw',
          first_name: 'R',
          last_name: 'L',
        },
      });
    expect((await register('reg1')).status).toBe(201);
    expect((await register('reg2')).status).toBe(201);
    expectRefused(await register('reg3'));
    const stored = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'reg3')
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('limits guesses at the current password, shared by a password change and a deletion', async () => {
    const guesser = await learner('guesser');
    const change = (current: string) =>
      call(t.app, 'PUT', '/user/change-password', {
        token: guesser.token,
        body: { current_password: current, new_password: 'brand-new-password' },
      });
    for (const guess of ['one', 'two', 'three']) expect((await change(guess)).status).toBe(400);
    expectRefused(await change(`pw-${guesser.username}`));
    const deletion = await call(t.app, 'DELETE', '/user/account', {
      token: guesser.token,
      body: { password: `pw-${guesser.username}` },
    });
    expectRefused(deletion);
    // Nothing changed: the old password still signs in, the account is there.
    expect(
      (await login(t.app, guesser.username, `pw-${guesser.username}`, '10.4.0.1')).status,
    ).toBe(200);
    // Another user guesses on their own count.
    const other = await learner('calm');
    const theirs = await call(t.app, 'PUT', '/user/change-password', {
      token: other.token,
      body: { current_password: 'wrong', new_password: 'brand-new-password' },
    });
    expect(theirs.status).toBe(400);
  });

  it('limits exam and training sessions started by one learner, together', async () => {
    const starter = await learner('starter');
    const start = () => call(t.app, 'POST', '/exams/sessions', { token: starter.token });
    expect((await start()).status).toBe(201);
    const training = await call(t.app, 'POST', '/training-modules/sessions', {
      token: starter.token,
      body: { session_type: 'express' },
    });
    expect(training.status).toBe(201);
    expectRefused(await start());
    expectRefused(
      await call(t.app, 'POST', '/training-modules/sessions', {
        token: starter.token,
        body: { session_type: 'express' },
      }),
    );
    const other = await learner('another');
    expect((await call(t.app, 'POST', '/exams/sessions', { token: other.token })).status).toBe(201);
  });
});

describe.each(DATABASES)('a limit’s window on %s', (kind) => {
  let t: TestApp;
  let clock = Date.parse('2030-01-01T00:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimits: { loginAccount: limit(2) },
      now: () => new Date(clock),
    });
  });
  afterAll(() => t.close());

  it('lets attempts through again once the window has ended, and says the wait left', async () => {
    await login(t.app, 'nobody', 'x');
    clock += 20_000;
    await login(t.app, 'nobody', 'x');
    const refused = await login(t.app, 'nobody', 'x');
    expect(refused.status).toBe(429);
    // The window began 20 s ago: 40 s are left.
    expect(refused.retryAfter).toBe(40);
    clock += 40_000;
    expect((await login(t.app, 'nobody', 'x')).status).toBe(401);
  });
});

describe('the client address behind a proxy', () => {
  const failures = async (app: FastifyInstance, forwardedFor: string) => {
    const answer = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { username: 'nobody', password: 'x' },
    });
    return answer.statusCode;
  };

  it('counts each client the trusted proxy names, and trusts no header when none is set', async () => {
    const limits = { loginAddress: limit(2), loginAccount: limit(100) };
    const behind = await createTestApp('sqlite', { rateLimits: limits, trustProxy: ['127.0.0.1'] });
    const direct = await createTestApp('sqlite', { rateLimits: limits });
    try {
      // Two clients behind the proxy, two failures each: neither is refused for the other's.
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.1', '203.0.113.2'])
        expect(await failures(behind.app, client)).toBe(401);
      expect(await failures(behind.app, '203.0.113.1')).toBe(429);
      // Facing clients itself, the server counts the connection's address, whatever the header.
      expect(await failures(direct.app, '203.0.113.1')).toBe(401);
      expect(await failures(direct.app, '203.0.113.2')).toBe(401);
      expect(await failures(direct.app, '203.0.113.3')).toBe(429);
    } finally {
      await behind.close();
      await direct.close();
    }
  });

  it('reads TRUST_PROXY as true, or addresses, ranges and names, and refuses anything else', () => {
    const read = (value: string) =>
      loadConfig({ JWT_SECRET: 'x'.repeat(32), TRUST_PROXY: value }).trustProxy;
    expect(read('')).toBeUndefined();
    expect(read('false')).toBeUndefined();
    expect(read('true')).toBe(true);
    expect(read('10.0.0.1, 192.168.0.0/16, loopback, ::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
    for (const bad of ['2', '10.0.0', '10.0.0.1/33', 'proxy.example', '10.0.0.1,,'])
      expect(() => read(bad), bad).toThrow(/TRUST_PROXY must be true, or the proxies' addresses/);
  });
});

// Several processes share PostgreSQL only (CI sets TEST_DATABASE_URL).
const SHARED = DATABASES.filter((kind) => kind === 'postgres');

describe.each(SHARED)('the sign-in limit across two apps on one %s database', (kind) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: TIGHT });
    second = await buildApp(t.options);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('counts attempts at one account through both processes together', async () => {
    const learner = await learnerOf(t.app, 'shared');
    expect((await login(t.app, learner.username, 'wrong', '10.5.0.1')).status).toBe(401);
    expect((await login(second, learner.username, 'wrong', '10.5.0.2')).status).toBe(401);
    expect((await login(t.app, learner.username, 'wrong', '10.5.0.3')).status).toBe(401);
    expectRefused(await login(second, learner.username, `pw-${learner.username}`, '10.5.0.4'));
    expectRefused(await login(t.app, learner.username, `pw-${learner.username}`, '10.5.0.5'));
  });
});

// The Redis store, where a Redis server is given (CI sets REDIS_URL).
const REDIS_URL = process.env.REDIS_URL;

describe.runIf(REDIS_URL)('limits counted in Redis', () => {
  const prefix = `trainer-test:${randomBytes(4).toString('hex')}:`;
  const apps: TestApp[] = [];
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(String(REDIS_URL));
    const options: Partial<AppOptions> = {
      rateLimits: TIGHT,
      redisUrl: REDIS_URL,
      redisKeyPrefix: prefix,
    };
    // Two apps with databases of their own: only Redis is shared between them.
    apps.push(await createTestApp('sqlite', options), await createTestApp('sqlite', options));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('holds one account’s sign-in limit across two apps that share only Redis', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    for (const [app, ip] of [
      [a, '10.6.0.1'],
      [b, '10.6.0.2'],
      [a, '10.6.0.3'],
    ] as const)
      expect((await login(app.app, 'redis-victim', 'wrong', ip)).status).toBe(401);
    expectRefused(await login(b.app, 'redis-victim', 'wrong', '10.6.0.4'));
    // Counted under the app's prefix, expiring with the window.
    const ttl = await redis.pttl(`${prefix}loginAccount:redis-victim`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW);
    expect(await redis.get(`${prefix}loginAccount:redis-victim`)).toBe('4');
    // Not in the database.
    const rows = await a.database.db.selectFrom('rate_limits').selectAll().execute();
    expect(rows).toEqual([]);
  });

  it('gives back in Redis a sign-in that succeeded', async () => {
    const [a] = apps as [TestApp];
    const pupil = await learnerOf(a.app, 'redis-pupil');
    for (let time = 0; time < 5; time++)
      expect((await login(a.app, pupil.username, `pw-${pupil.username}`, '10.6.1.1')).status).toBe(
        200,
      );
    expect(await redis.get(`${prefix}loginAccount:redis-pupil`)).toBe('0');
    expect(await redis.get(`${prefix}loginAddress:10.6.1.1`)).toBe('0');
  });

  it('refuses with 503 at once, never hangs, while Redis cannot be reached', async () => {
    const unreachable = await createTestApp('sqlite', {
      rateLimits: TIGHT,
      // Nothing listens on port 1.
      redisUrl: 'redis://127.0.0.1:1',
    });
    try {
      const started = Date.now();
      const answer = await login(unreachable.app, 'anyone', 'x');
      expect(answer.status).toBe(503);
      expect(answer.body.detail).toBe(
        'Attempts cannot be counted right now; try again in a moment',
      );
      expect(answer.retryAfter).toBe(5);
      expect(Date.now() - started).toBeLessThan(5000);
      // Operations without a limit are not held up.
      expect((await call(unreachable.app, 'GET', '/health')).status).toBe(200);
    } finally {
      await unreachable.close();
    }
  });
});
