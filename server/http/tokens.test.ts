import { createHash } from 'node:crypto';
import { createSigner } from 'fast-jwt';
import { describe, expect, it } from 'vitest';
import { createTokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const subject = (userId: number, sessionRevision = 0) => ({ userId, sessionRevision });

describe('createTokenService', () => {
  const tokens = createTokenService(SECRET);

  it('reads back the user id and session revision of a token it issued', () => {
    expect(tokens.verify(tokens.issue(subject(42, 3)))).toMatchObject(subject(42, 3));
  });

  it('refuses a token signed with another secret', () => {
    expect(createTokenService(`${SECRET}-other`).verify(tokens.issue(subject(42)))).toBeUndefined();
  });

  it('refuses a subject that is not a user id written as it is issued, even correctly signed', () => {
    const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000 });
    for (const sub of [true, [1], 1, '1.0', '0x1', ' 1', '01', '0', '-1', '99999999999'])
      expect(tokens.verify(sign({ sub })), JSON.stringify(sub)).toBeUndefined();
    expect(tokens.verify(sign({ sub: '7' }))).toMatchObject(subject(7));
  });

  it('reads a token without a session revision (issued before they existed) as revision 0, and refuses a bad one', () => {
    const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000 });
    expect(tokens.verify(sign({ sub: '7' }))).toMatchObject(subject(7, 0));
    for (const rev of ['1', -1, 1.5, null, [2]])
      expect(tokens.verify(sign({ sub: '7', rev })), JSON.stringify(rev)).toBeUndefined();
  });

  it('refuses a token it accepted once it has expired', () => {
    let clock = Date.now();
    const timed = createTokenService(SECRET, () => clock);
    const token = timed.issue(subject(5));
    expect(timed.verify(token)).toMatchObject(subject(5));
    clock += 7 * 24 * 3600 * 1000 - 60_000;
    expect(timed.verify(token)).toMatchObject(subject(5));
    clock += 2 * 60_000;
    expect(timed.verify(token)).toBeUndefined();
  });

  it('refuses a correctly signed token that never expires', () => {
    const forever = createSigner({ key: SECRET, algorithm: 'HS256' });
    expect(tokens.verify(forever({ sub: '1' }))).toBeUndefined();
  });

  it('gives every token it issues an id of its own, and a token without one the digest of its text', () => {
    const first = tokens.verify(tokens.issue(subject(42)));
    const second = tokens.verify(tokens.issue(subject(42)));
    expect(first?.tokenId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second?.tokenId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(first?.tokenId).not.toBe(second?.tokenId);
    const sign = createSigner({ key: SECRET, algorithm: 'HS256', expiresIn: 60_000 });
    const old = sign({ sub: '7' });
    const digest = createHash('sha256').update(old).digest('base64url');
    expect(tokens.verify(old)).toMatchObject({ userId: 7, tokenId: digest });
    for (const jti of ['short', 7, 'x'.repeat(65), 'with space and more than 16'])
      expect(tokens.verify(sign({ sub: '7', jti })), JSON.stringify(jti)).toBeUndefined();
  });

  it('tells when a token expires', () => {
    const clock = Date.now();
    const timed = createTokenService(SECRET, () => clock);
    const expiresAt = timed.verify(timed.issue(subject(5)))?.expiresAt ?? 0;
    // Whole seconds in the token: within a second of a week from now.
    expect(Math.abs(expiresAt - (clock + 7 * 24 * 3600 * 1000))).toBeLessThan(1000);
  });
});
