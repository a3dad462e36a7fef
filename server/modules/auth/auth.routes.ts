import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { verifiedToken } from '../../http/authenticate';
import {
  AccountDeactivatedError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  HttpError,
  UnauthorizedError,
  ValidationError,
} from '../../http/errors';
import { type OperationHandlers, requireCaller } from '../../http/operations';
import { hashNewPassword, hashPassword, verifyPassword } from '../../http/passwords';
import { readSetting } from '../settings/settings.defaults';
import { toUser } from '../users/users.model';
import { createUsersRepository } from '../users/users.repository';
import { createRevokedTokensRepository } from './revoked-tokens.repository';
import { trimText } from '../../http/text-characters';
import { text } from '../../i18n/text';
import { courseMove, newUserCourse } from '../users/user-course';

export type AuthOperations =
  | 'login'
  | 'register'
  | 'getCurrentUser'
  | 'updateProfile'
  | 'changePassword'
  | 'logout'
  | 'logoutAll'
  | 'deleteOwnAccount';

// Verifying against a real hash when the user does not exist keeps the timing the same.
const DUMMY_HASH = hashPassword('not-a-real-password');

/** Handlers of the auth and profile operations. */
export function createAuthHandlers(deps: AppDeps): Pick<OperationHandlers, AuthOperations> {
  const users = createUsersRepository(deps.db);
  const revoked = createRevokedTokensRepository(deps.db);
  const tokenFor = (user: Pick<UserRow, 'id' | 'session_revision'>) =>
    deps.tokens.issue({ userId: user.id, sessionRevision: Number(user.session_revision ?? 0) });

  return {
    async login({ body }) {
      const user = await users.byLogin(trimText(body.username));
      const valid = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), body.password);
      if (!user || !valid) throw new UnauthorizedError(text('badCredentials'));
      if (!user.is_active) throw new AccountDeactivatedError(403);
      const updated = await users.update(user.id, { last_login: deps.now().toISOString() });
      return {
        access_token: tokenFor(updated ?? user),
        token_type: 'bearer',
        user: toUser(updated ?? user),
      };
    },

    async register({ body }) {
      if ((await readSetting(deps, 'registration_open')) === 'false') {
        throw new ForbiddenError(text('registrationClosed'));
      }
      const username = trimText(body.username);
      const email = trimText(body.email);
      const firstName = trimText(body.first_name);
      const lastName = trimText(body.last_name);
      if (firstName === '') throw new ValidationError(text('firstNameEmpty'));
      if (lastName === '') throw new ValidationError(text('lastNameEmpty'));
      const course = await newUserCourse(deps.bank, body.course_id);
      await users.assertAvailable(username, email);
      const now = deps.now().toISOString();
      const user = await users.insert({
        username,
        email,
        password_hash: await hashNewPassword(body.password, 'password'),
        first_name: firstName,
        last_name: lastName,
        is_admin: 0,
        is_active: 1,
        created_at: now,
        last_login: now,
        ...course,
      });
      return { access_token: tokenFor(user), token_type: 'bearer', user: toUser(user) };
    },

    async getCurrentUser({ caller }) {
      const user = await users.byId(requireCaller(caller).id);
      if (!user) throw new UnauthorizedError();
      return toUser(user);
    },

    async updateProfile({ caller, body }) {
      const { id } = requireCaller(caller);
      const username = trimText(body.username);
      const email = trimText(body.email);
      const move = await courseMove(deps.bank, body.course_id);
      await users.assertAvailable(username, email, id);
      const user = await users.update(id, {
        username,
        email,
        first_name: trimText(body.first_name),
        last_name: trimText(body.last_name),
        ...move,
        ...(body.content_language === undefined ? {} : { content_language: body.content_language }),
      });
      if (!user) throw new UnauthorizedError();
      return toUser(user);
    },

    async changePassword({ caller, body }) {
      const user = await users.byId(requireCaller(caller).id);
      if (!user) throw new UnauthorizedError();
      if (!(await verifyPassword(user.password_hash, body.current_password))) {
        throw new BadRequestError(text('wrongCurrentPassword'));
      }
      // Nothing would change but every other session ending: surely not what was meant.
      if (body.new_password === body.current_password) {
        throw new ValidationError(text('passwordUnchanged'), { field: 'new_password' });
      }
      // Every other session ends with the old password; this one goes on with a new token.
      const changed = await users.update(user.id, {
        password_hash: await hashNewPassword(body.new_password, 'new_password'),
      });
      if (!changed) throw new UnauthorizedError();
      return {
        message: 'Password changed successfully',
        access_token: tokenFor(changed),
        token_type: 'bearer',
      };
    },

    async logout({ request, caller }) {
      const { id } = requireCaller(caller);
      // The caller was read from this very token, so it verifies.
      const token = verifiedToken(deps, request);
      if (!token) throw new UnauthorizedError();
      await revoked.revoke(
        { tokenId: token.tokenId, userId: id, expiresAt: new Date(token.expiresAt) },
        deps.now(),
      );
      return { message: 'Signed out' };
    },

    async logoutAll({ caller }) {
      if (!(await users.endSessions(requireCaller(caller).id))) throw new UnauthorizedError();
      return { message: 'Signed out everywhere' };
    },

    async deleteOwnAccount({ caller, body }) {
      const me = requireCaller(caller);
      const user = await users.byId(me.id);
      if (!user) throw new UnauthorizedError();
      if (!(await verifyPassword(user.password_hash, body.password))) {
        throw new HttpError(400, text('wrongPasswordConfirmation'), { field: 'password' });
      }
      await deps.db.transaction().execute(async (trx) => {
        const inTransaction = createUsersRepository(trx);
        if (user.is_admin && user.is_active) {
          // Locked, so two last administrators leaving at once cannot both go (PostgreSQL;
          // SQLite runs one writing transaction at a time anyway).
          const admins = await inTransaction.lockActiveAdmins(deps.database.dialect);
          if (admins <= 1) throw new ConflictError(text('lastAdminCannotLeave'));
        }
        // Results, sessions and answer memory go with the user (their foreign keys cascade).
        await inTransaction.delete(user.id);
        if (user.is_admin) {
          await deps.audit.record(me, { action: 'user.delete', username: user.username }, trx);
        }
      });
      return { message: 'Account deleted' };
    },
  };
}
