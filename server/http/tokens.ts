import { createHash, randomBytes } from 'node:crypto';
import { createSigner, createVerifier } from 'fast-jwt';
import { BoundedMap } from '../bounded-map';

/** Who a token speaks for, and the user's session revision it was issued under. */
export interface TokenSubject {
  userId: number;
  /** The user's `session_revision` at issue (0 for tokens issued before it existed). */
  sessionRevision: number;
}

/** A good token: whom it names, and what signing it out needs. */
export interface VerifiedToken extends TokenSubject {
  /**
   * The token's own id: its `jti`, or for a token issued before tokens had one, a digest of
   * the token itself. A revoked token is listed by it.
   */
  tokenId: string;
  /** When the token expires (ms since 1970): a revocation is kept until then. */
  expiresAt: number;
}

export interface TokenService {
  issue(subject: TokenSubject): string;
  /** Whom the token names, or undefined when it is bad or expired. */
  verify(token: string): VerifiedToken | undefined;
}

const TOKEN_LIFETIME_MS = 7 * 24 * 3600 * 1000;
const USER_ID = /^[1-9]\d{0,9}$/;
/** Tokens whose verification is remembered; a learner sends the same one on every request. */
const VERIFIED_TOKENS = 10_000;

const TOKEN_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** HS256 bearer tokens; any process holding the same secret accepts them. */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: TOKEN_LIFETIME_MS });
  // Every token this service issues expires: one without `exp` was not made here.
  const check = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'exp'],
  });
  // A good token's subject and expiry by its text: checking the signature again (and fast-jwt's
  // own cache, which hashes the token) cost more than the rest of a cached read.
  const verified = new BoundedMap<string, VerifiedToken>(VERIFIED_TOKENS);

  function checked(token: string): VerifiedToken | undefined {
    try {
      const {
        sub,
        exp,
        rev = 0,
        jti,
      } = check(token) as { sub?: unknown; exp?: unknown; rev?: unknown; jti?: unknown };
      // The id as issued, decimal digits in a string; not `true`, `[1]` or '0x1'.
      if (typeof sub !== 'string' || !USER_ID.test(sub) || typeof exp !== 'number')
        return undefined;
      if (typeof rev !== 'number' || !Number.isSafeInteger(rev) || rev < 0) return undefined;
      if (jti !== undefined && (typeof jti !== 'string' || !TOKEN_ID.test(jti))) return undefined;
      return {
        userId: Number(sub),
        sessionRevision: rev,
        // A token from before ids were issued is still signed out by a name of its own.
        tokenId: jti ?? createHash('sha256').update(token).digest('base64url'),
        expiresAt: exp * 1000,
      };
    } catch {
      return undefined;
    }
  }

  return {
    issue: ({ userId, sessionRevision }) =>
      sign({
        sub: String(userId),
        rev: sessionRevision,
        jti: randomBytes(16).toString('base64url'),
      }),
    verify(token) {
      let known = verified.get(token);
      if (!known) {
        known = checked(token);
        if (!known) return undefined;
        verified.set(token, known);
      }
      if (now() < known.expiresAt) return known;
      verified.delete(token);
      return undefined;
    },
  };
}
