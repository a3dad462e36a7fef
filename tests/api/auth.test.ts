import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helpers';

describe.each(DATABASES)('auth and users on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A valid registration body in which only the username matters. */
  const registration = (username: string): Record<string, unknown> => ({
    username,
    email: `${username}@example.com`,
    password: 'x',
    first_name: 'A',
    last_name: 'B',
  });

  /** Registers with any name and password: the account's username and e-mail matter. */
  const register = (account: { username: string; email: string }) =>
    t.api('POST', '/auth/register', { body: { ...registration(account.username), ...account } });

  it('registers a learner who is signed in at once and never sees a password hash', async () => {
    const res = await t.api('POST', '/auth/register', {
      body: {
        username: 'anna',
        email: 'anna@example.com',
        password: 'secret',
        first_name: 'Anna',
        last_name: 'K',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.access_token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ username: 'anna', is_admin: false, is_active: true });
    expect(JSON.stringify(res.body)).not.toContain('password');
    const me = await t.api('GET', '/auth/me', { token: res.body.access_token });
    expect(me.status).toBe(200);
    expect(me.body.username).toBe('anna');
  });

  it('words a refused field for the caller: which field, and what it must be', async () => {
    const details = registration('bea');
    const refusal = async (body: Record<string, unknown>) => {
      const res = await t.api('POST', '/auth/register', { body });
      expect(res.status).toBe(400);
      return res.body.detail as string;
    };
    expect(await refusal({ ...details, username: 'b'.repeat(51) })).toBe(
      '"username" must be at most 50 characters long',
    );
    expect(await refusal({ ...details, email: undefined })).toBe(
      'The request body lacks the required field "email"',
    );
    expect(await refusal({ ...details, role: 'admin' })).toBe(
      'The field "role" is not known in the request body',
    );
    expect(await refusal({ ...details, first_name: 7 })).toBe('"first_name" must be text');
    const admin = await t.adminToken();
    const page = await t.api('GET', '/admin/questions?page=0x1', { token: admin });
    expect(page.body.detail).toBe('"page" must be a whole number written in decimal digits');
    const bea = await t.api('POST', '/auth/login', { body: { username: 'bea', password: 'x' } });
    expect(bea.status).toBe(401);
  });

  it('refuses a second account with the same username in another case', async () => {
    const res = await register({ username: 'ANNA', email: 'other@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ detail: 'This username is already taken', field: 'username' });
  });

  /** The usernames the administrator's users search finds. */
  const found = async (search: string) =>
    (
      await t.api('GET', `/admin/users?search=${encodeURIComponent(search)}`, {
        token: await t.adminToken(),
      })
    ).body.map((user: { username: string }) => user.username);

  it('finds users by part of a username, an e-mail or a name, folding case in every script', async () => {
    const created = await t.api('POST', '/auth/register', {
      body: { ...registration('yolka'), first_name: 'Ёлка', last_name: 'Иванова' },
    });
    expect(created.status).toBe(201);
    expect(await found('ЁЛКА')).toEqual(['yolka']);
    expect(await found('ёлка ив')).toEqual(['yolka']);
    expect(await found('ИВАНОВА')).toEqual(['yolka']);
    expect(await found('YOLKA@EXAMPLE')).toEqual(['yolka']);
    expect(await found('ёлка иванова!')).toEqual([]);
  });

  it('finds a user by the name as the app writes it, family name first for Chinese and Korean', async () => {
    for (const [username, first_name, last_name] of [
      ['wangming', '明', '王'],
      ['petrova', 'Анна', 'Петрова'],
    ] as const) {
      const created = await t.api('POST', '/auth/register', {
        body: { ...registration(username), first_name, last_name },
      });
      expect(created.status).toBe(201);
    }
    // 王明, as the users list shows him; 王 明 and Петрова Анна, family name first, spaced.
    expect(await found('王明')).toEqual(['wangming']);
    expect(await found('王 明')).toEqual(['wangming']);
    expect(await found('петрова анна')).toEqual(['petrova']);
  });

  it('creates one account when registrations race for a username; the others get 409', async () => {
    const admin = await t.adminToken();
    const users = async () =>
      (await t.api<{ username: string }[]>('GET', '/admin/users', { token: admin })).body.length;
    const before = await users();
    const body = {
      username: 'racer',
      email: 'racer@example.com',
      password: 'racer-password',
      first_name: 'R',
      last_name: 'Acer',
    };
    // All of them pass the availability check before any is stored.
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => t.api('POST', '/auth/register', { body })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body).toMatchObject({ field: 'username', fields: ['username', 'email'] });
    }
    expect(await users()).toBe(before + 1);
  });

  it('refuses a registration with a missing field, an unknown field or a bad e-mail', async () => {
    const base = registration('zed');
    for (const body of [
      { ...base, first_name: undefined },
      { ...base, role: 'admin' },
      { ...base, email: 'not-an-email' },
      { ...base, username: 42 },
    ]) {
      const res = await t.api('POST', '/auth/register', { body });
      expect(res.status).toBe(400);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    const login = await t.api('POST', '/auth/login', { body: { username: 'zed', password: 'x' } });
    expect(login.status).toBe(401);
  });

  it('refuses names of only spaces or invisible characters, and keeps visible ones trimmed', async () => {
    const base = registration('blanky');
    for (const body of [
      { ...base, first_name: '   ' },
      { ...base, last_name: '\u200B' },
      { ...base, first_name: '\uFEFF\u200D \u200E' },
    ]) {
      const res = await t.api('POST', '/auth/register', { body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.detail).toMatch(/name is empty/);
    }
    const kept = await t.api('POST', '/auth/register', {
      body: { ...base, first_name: '\u200B Bea \uFEFF', last_name: ' Lee ' },
    });
    expect(kept.status).toBe(201);
    expect(kept.body.user).toMatchObject({ first_name: 'Bea', last_name: 'Lee' });
  });

  it("refuses a username that is someone's e-mail and an e-mail that is someone's username", async () => {
    const res = await register({ username: 'ANNA@example.com', email: 'mallory@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/username/);
    const first = await register({ username: 'carol@example.org', email: 'carol@example.org' });
    // One's own e-mail as one's username is fine: both sign in as the same account.
    expect(first.status).toBe(201);
    const second = await register({ username: 'dave', email: 'Carol@example.org' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ detail: 'This e-mail is already taken', field: 'email' });
  });

  it('names both fields when the username and the e-mail are both taken, by one user or two', async () => {
    const admin = await t.adminToken();
    const before = (await t.api('GET', '/admin/users', { token: admin })).body.length;
    const same = await register({ username: 'Anna', email: 'ANNA@example.com' });
    expect(same.status).toBe(409);
    expect(same.body).toEqual({
      detail: 'This username and this e-mail are already taken',
      field: 'username',
      fields: ['username', 'email'],
    });
    await register({ username: 'erin', email: 'erin@example.com' });
    const two = await t.api('POST', '/auth/register', {
      headers: { 'accept-language': 'ru' },
      body: {
        username: 'erin',
        email: 'anna@example.com',
        password: 'pw',
        first_name: 'E',
        last_name: 'R',
      },
    });
    expect(two.status).toBe(409);
    expect(two.body).toEqual({
      detail: 'Это имя пользователя и этот адрес электронной почты уже заняты',
      field: 'username',
      fields: ['username', 'email'],
    });
    // erin alone was added.
    expect((await t.api('GET', '/admin/users', { token: admin })).body).toHaveLength(before + 1);
  });

  it('logs in by username or e-mail and rejects a wrong password with a detail', async () => {
    const ok = await t.api('POST', '/auth/login', {
      body: { username: 'anna@example.com', password: 'secret' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.user.last_login).not.toBeNull();
    const bad = await t.api('POST', '/auth/login', {
      body: { username: 'anna', password: 'wrong' },
    });
    expect(bad.status).toBe(401);
    expect(bad.body.detail).toBe('Incorrect username or password');
  });

  it('answers 401 without a token or with a forged one', async () => {
    expect((await t.api('GET', '/auth/me')).status).toBe(401);
    const forged = await t.api('GET', '/auth/me', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad',
    });
    expect(forged.status).toBe(401);
    expect(forged.body.detail).toEqual(expect.any(String));
  });

  it('updates the profile and refuses a username someone else holds', async () => {
    const learner = await t.learner('profiler');
    const res = await t.api('PUT', '/user/profile', {
      token: learner.token,
      body: {
        username: 'profiler2',
        email: 'p2@example.com',
        first_name: 'Pro',
        last_name: 'Filer',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ username: 'profiler2', first_name: 'Pro' });
    const clash = await t.api('PUT', '/user/profile', {
      token: learner.token,
      body: { username: 'anna', email: 'p2@example.com', first_name: 'Pro', last_name: 'Filer' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.field).toBe('username');
    const me = await t.api('GET', '/auth/me', { token: learner.token });
    expect(me.body.username).toBe('profiler2');
  });

  it('changes the password only with the right current one', async () => {
    const learner = await t.learner('changer');
    const wrong = await t.api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: 'nope', new_password: 'new-one' },
    });
    expect(wrong.status).toBe(400);
    const same = await t.api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: 'pw-changer', new_password: 'pw-changer' },
    });
    expect(same.status).toBe(422);
    expect(same.body).toEqual({
      detail: 'The new password is the same as the current one',
      field: 'new_password',
    });
    // Nothing changed: the session it would have ended goes on.
    expect((await t.api('GET', '/auth/me', { token: learner.token })).status).toBe(200);
    const ok = await t.api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: 'pw-changer', new_password: 'new-one' },
    });
    expect(ok.status).toBe(200);
    const login = await t.api('POST', '/auth/login', {
      body: { username: 'changer', password: 'new-one' },
    });
    expect(login.status).toBe(200);
  });

  it('refuses a new password of spaces only wherever one is set, and keeps the old one', async () => {
    const blank = ' \t ';
    const registered = await t.api('POST', '/auth/register', {
      body: { ...registration('spacey'), password: blank },
    });
    expect(registered.status).toBe(422);
    expect(registered.body).toEqual({ detail: 'The password is only spaces', field: 'password' });
    const none = await t.api('POST', '/auth/login', {
      body: { username: 'spacey', password: blank },
    });
    expect(none.status).toBe(401);

    const learner = await t.learner('keeper');
    const changed = await t.api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: 'pw-keeper', new_password: '   ' },
    });
    expect(changed.status).toBe(422);
    expect(changed.body.field).toBe('new_password');

    const admin = await t.adminToken();
    const created = await t.api('POST', '/admin/users', {
      token: admin,
      body: { username: 'spacey2', email: 'spacey2@example.com', password: '   ' },
    });
    expect(created.status).toBe(422);
    expect(created.body.field).toBe('password');
    const reset = await t.api('PUT', `/admin/users/${learner.id}`, {
      token: admin,
      body: { password: '    ', first_name: 'Renamed' },
    });
    expect(reset.status).toBe(422);
    expect(reset.body.field).toBe('password');

    // Nothing was stored: no account, and the learner's password and name are as they were.
    const users = await t.api<{ username: string }[]>('GET', '/admin/users?search=spacey', {
      token: admin,
    });
    expect(users.body).toEqual([]);
    const login = await t.api('POST', '/auth/login', {
      body: { username: 'keeper', password: 'pw-keeper' },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.first_name).toBe('Lea');
    // A password with spaces among other characters is a password like any other.
    const spaced = await t.api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: 'pw-keeper', new_password: ' two words ' },
    });
    expect(spaced.status).toBe(200);
  });

  it('ends every other session on a password change and gives the changing one a new token', async () => {
    const learner = await t.learner('rotator');
    const elsewhere = await t.api('POST', '/auth/login', {
      body: { username: 'rotator', password: 'pw-rotator' },
    });
    const other = elsewhere.body.access_token as string;
    expect((await t.api('GET', '/auth/me', { token: other })).status).toBe(200);

    const changed = await t.api('PUT', '/user/change-password', {
      token: learner.token,
      body: { current_password: 'pw-rotator', new_password: 'rotated-pw' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      message: 'Password changed successfully',
      access_token: expect.any(String),
      token_type: 'bearer',
    });
    for (const old of [learner.token, other])
      expect((await t.api('GET', '/auth/me', { token: old })).status).toBe(401);
    const me = await t.api('GET', '/auth/me', { token: changed.body.access_token });
    expect(me.body.username).toBe('rotator');

    // A password an administrator sets ends the user's sessions too; other edits do not.
    const admin = await t.adminToken();
    const current = changed.body.access_token as string;
    await t.api('PUT', `/admin/users/${learner.id}`, { token: admin, body: { first_name: 'Ro' } });
    expect((await t.api('GET', '/auth/me', { token: current })).status).toBe(200);
    await t.api('PUT', `/admin/users/${learner.id}`, {
      token: admin,
      body: { password: 'reset-pw' },
    });
    expect((await t.api('GET', '/auth/me', { token: current })).status).toBe(401);
    const fresh = await t.api('POST', '/auth/login', {
      body: { username: 'rotator', password: 'reset-pw' },
    });
    expect((await t.api('GET', '/auth/me', { token: fresh.body.access_token })).status).toBe(200);
  });

  it('lets an administrator manage users and keeps learners out', async () => {
    const admin = await t.adminToken();
    const learner = await t.learner('plain');
    expect((await t.api('GET', '/admin/users', { token: learner.token })).status).toBe(403);
    expect((await t.api('GET', '/admin/users')).status).toBe(401);

    const created = await t.api('POST', '/admin/users', {
      token: admin,
      body: { username: 'helper', email: 'helper@example.com', password: 'pw', is_admin: true },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ is_admin: true, first_name: '' });

    const list = await t.api('GET', '/admin/users?role=admin&search=HELP', { token: admin });
    expect(list.body.map((u: { username: string }) => u.username)).toEqual(['helper']);

    const updated = await t.api('PUT', `/admin/users/${created.body.id}`, {
      token: admin,
      body: { is_active: false, first_name: 'Help' },
    });
    expect(updated.body).toMatchObject({ is_active: false, first_name: 'Help' });
    const inactive = await t.api('POST', '/auth/login', {
      body: { username: 'helper', password: 'pw' },
    });
    expect(inactive.status).toBe(403);

    expect(
      (await t.api('PUT', '/admin/users/99999', { token: admin, body: { first_name: 'x' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.api('PUT', `/admin/users/${created.body.id}`, { token: admin, body: {} })).status,
    ).toBe(400);

    const deleted = await t.api('DELETE', `/admin/users/${created.body.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(
      (await t.api('DELETE', `/admin/users/${created.body.id}`, { token: admin })).status,
    ).toBe(404);

    // An administrator cannot delete their own account, and keeps it.
    const me = await t.api<{ id: number }>('GET', '/auth/me', { token: admin });
    const self = await t.api('DELETE', `/admin/users/${me.body.id}`, { token: admin });
    expect(self.status).toBe(409);
    expect(self.body).toEqual({ detail: 'You cannot delete your own account' });
    expect((await t.api('GET', '/auth/me', { token: admin })).status).toBe(200);
  });

  it('stops honouring a token on the next request once its user changes, however changed', async () => {
    const admin = await t.adminToken();
    const learner = await t.learner('fading');
    // Requests that a process may answer from what it read before.
    for (let i = 0; i < 3; i++)
      expect((await t.api('GET', '/exams/stats', { token: learner.token })).status).toBe(200);

    await t.api('PUT', `/admin/users/${learner.id}`, { token: admin, body: { is_admin: true } });
    expect((await t.api('GET', '/admin/users', { token: learner.token })).status).toBe(200);
    await t.api('PUT', `/admin/users/${learner.id}`, { token: admin, body: { is_admin: false } });
    expect((await t.api('GET', '/admin/users', { token: learner.token })).status).toBe(403);

    // Behind the API's back, as a restore or a script would.
    await t.database.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', '=', learner.id)
      .execute();
    expect((await t.api('GET', '/exams/stats', { token: learner.token })).status).toBe(401);
    await t.database.db
      .updateTable('users')
      .set({ is_active: 1 })
      .where('id', '=', learner.id)
      .execute();
    expect((await t.api('GET', '/exams/stats', { token: learner.token })).status).toBe(200);

    await t.api('DELETE', `/admin/users/${learner.id}`, { token: admin });
    expect((await t.api('GET', '/auth/me', { token: learner.token })).status).toBe(401);
  });

  it('never lets the administrator delete or demote themselves', async () => {
    const admin = await t.adminToken();
    const me = await t.api('GET', '/auth/me', { token: admin });
    expect((await t.api('DELETE', `/admin/users/${me.body.id}`, { token: admin })).status).toBe(
      409,
    );
    const demote = await t.api('PUT', `/admin/users/${me.body.id}`, {
      token: admin,
      body: { is_admin: false },
    });
    expect(demote.status).toBe(409);
    expect((await t.api('GET', '/auth/me', { token: admin })).body.is_admin).toBe(true);
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts', async () => {
    const t = await createTestApp('sqlite', { authRateLimit: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await t.api('POST', '/auth/login', { body: { username: 'x', password: 'y' } })).status,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.at(-1)).toBe(429);
      // The refusal says how long to wait, as its retry-after does, in the caller's language.
      const refused = await t.api('POST', '/auth/login', {
        body: { username: 'x', password: 'y' },
        headers: { 'accept-language': 'ru' },
      });
      const seconds = Number(refused.headers['retry-after']);
      expect(seconds).toBeGreaterThan(0);
      expect(refused.body.detail).toMatch(
        new RegExp(`^Слишком много запросов, попробуйте через ${seconds} секунд`),
      );
    } finally {
      await t.close();
    }
  });
});
