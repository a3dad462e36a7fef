import { type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../../db/data-errors';
import { ConflictError } from '../../http/errors';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { text } from '../../i18n/text';
import { whereUnchanged } from '../../db/unchanged';
import { USER_FIELDS } from './users.model';

const taken = (clash: 'username' | 'email') =>
  new ConflictError(text(clash === 'email' ? 'emailTaken' : 'usernameTaken'), {
    field: clash,
  });

/** Data access for users; accepts a transaction too. */
export function createUsersRepository(db: Kysely<Database>) {
  /**
   * A write that lost a race for a username or e-mail (both requests passed assertAvailable)
   * fails as that check would have, with 409; any other error is passed on.
   */
  const orTaken = async <T>(write: Promise<T>, user: UserUpdate, exceptId?: number) => {
    try {
      return await write;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const clash = await repository.clash(user.username ?? '', user.email ?? '', exceptId);
      throw clash ? taken(clash) : error;
    }
  };

  const repository = {
    byId: (id: number) =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** By username or e-mail, whatever the case. */
    byLogin: (login: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['username']), '=', login.toLowerCase()),
            eb(eb.fn('lower', ['email']), '=', login.toLowerCase()),
          ]),
        )
        .orderBy('id')
        .executeTakeFirst(),

    /**
     * The first user other than `exceptId` holding this username or e-mail, in either column:
     * both sign in, so a username that is someone's e-mail would sign in as them.
     */
    async clash(username: string, email: string, exceptId?: number) {
      const names = [username.toLowerCase(), email.toLowerCase()];
      let query = db
        .selectFrom('users')
        .select(['username', 'email'])
        .where((eb) =>
          eb.or([
            eb(eb.fn('lower', ['username']), 'in', names),
            eb(eb.fn('lower', ['email']), 'in', names),
          ]),
        );
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      const row = await query.executeTakeFirst();
      if (!row) return undefined;
      const held = [row.username.toLowerCase(), row.email.toLowerCase()];
      return held.includes(names[0] as string) ? 'username' : 'email';
    },

    /** Throws 409 when another user holds this username or e-mail. */
    async assertAvailable(username: string, email: string, exceptId?: number) {
      const clash = await this.clash(username, email, exceptId);
      if (clash) throw taken(clash);
    },

    list(filter: { search?: string | undefined; role?: 'all' | 'admin' | 'user' | undefined }) {
      let query = db.selectFrom('users').selectAll();
      if (filter.search) {
        const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          sql<boolean>`(lower(username) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\' or lower(first_name || ' ' || last_name) like ${pattern} escape '\\')`,
        );
      }
      if (filter.role === 'admin') query = query.where('is_admin', '=', 1);
      if (filter.role === 'user') query = query.where('is_admin', '=', 0);
      return query.orderBy('id').execute();
    },

    insert: (user: NewUser): Promise<UserRow> =>
      orTaken(db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(), user),

    /**
     * A new password also moves the session revision: the user's older tokens stop working.
     * Undefined when the user is gone, or (given `unchanged`) no longer has those fields.
     */
    update: (
      id: number,
      changes: UserUpdate,
      unchanged?: Pick<UserRow, (typeof USER_FIELDS)[number]>,
    ) =>
      orTaken(
        whereUnchanged(
          db
            .updateTable('users')
            .set(
              changes.password_hash === undefined
                ? changes
                : { ...changes, session_revision: sql<number>`coalesce(session_revision, 0) + 1` },
            )
            .where('id', '=', id),
          USER_FIELDS,
          unchanged,
        )
          .returningAll()
          .executeTakeFirst(),
        changes,
        id,
      ),

    delete: async (id: number) =>
      (await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,

    countActiveAdmins: async () =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('is_admin', '=', 1)
            .where('is_active', '=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
  return repository;
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
