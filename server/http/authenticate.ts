import type { FastifyReply, FastifyRequest } from 'fastify';
import { isContentLanguage } from '../../domain/question-languages';
import { BoundedMap } from '../bounded-map';
import { precompiled } from '../db/precompiled';
import { REVISION_COLUMNS, type Revisions, revisionsOf } from '../db/revisions';
import type { AppDeps } from '../deps';
import type { Access } from './contract';
import { AccountDeactivatedError, ForbiddenError, UnauthorizedError } from './errors';
import type { Caller } from './operations';
import type { VerifiedToken } from './tokens';
import { text } from '../i18n/text';

/** A signed-in request's caller, and the cached sets' revisions read in the same statement. */
export interface CallerRead {
  caller: Caller;
  revisions: Revisions;
}

/** An active user as read for a request, with the session revision their tokens must carry. */
interface UserRead extends CallerRead {
  sessionRevision: number;
}

/**
 * A token of an account deactivated since it was issued: refused as such, so the app can say
 * why the session ended.
 */
const DEACTIVATED = 'deactivated';
type Deactivated = typeof DEACTIVATED;

/** Callers whose read this process keeps (only where it is the database's only writer). */
const KNOWN_CALLERS = 10_000;

/**
 * Resolves a request's bearer token to an active user, `deactivated` when the token's account
 * is deactivated, or undefined. The user is read again whenever the database may have changed
 * since: a deactivated or demoted user loses access at once, in every process, and so does a
 * token issued before the user's latest password or sign-out everywhere, or one signed out by
 * itself. Where this process is the only writer
 * (SQLite), that is when it has written anything since the last read; elsewhere (PostgreSQL),
 * on every request.
 */
export function callerReader(deps: Pick<AppDeps, 'db' | 'tokens' | 'database'>) {
  const userById = precompiled(deps.db, () =>
    deps.db
      .selectFrom('users')
      .select([
        'id',
        'username',
        'is_admin',
        'is_active',
        'activity_revision',
        'session_revision',
        'course_id',
        'content_language',
        ...REVISION_COLUMNS,
        // Whether the token was signed out: its id is the first parameter, the user's the second.
        (eb) =>
          eb
            .exists(eb.selectFrom('revoked_tokens').select('token_id').where('token_id', '=', ''))
            .as('revoked'),
      ])
      .where('id', '=', 0),
  );
  async function read(
    userId: number,
    tokenId: string,
  ): Promise<UserRead | Deactivated | undefined> {
    const [user] = await userById(tokenId, userId);
    // A signed-out token reads as no user at all (SQLite's exists is 0 or 1, PostgreSQL's a boolean).
    if (!user || Number(user.revoked) !== 0) return undefined;
    // Whatever its session revision (deactivating moves it): the account is what refuses.
    if (!user.is_active) return DEACTIVATED;
    return {
      caller: {
        id: user.id,
        username: user.username,
        isAdmin: Boolean(user.is_admin),
        activity: Number(user.activity_revision ?? 0),
        courseId: Number(user.course_id),
        contentLanguage: isContentLanguage(user.content_language) ? user.content_language : null,
      },
      revisions: revisionsOf(user),
      sessionRevision: Number(user.session_revision ?? 0),
    };
  }
  const { ownWrites } = deps.database;
  // By token: whether it was signed out is the token's own, the rest its user's.
  const known = new BoundedMap<
    string,
    { read: UserRead | Deactivated | undefined; writes: number }
  >(KNOWN_CALLERS);
  async function readSinceWrites(
    userId: number,
    tokenId: string,
  ): Promise<UserRead | Deactivated | undefined> {
    if (!ownWrites) return read(userId, tokenId);
    // Counted before reading: a write landing while the read waits makes the entry stale.
    const writes = ownWrites();
    const kept = known.get(tokenId);
    if (kept?.writes === writes) return kept.read;
    const fresh = await read(userId, tokenId);
    known.set(tokenId, { read: fresh, writes });
    return fresh;
  }

  return async (request: FastifyRequest): Promise<CallerRead | Deactivated | undefined> => {
    const subject = verifiedToken(deps, request);
    if (!subject) return undefined;
    const read = await readSinceWrites(subject.userId, subject.tokenId);
    if (read === DEACTIVATED) return read;
    if (read?.sessionRevision !== subject.sessionRevision) return undefined;
    return read;
  };
}

/** The request's bearer token, checked (signature and expiry only), or undefined. */
export function verifiedToken(
  deps: Pick<AppDeps, 'tokens'>,
  request: FastifyRequest,
): VerifiedToken | undefined {
  const match = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ? deps.tokens.verify(match[1]) : undefined;
}

/**
 * An onRequest hook enforcing the operation's security from the contract: it runs before
 * the body is read, so a guest gets 401 and a learner 403 whatever they send.
 */
export function authenticate(readCaller: ReturnType<typeof callerReader>, access: Access) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (access === 'public') return;
    const read = await readCaller(request);
    const signedIn = read === DEACTIVATED ? undefined : read;
    const caller = signedIn?.caller;
    request.caller = caller ?? null;
    request.revisions = signedIn?.revisions ?? null;
    if (access === 'optional') return;
    if (read === DEACTIVATED) throw new AccountDeactivatedError(401);
    if (!caller)
      throw new UnauthorizedError(
        text(request.headers.authorization ? 'invalidToken' : 'notAuthenticated'),
      );
    if (access === 'admin' && !caller.isAdmin) throw new ForbiddenError();
  };
}
