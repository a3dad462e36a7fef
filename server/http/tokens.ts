import { createSigner, createVerifier } from 'fast-jwt';
import { BoundedMap } from '../bounded-map';

export interface TokenService {
  issue(userId: number): string;
  /** The user id the token names, or undefined when it is bad or expired. */
  verify(token: string): number | undefined;
}

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const USER_ID = /^[1-9]\d{0,9}$/;
/** Tokens whose verification is remembered; a learner sends the same one on every request. */
const VERIFIED_TOKENS = 10_000;

/** HS256 bearer tokens; any process holding the same secret accepts them. */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  // Every token this service issues expires: one without `exp` was not made here.
  const check = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp'],
  });
  // A good token's user and expiry by its text: checking the signature again (and fast-jwt's
  // own cache, which hashes the token) cost more than the rest of a cached read.
  const verified = new BoundedMap<string, { userId: number; expiresAt: number }>(VERIFIED_TOKENS);

  function checked(token: string): { userId: number; expiresAt: number } | undefined {
    try {
      const { sub, exp } = check(token) as { sub?: unknown; exp?: unknown };
      // The id as issued, decimal digits in a string; not `true`, `[1]` or '0x1'.
      if (typeof sub !== 'string' || !USER_ID.test(sub) || typeof exp !== 'number')
        return undefined;
      return { userId: Number(sub), expiresAt: exp * 1000 };
    } catch {
      return undefined;
    }
  }

  return {
    issue: (userId) => sign({ sub: String(userId) }),
    verify(token) {
      let known = verified.get(token);
      if (!known) {
        known = checked(token);
        if (!known) return undefined;
        verified.set(token, known);
      }
      if (now() < known.expiresAt) return known.userId;
      verified.delete(token);
      return undefined;
    },
  };
}
