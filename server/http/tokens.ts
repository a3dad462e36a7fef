import { createSigner, createVerifier } from 'fast-jwt';

export interface TokenService {
  issue(userId: number): string;
  /** The user id the token names, or undefined when it is bad or expired. */
  verify(token: string): number | undefined;
}

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;

/** HS256 bearer tokens; any process holding the same secret accepts them. */
export function createTokenService(secret: string): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  const check = createVerifier({ key: secret, algorithms: ['HS256'], cache: 1000 });
  return {
    issue: (userId) => sign({ sub: String(userId) }),
    verify(token) {
      try {
        const payload = check(token) as { sub?: unknown };
        const id = Number(payload.sub);
        return Number.isInteger(id) && id > 0 ? id : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
