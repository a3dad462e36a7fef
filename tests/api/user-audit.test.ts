import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helpers';

interface Entry {
  id: number;
  action: string;
  summary: string;
  details: Record<string, unknown> | null;
  username: string | null;
}

/**
 * What the audit log says about a change to a user: promoting, demoting, deactivating,
 * reactivating and a new password are each an entry of their own, worded as such; other fields
 * are a `user.update`. Only what really changed is recorded.
 */
describe.each(DATABASES)('the audit log of changes to a user on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let learner: { id: number; username: string };
  let seen = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.adminToken();
    learner = await t.learner('learner020');
    seen = Math.max(0, ...(await activity()).map((entry) => entry.id));
  });
  afterAll(() => t.close());

  async function activity(): Promise<Entry[]> {
    const res = await t.api<{ recent_activity: Entry[] }>('GET', '/settings/system/status', {
      token: admin,
    });
    expect(res.status).toBe(200);
    return res.body.recent_activity;
  }

  /** The entries a PUT of `body` writes, oldest first, as [action, summary]. */
  async function entriesOf(body: Record<string, unknown>): Promise<[string, string][]> {
    const res = await t.api('PUT', `/admin/users/${learner.id}`, { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const added = (await activity()).filter((entry) => entry.id > seen).reverse();
    seen = Math.max(seen, ...added.map((entry) => entry.id));
    for (const entry of added) {
      expect(entry.username).toBe('admin');
      expect(entry.details).toEqual({ username: expect.any(String) });
    }
    return added.map((entry) => [entry.action, entry.summary]);
  }

  it('records a promotion, and none when the user already is an administrator', async () => {
    expect(await entriesOf({ is_admin: true })).toEqual([
      ['user.promote', 'Made learner020 an administrator'],
    ]);
    expect(await entriesOf({ is_admin: true })).toEqual([]);
  });

  it('records a demotion', async () => {
    expect(await entriesOf({ is_admin: false })).toEqual([
      ['user.demote', 'learner020 is no longer an administrator'],
    ]);
  });

  it('records a deactivation and a reactivation', async () => {
    expect(await entriesOf({ is_active: false })).toEqual([
      ['user.deactivate', 'Deactivated user learner020'],
    ]);
    expect(await entriesOf({ is_active: false })).toEqual([]);
    expect(await entriesOf({ is_active: true })).toEqual([
      ['user.activate', 'Reactivated user learner020'],
    ]);
  });

  it('records a new password without the password', async () => {
    expect(await entriesOf({ password: 'a-secret-new-password' })).toEqual([
      ['user.password_reset', 'Reset the password of learner020'],
    ]);
    const kept = await t.database.db.selectFrom('audit_log').selectAll().execute();
    expect(JSON.stringify(kept)).not.toContain('a-secret-new-password');
  });

  it('records a new name, e-mail or username as an update', async () => {
    expect(await entriesOf({ first_name: 'Anna' })).toEqual([
      ['user.update', 'Updated user learner020'],
    ]);
    expect(await entriesOf({ username: 'learner021', email: 'learner021@example.com' })).toEqual([
      ['user.update', 'Updated user learner021'],
    ]);
  });

  it('records one entry per kind of change of a combined edit, in a fixed order', async () => {
    expect(
      await entriesOf({
        last_name: 'Petrova',
        password: 'another-new-password',
        is_active: false,
        is_admin: true,
      }),
    ).toEqual([
      ['user.promote', 'Made learner021 an administrator'],
      ['user.deactivate', 'Deactivated user learner021'],
      ['user.password_reset', 'Reset the password of learner021'],
      ['user.update', 'Updated user learner021'],
    ]);
    expect(await entriesOf({ username: 'learner020', is_admin: false, is_active: true })).toEqual([
      ['user.demote', 'learner020 is no longer an administrator'],
      ['user.activate', 'Reactivated user learner020'],
      ['user.update', 'Updated user learner020'],
    ]);
  });

  it('records only what a PUT of the whole form changed, and nothing for no change', async () => {
    const form = {
      username: 'learner020',
      email: 'learner021@example.com',
      first_name: 'Anna',
      last_name: 'Petrova',
      is_admin: false,
      is_active: true,
    };
    expect(await entriesOf(form)).toEqual([]);
    // Trimmed as it is stored: the same name.
    expect(await entriesOf({ ...form, first_name: ' Anna ' })).toEqual([]);
    expect(await entriesOf({ ...form, is_admin: true })).toEqual([
      ['user.promote', 'Made learner020 an administrator'],
    ]);
    expect(await entriesOf({ ...form, is_admin: true, email: 'anna@example.com' })).toEqual([
      ['user.update', 'Updated user learner020'],
    ]);
  });
});
