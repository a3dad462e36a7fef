/**
 * Sign-out on the server: a signed-out token is refused everywhere (401), on every process of
 * one PostgreSQL database too; signing out everywhere ends all of a user's tokens; deactivating
 * a user ends theirs, refused as deactivated (as sign-in is), and reactivating does not bring
 * them back.
 */
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, DATABASES, type TestApp } from './helpers';

describe.each(DATABASES)('sign-out on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const me = (token: string) => t.api('GET', '/auth/me', { token });
  const login = async (username: string, password = `pw-${username}`) => {
    const res = await t.api('POST', '/auth/login', { body: { username, password } });
    expect(res.status).toBe(200);
    return res.body.access_token as string;
  };

  it('refuses a signed-out token from then on, while the same user’s other session goes on', async () => {
    const { token: first, username } = await t.learner('leaver');
    const second = await login(username);
    // Read once before: a process that keeps callers must not keep this one.
    expect((await me(first)).status).toBe(200);

    const out = await t.api('POST', '/auth/logout', { token: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out' });

    const refused = await me(first);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ detail: 'Invalid or expired token' });
    expect((await t.api('GET', '/exams/history', { token: first })).status).toBe(401);
    // Signing out twice: the token no longer opens anything, sign-out included.
    expect((await t.api('POST', '/auth/logout', { token: first })).status).toBe(401);
    expect((await me(second)).status).toBe(200);
    expect((await t.api('POST', '/auth/logout')).status).toBe(401);
  });

  it('lists a signed-out token until it expires, and lets go of revocations already expired', async () => {
    const learner = await t.learner('listed');
    await t.database.db
      .insertInto('revoked_tokens')
      .values({
        token_id: 'expired-long-ago',
        user_id: learner.id,
        expires_at: '2001-01-01T00:00:00.000Z',
      })
      .execute();
    expect((await t.api('POST', '/auth/logout', { token: learner.token })).status).toBe(200);
    const rows = await t.database.db
      .selectFrom('revoked_tokens')
      .selectAll()
      .where('user_id', '=', learner.id)
      .execute();
    expect(rows).toHaveLength(1);
    // Kept as long as the token itself would have lasted: seven days from its issue.
    const days = (Date.parse(String(rows[0]?.expires_at)) - Date.now()) / (24 * 3600 * 1000);
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('signs out everywhere: every token of the user is refused, a new sign-in works', async () => {
    const { token: first, username } = await t.learner('everywhere');
    const second = await login(username);
    const other = await t.learner('bystander');

    const out = await t.api('POST', '/auth/logout-all', { token: second });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out everywhere' });
    expect((await me(first)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    // Another user's session is not touched.
    expect((await me(other.token)).status).toBe(200);

    const fresh = await login(username);
    expect((await me(fresh)).body.username).toBe(username);
  });

  it('ends a user’s tokens when an administrator deactivates them; reactivation does not revive them', async () => {
    const admin = await t.adminToken();
    const learner = await t.learner('paused');
    expect((await me(learner.token)).status).toBe(200);
    const off = await t.api('PUT', `/admin/users/${learner.id}`, {
      token: admin,
      body: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect((await me(learner.token)).status).toBe(401);
    const on = await t.api('PUT', `/admin/users/${learner.id}`, {
      token: admin,
      body: { is_active: true },
    });
    expect(on.status).toBe(200);
    expect((await me(learner.token)).status).toBe(401);
    // The account itself works again.
    expect((await me(await login(learner.username))).status).toBe(200);
  });

  it('tells a deactivated learner’s open session that the account is deactivated, as sign-in does', async () => {
    const admin = await t.adminToken();
    const learner = await t.learner('switchedoff');
    expect((await me(learner.token)).status).toBe(200);
    await t.api('PUT', `/admin/users/${learner.id}`, { token: admin, body: { is_active: false } });

    const deactivated = { detail: 'This account is deactivated', code: 'account_deactivated' };
    const refused = await me(learner.token);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(deactivated);
    const history = await t.api('GET', '/exams/history', { token: learner.token });
    expect(history.status).toBe(401);
    expect(history.body).toEqual(deactivated);
    const russian = await t.api('GET', '/exams/stats', {
      token: learner.token,
      headers: { 'accept-language': 'ru' },
    });
    expect(russian.status).toBe(401);
    expect(russian.body).toEqual({
      detail: 'Эта учётная запись отключена',
      code: 'account_deactivated',
    });
    // Where a guest is welcome, the token is no one's: served as to a guest.
    const open = await t.api('GET', '/settings?public_only=true', { token: learner.token });
    expect(open.status).toBe(200);
    const login = await t.api('POST', '/auth/login', {
      body: { username: learner.username, password: `pw-${learner.username}` },
    });
    expect(login.status).toBe(403);
    expect(login.body).toEqual(deactivated);

    // A token merely expired, forged or ended keeps its plain refusal, with no code.
    expect((await me('not-a-token')).body).toEqual({ detail: 'Invalid or expired token' });
    await t.api('PUT', `/admin/users/${learner.id}`, { token: admin, body: { is_active: true } });
    const ended = await me(learner.token);
    expect(ended.status).toBe(401);
    expect(ended.body).toEqual({ detail: 'Invalid or expired token' });
  });

  it('signs out a token issued before tokens carried an id', async () => {
    const learner = await t.learner('oldtoken');
    const sign = createSigner({
      key: t.options.jwtSecret,
      algorithm: 'HS256',
      expiresIn: 3600_000,
    });
    const old = sign({ sub: String(learner.id), rev: 0 });
    expect((await me(old)).status).toBe(200);
    expect((await t.api('POST', '/auth/logout', { token: old })).status).toBe(200);
    expect((await me(old)).status).toBe(401);
    expect((await me(learner.token)).status).toBe(200);
  });
});

// Several processes share PostgreSQL only (CI sets TEST_DATABASE_URL).
const SHARED = DATABASES.filter((kind) => kind === 'postgres');

describe.each(SHARED)('sign-out seen by a second app on one %s database', (kind) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // Another process of the same deployment: same database, schema and secret.
    second = await buildApp(t.options);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const meOnSecond = async (token: string) =>
    (
      await second.inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode;

  it('refuses on the second app a token signed out through the first', async () => {
    const learner = await t.learner('twoapps');
    expect(await meOnSecond(learner.token)).toBe(200);
    expect((await t.api('POST', '/auth/logout', { token: learner.token })).status).toBe(200);
    expect(await meOnSecond(learner.token)).toBe(401);
  });

  it('refuses on the first app every token after signing out everywhere on the second', async () => {
    const learner = await t.learner('twoapps2');
    const out = await second.inject({
      method: 'POST',
      url: '/api/v1/auth/logout-all',
      headers: { authorization: `Bearer ${learner.token}` },
    });
    expect(out.statusCode).toBe(200);
    expect((await t.api('GET', '/auth/me', { token: learner.token })).status).toBe(401);
  });
});
