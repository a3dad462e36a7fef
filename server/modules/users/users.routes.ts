import type { AuditEvent } from '../../audit-events';
import type { UserRow } from '../../db/schema';
import type { AppDeps } from '../../deps';
import { assertIfMatch, ifMatchOf, tagReply } from '../../http/entity-tags';
import { ConflictError, NotFoundError, PreconditionFailedError } from '../../http/errors';
import type { OperationHandlers } from '../../http/operations';
import { hashNewPassword } from '../../http/passwords';
import { toUser, userTagOf } from './users.model';
import { createUsersRepository } from './users.repository';
import { courseMove, newUserCourse } from './user-course';
import { trimText } from '../../http/text-characters';
import { text } from '../../i18n/text';

/** The fields of a user other than the role, the access and the password. */
const PROFILE_FIELDS = ['username', 'email', 'first_name', 'last_name', 'course_id'] as const;

/**
 * The audit entries of a change to a user, from the stored row before and after it: one per kind
 * of change that happened, in a fixed order (administrator rights, access, password, the other
 * fields); none when nothing changed. They name the user, never the password.
 */
export function userChangeEvents(before: UserRow, after: UserRow): AuditEvent[] {
  const { username } = after;
  const events: AuditEvent[] = [];
  if (Boolean(before.is_admin) !== Boolean(after.is_admin)) {
    events.push({ action: after.is_admin ? 'user.promote' : 'user.demote', username });
  }
  if (Boolean(before.is_active) !== Boolean(after.is_active)) {
    events.push({ action: after.is_active ? 'user.activate' : 'user.deactivate', username });
  }
  // Each new hash has its own salt: a password set again, even the same one, is a reset.
  if (before.password_hash !== after.password_hash) {
    events.push({ action: 'user.password_reset', username });
  }
  if (PROFILE_FIELDS.some((field) => before[field] !== after[field])) {
    events.push({ action: 'user.update', username });
  }
  return events;
}

export type UserOperations = 'listUsers' | 'createUser' | 'getUser' | 'updateUser' | 'deleteUser';

/** Handlers of the user-administration operations. */
export function createUserHandlers(deps: AppDeps): Pick<OperationHandlers, UserOperations> {
  const users = createUsersRepository(deps.db);

  return {
    async listUsers({ query }) {
      return (
        await users.list({
          search: query.search === undefined ? undefined : trimText(query.search),
          role: query.role,
        })
      ).map(toUser);
    },

    async createUser({ body, caller }) {
      const username = trimText(body.username);
      const email = trimText(body.email);
      const course = await newUserCourse(deps.bank, body.course_id);
      await users.assertAvailable(username, email);
      const user = await users.insert({
        username,
        email,
        password_hash: await hashNewPassword(body.password, 'password'),
        first_name: trimText(body.first_name ?? ''),
        last_name: trimText(body.last_name ?? ''),
        is_admin: body.is_admin ? 1 : 0,
        is_active: body.is_active === false ? 0 : 1,
        created_at: deps.now().toISOString(),
        last_login: null,
        ...course,
      });
      await deps.audit.record(caller, { action: 'user.create', username: user.username });
      return toUser(user);
    },

    async getUser({ params, reply }) {
      const row = await users.byId(params.id);
      if (!row) throw new NotFoundError(text('userNotFound'));
      tagReply(reply, userTagOf(row));
      return toUser(row);
    },

    async updateUser({ params, body, caller, request, reply }) {
      const existing = await users.byId(params.id);
      if (!existing) throw new NotFoundError(text('userNotFound'));
      const self = caller?.id === existing.id;
      const losesAdmin =
        Boolean(existing.is_admin) &&
        existing.is_active === 1 &&
        (body.is_admin === false || body.is_active === false);
      if (self && losesAdmin) {
        throw new ConflictError(text('cannotDemoteSelf'));
      }
      if (losesAdmin && (await users.countActiveAdmins()) <= 1) {
        throw new ConflictError(text('lastAdminDemoted'));
      }
      const username = body.username === undefined ? existing.username : trimText(body.username);
      const email = body.email === undefined ? existing.email : trimText(body.email);
      // Moved as the learner moves themselves on the profile: the same check, the same write.
      const move = await courseMove(deps.bank, body.course_id);
      await users.assertAvailable(username, email, existing.id);
      const changed = text('userChanged');
      assertIfMatch(request, userTagOf(existing), changed);
      // Checked again as it is written: another save may have come in since it was read.
      const updated = await users.update(
        existing.id,
        {
          username,
          email,
          ...(body.first_name !== undefined ? { first_name: trimText(body.first_name) } : {}),
          ...(body.last_name !== undefined ? { last_name: trimText(body.last_name) } : {}),
          ...(body.is_admin !== undefined ? { is_admin: body.is_admin ? 1 : 0 } : {}),
          ...(body.is_active !== undefined ? { is_active: body.is_active ? 1 : 0 } : {}),
          ...move,
          ...(body.password !== undefined
            ? { password_hash: await hashNewPassword(body.password, 'password') }
            : {}),
        },
        ifMatchOf(request) === undefined ? undefined : existing,
      );
      if (!updated) {
        if (await users.byId(existing.id)) throw new PreconditionFailedError(changed);
        throw new NotFoundError(text('userNotFound'));
      }
      const events = userChangeEvents(existing, updated);
      if (events.length > 0) {
        // Written together: a log with half of one save's entries would tell less than it did.
        await deps.db.transaction().execute(async (trx) => {
          for (const event of events) await deps.audit.record(caller, event, trx);
        });
      }
      tagReply(reply, userTagOf(updated));
      return toUser(updated);
    },

    async deleteUser({ params, caller }) {
      const existing = await users.byId(params.id);
      if (!existing) throw new NotFoundError(text('userNotFound'));
      if (caller?.id === existing.id) throw new ConflictError(text('cannotDeleteSelf'));
      if (existing.is_admin && existing.is_active && (await users.countActiveAdmins()) <= 1) {
        throw new ConflictError(text('lastAdminDeleted'));
      }
      await users.delete(existing.id);
      await deps.audit.record(caller, { action: 'user.delete', username: existing.username });
      return { message: 'User deleted successfully' };
    },
  };
}
