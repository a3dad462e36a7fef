import type { FastifyReply, FastifyRequest } from 'fastify';
import { precompiled } from '../db/precompiled';
import { REVISION_COLUMNS, type Revisions, revisionsOf } from '../db/revisions';
import type { AppDeps } from '../deps';
import type { Access } from './contract';
import { ForbiddenError, UnauthorizedError } from './errors';
import type { Caller } from './operations';

/** A signed-in request's caller, and the cached sets' revisions read in the same statement. */
export interface CallerRead {
  caller: Caller;
  revisions: Revisions;
}

/**
 * Resolves a request's bearer token to an active user, or undefined. The user is read on every
 * request, never kept: a deactivated or demoted user loses access at once, in every process.
 */
export function callerReader(deps: Pick<AppDeps, 'db' | 'tokens'>) {
  const userById = precompiled(deps.db, () =>
    deps.db
      .selectFrom('users')
      .select(['id', 'username', 'is_admin', 'is_active', 'activity_revision', ...REVISION_COLUMNS])
      .where('id', '=', 0),
  );
  return async (request: FastifyRequest): Promise<CallerRead | undefined> => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return undefined;
    const userId = deps.tokens.verify(match[1]);
    if (userId === undefined) return undefined;
    const [user] = await userById(userId);
    if (!user || !user.is_active) return undefined;
    return {
      caller: {
        id: user.id,
        username: user.username,
        isAdmin: Boolean(user.is_admin),
        activity: Number(user.activity_revision ?? 0),
      },
      revisions: revisionsOf(user),
    };
  };
}

/**
 * An onRequest hook enforcing the operation's security from the contract: it runs before
 * the body is read, so a guest gets 401 and a learner 403 whatever they send.
 */
export function authenticate(readCaller: ReturnType<typeof callerReader>, access: Access) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (access === 'public') return;
    const read = await readCaller(request);
    const caller = read?.caller;
    request.caller = caller ?? null;
    request.revisions = read?.revisions ?? null;
    if (access === 'optional') return;
    if (!caller)
      throw new UnauthorizedError(
        request.headers.authorization ? 'Invalid or expired token' : 'Not authenticated',
      );
    if (access === 'admin' && !caller.isAdmin) throw new ForbiddenError();
  };
}
