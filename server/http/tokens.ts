import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenService {
  issue(userId: number): string;
  /** The user id the token names, or undefined when it is bad or expired. */
  verify(token: string): number | undefined;
}

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const USER_ID = /^[1-9]\d{0,9}$/;

/** HS256 bearer tokens; any process holding the same secret accepts them. */
export function createTokenService(secret: string): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  // Every token this service issues expires: one without `exp` was not made here.
  const check = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp'],
    cache: 1000,
  });
  return {
    issue: (userId) => sign({ sub: String(userId) }),
    verify(token) {
      try {
        const { sub } = check(token) as { sub?: unknown };
        // The id as issued, decimal digits in a string; not `true`, `[1]` or '0x1'.
        return typeof sub === 'string' && USER_ID.test(sub) ? Number(sub) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
