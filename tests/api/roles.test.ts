import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractOperation, loadContract } from '../../server/http/contract';
import { createTestApp, DATABASES, type TestApp } from './helpers';

const SAMPLE_PARAMS: Record<string, string> = {
  id: '1',
  ticket_number: '1',
  key: 'site_name',
  name: 'missing.png',
  filename: 'backup-missing.sqlite',
};

function urlOf(op: ContractOperation): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1');
}

function sends(op: ContractOperation) {
  return ['POST', 'PUT', 'PATCH'].includes(op.method) && !op.multipart ? { body: {} } : {};
}

const operations = loadContract().operations;

// Generated from the contract: every operation as guest, learner and administrator.
describe.each(DATABASES)('role matrix on %s', (kind) => {
  let t: TestApp;
  let learner: string;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    learner = (await t.learner('matrix')).token;
    admin = await t.adminToken();
  });
  afterAll(() => t.close());

  const signedIn = operations.filter((op) => op.access === 'user' || op.access === 'admin');
  it.each(signedIn.map((op) => [op.operationId, op] as const))(
    '%s answers 401 to a guest',
    async (_, op) => {
      const res = await t.api(op.method as 'GET', urlOf(op), sends(op));
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ detail: expect.any(String) });
    },
  );

  const adminOnly = operations.filter((op) => op.access === 'admin');
  it.each(adminOnly.map((op) => [op.operationId, op] as const))(
    '%s answers 403 to a learner',
    async (_, op) => {
      const res = await t.api(op.method as 'GET', urlOf(op), { token: learner, ...sends(op) });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ detail: expect.any(String) });
    },
  );

  const learnerOps = operations.filter((op) => op.access === 'user');
  // Signing out (or deleting the account) ends the token that asks: such a call gets its own.
  const endsSession = new Set(['logout', 'logoutAll', 'deleteOwnAccount']);
  it.each(learnerOps.map((op) => [op.operationId, op] as const))(
    '%s lets a learner through and never fails on the server',
    async (_, op) => {
      const token = endsSession.has(op.operationId) ? (await t.learner()).token : learner;
      const res = await t.api(op.method as 'GET', urlOf(op), { token, ...sends(op) });
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    },
  );

  // Destructive calls run last so the others see data.
  const byRisk = [...adminOnly].sort(
    (a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'),
  );
  it.each(byRisk.map((op) => [op.operationId, op] as const))(
    '%s lets an administrator through and never fails on the server',
    async (_, op) => {
      const res = await t.api(op.method as 'GET', urlOf(op), { token: admin, ...sends(op) });
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    },
  );
});
