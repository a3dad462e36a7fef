import { type Kysely, sql } from 'kysely';
import { isUniqueViolation } from '../../db/data-errors';
import { ConflictError } from '../../http/errors';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema';
import { text } from '../../i18n/text';
import { whereUnchanged } from '../../db/unchanged';
import { USER_FIELDS } from './users.model';

type AccountName = 'username' | 'email';

/** 409 naming every field whose value another user holds (username first). */
const taken = (clashes: readonly AccountName[]) => {
  const both = clashes.length > 1;
  const detail = both
    ? text('usernameAndEmailTaken')
    : text(clashes[0] === 'email' ? 'emailTaken' : 'usernameTaken');
  return new ConflictError(detail, {
    field: clashes[0] ?? 'username',
    ...(both ? { fields: [...clashes] } : {}),
  });
};

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
      const clashes = await repository.clashes(user.username ?? '', user.email ?? '', exceptId);
      throw clashes.length > 0 ? taken(clashes) : error;
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
     * Which of this username and e-mail another user than `exceptId` holds, in either column
     * (both sign in, so a username that is someone's e-mail would sign in as them): none, one
     * or both, username first.
     */
    async clashes(username: string, email: string, exceptId?: number): Promise<AccountName[]> {
      const wanted: Record<AccountName, string> = {
        username: username.toLowerCase(),
        email: email.toLowerCase(),
      };
      const names = Object.values(wanted);
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
      // Each name is unique in its column: at most four users hold one of the two.
      const held = new Set(
        (await query.limit(4).execute()).flatMap((row) => [
          row.username.toLowerCase(),
          row.email.toLowerCase(),
        ]),
      );
      return (['username', 'email'] as const).filter((name) => held.has(wanted[name]));
    },

    /** Throws 409 when another user holds this username or e-mail. */
    async assertAvailable(username: string, email: string, exceptId?: number) {
      const clashes = await this.clashes(username, email, exceptId);
      if (clashes.length > 0) throw taken(clashes);
    },

    list(filter: { search?: string | undefined; role?: 'all' | 'admin' | 'user' | undefined }) {
      let query = db.selectFrom('users').selectAll();
      if (filter.search) {
        const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where(
          // The name given name first, and family name first as Chinese and Korean names are
          // written (王明, and the list shows it so) and many lists write others (Петрова Анна).
          sql<boolean>`(lower(username) like ${pattern} escape '\\' or lower(email) like ${pattern} escape '\\' or lower(first_name || ' ' || last_name) like ${pattern} escape '\\' or lower(last_name || ' ' || first_name) like ${pattern} escape '\\' or lower(last_name || first_name) like ${pattern} escape '\\')`,
        );
      }
      if (filter.role === 'admin') query = query.where('is_admin', '=', 1);
      if (filter.role === 'user') query = query.where('is_admin', '=', 0);
      return query.orderBy('id').execute();
    },

    insert: (user: NewUser): Promise<UserRow> =>
      orTaken(db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(), user),

    /**
     * A new password, or a deactivation, also moves the session revision: the user's older
     * tokens stop working, and a reactivation does not bring them back. Undefined when the
     * user is gone, or (given `unchanged`) no longer has those fields.
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
              changes.password_hash === undefined && changes.is_active !== 0
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

    /** Ends every token issued to the user so far; false when the user is gone. */
    endSessions: async (id: number) =>
      (
        await db
          .updateTable('users')
          .set({ session_revision: sql<number>`coalesce(session_revision, 0) + 1` })
          .where('id', '=', id)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    delete: async (id: number) =>
      (await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()).numDeletedRows > 0n,

    /**
     * How many active administrators there are, their rows locked until the transaction ends
     * on PostgreSQL, so a concurrent check waits for this one's outcome.
     */
    lockActiveAdmins: async (dialect: 'sqlite' | 'postgres') => {
      const query = db
        .selectFrom('users')
        .select('id')
        .where('is_admin', '=', 1)
        .where('is_active', '=', 1);
      return (await (dialect === 'postgres' ? query.forUpdate() : query).execute()).length;
    },

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
